/// One request as the server read it: its head checked against HTTP/1.1's grammar and the limits, its body
/// whole (a chunked one decoded).
public struct ServerRequest: Sendable, Hashable {
    /// The method, such as `GET`: a token, in the case the client wrote it.
    public var method: String
    /// The request target as sent: the path and the query, still percent-encoded.
    public var target: String
    /// The HTTP version: `1.0` or `1.1`.
    public var version: HTTPVersion
    /// The header fields.
    public var headers: HeaderFields
    /// The body; empty when there is none.
    public var body: [UInt8]
    /// The client's address and port, such as `127.0.0.1:52100`.
    public var remoteAddress: String

    /// Creates a request.
    /// - Parameters:
    ///   - method: the method.
    ///   - target: the request target.
    ///   - version: the version.
    ///   - headers: the header fields.
    ///   - body: the body.
    ///   - remoteAddress: the client's address.
    public init(
        method: String, target: String, version: HTTPVersion = .http11, headers: HeaderFields = [:],
        body: [UInt8] = [], remoteAddress: String = ""
    ) {
        self.method = method
        self.target = target
        self.version = version
        self.headers = headers
        self.body = body
        self.remoteAddress = remoteAddress
    }

    /// The target's path, still percent-encoded: everything before `?`; for a target in absolute form
    /// (`http://host/path`), the path part.
    public var path: String {
        var path = Substring(target)
        if !path.hasPrefix("/"), let colon = path.firstIndex(of: ":"),
            path[colon...].hasPrefix("://")
        {
            let rest = path[path.index(colon, offsetBy: 3)...]
            path = rest.firstIndex(of: "/").map { rest[$0...] } ?? "/"
        }
        if let query = path.firstIndex(of: "?") { path = path[..<query] }
        return String(path)
    }

    /// The query, still percent-encoded: everything after the first `?`, or `nil` when there is none.
    public var query: String? {
        guard let mark = target.firstIndex(of: "?") else { return nil }
        return String(target[target.index(after: mark)...])
    }

    /// The query's `name=value` pairs, in order, percent-decoded (`+` as a space, as forms write it); a pair
    /// that cannot be decoded keeps its text as written. A name without `=` has an empty value.
    public var queryItems: [(name: String, value: String)] {
        guard let query else { return [] }
        return query.split(separator: "&", omittingEmptySubsequences: true).map { pair in
            let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            let value = parts.count > 1 ? parts[1] : ""
            return (Self.decoded(parts[0]), Self.decoded(value))
        }
    }

    /// Whether the client asked to close the connection after this request, or did not ask to keep it open
    /// (HTTP/1.0).
    public var wantsClose: Bool {
        let options = headers.elements("Connection").map { $0.lowercased() }
        switch version {
        case .http10: return !options.contains("keep-alive")
        case .http11: return options.contains("close")
        }
    }

    /// Percent-decodes a query part; `+` is a space. Text that does not decode to UTF-8 is kept as written.
    static func decoded(_ text: Substring) -> String {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(text.utf8.count)
        var iterator = Array(text.utf8)[...]
        while let byte = iterator.popFirst() {
            switch byte {
            case UInt8(ascii: "+"):
                bytes.append(ASCII.space)
            case UInt8(ascii: "%"):
                guard iterator.count >= 2, let high = ASCII.hexValue(iterator[iterator.startIndex]),
                    let low = ASCII.hexValue(iterator[iterator.startIndex + 1])
                else {
                    bytes.append(byte)
                    continue
                }
                bytes.append(UInt8(high << 4 | low))
                iterator = iterator.dropFirst(2)
            default:
                bytes.append(byte)
            }
        }
        let decoded = String(decoding: bytes, as: UTF8.self)
        // Bytes that are not UTF-8 come back as replacement characters, and so differ from what was sent.
        return Array(decoded.utf8) == bytes ? decoded : String(text)
    }
}

/// The HTTP versions the server speaks.
public enum HTTPVersion: String, Sendable, Hashable {
    /// HTTP/1.0: a connection closes after each response unless the client asks to keep it.
    case http10 = "HTTP/1.0"
    /// HTTP/1.1: a connection stays open unless either side says `Connection: close`.
    case http11 = "HTTP/1.1"
}
