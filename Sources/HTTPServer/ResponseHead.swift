#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// Writes a response's status line and header fields, with the framing the server chose.
///
/// Fields the server owns (`Content-Length`, `Transfer-Encoding`, `Connection`, `Date`) are dropped from the
/// application's and written once. A field whose name is not a token is dropped, and a control character in
/// a value becomes a space: nothing a response holds can split it or add a field.
enum ResponseHead {
    /// How the body after the head is framed.
    enum Framing {
        /// A body of this many bytes.
        case length(Int)
        /// A chunked body.
        case chunked
        /// A body that ends with the connection.
        case untilClose
        /// No body and no length: a 1xx, 204 or 304 response.
        case none
    }

    private static let owned: Set<String> = ["content-length", "transfer-encoding", "connection", "date"]

    /// The head's bytes.
    /// - Parameters:
    ///   - status: the status code.
    ///   - headers: the application's fields.
    ///   - framing: how the body is framed.
    ///   - close: whether the connection closes after the response.
    ///   - keepAliveForHTTP10: whether to say `Connection: keep-alive` to an HTTP/1.0 client that asked for it.
    /// - Returns: the head, ending with the empty line.
    static func bytes(
        status: Int, headers: HeaderFields, framing: Framing, close: Bool, keepAliveForHTTP10: Bool = false
    ) -> [UInt8] {
        var text = "HTTP/1.1 \(status) \(reason(status))\r\nDate: \(httpDate())\r\n"
        for field in headers where !owned.contains(field.name.lowercased()) {
            guard !field.name.isEmpty, field.name.utf8.allSatisfy(ASCII.isTokenCharacter) else { continue }
            text += field.name + ": " + cleaned(field.value) + "\r\n"
        }
        switch framing {
        case .length(let count): text += "Content-Length: \(count)\r\n"
        case .chunked: text += "Transfer-Encoding: chunked\r\n"
        case .untilClose, .none: break
        }
        if close {
            text += "Connection: close\r\n"
        } else if keepAliveForHTTP10 {
            text += "Connection: keep-alive\r\n"
        }
        return Array((text + "\r\n").utf8)
    }

    /// A value with every control character made a space.
    private static func cleaned(_ value: String) -> String {
        guard value.utf8.contains(where: { !ASCII.isFieldValueCharacter($0) }) else { return value }
        return String(decoding: value.utf8.map { ASCII.isFieldValueCharacter($0) ? $0 : ASCII.space }, as: UTF8.self)
    }

    /// The current time as HTTP writes it: `Sun, 06 Nov 1994 08:49:37 GMT`.
    static func httpDate() -> String {
        var now = time(nil)
        var parts = tm()
        gmtime_r(&now, &parts)
        let days = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"]
        let months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]
        func two(_ value: Int32) -> String { value < 10 ? "0\(value)" : "\(value)" }
        return "\(days[Int(parts.tm_wday) % 7]), \(two(parts.tm_mday)) \(months[Int(parts.tm_mon) % 12]) "
            + "\(parts.tm_year + 1900) \(two(parts.tm_hour)):\(two(parts.tm_min)):\(two(parts.tm_sec)) GMT"
    }

    /// The reason phrase of a status.
    static func reason(_ status: Int) -> String {
        switch status {
        case 100: "Continue"
        case 200: "OK"
        case 201: "Created"
        case 202: "Accepted"
        case 204: "No Content"
        case 301: "Moved Permanently"
        case 304: "Not Modified"
        case 400: "Bad Request"
        case 401: "Unauthorized"
        case 403: "Forbidden"
        case 404: "Not Found"
        case 405: "Method Not Allowed"
        case 406: "Not Acceptable"
        case 408: "Request Timeout"
        case 409: "Conflict"
        case 411: "Length Required"
        case 413: "Content Too Large"
        case 414: "URI Too Long"
        case 415: "Unsupported Media Type"
        case 417: "Expectation Failed"
        case 429: "Too Many Requests"
        case 431: "Request Header Fields Too Large"
        case 500: "Internal Server Error"
        case 501: "Not Implemented"
        case 502: "Bad Gateway"
        case 503: "Service Unavailable"
        case 504: "Gateway Timeout"
        case 505: "HTTP Version Not Supported"
        default: "Status \(status)"
        }
    }
}
