/// Reads HTTP/1.1 requests from the bytes a connection has received so far, one request at a time, as they
/// arrive: call ``parse(_:)`` again when more bytes come, and ``reset()`` after each request.
///
/// Rules (RFC 9112, strictly, so that no request is read two ways):
/// - Lines end with CR LF; a bare LF or a bare CR is a bad request, and so is a header line folded onto
///   the one before (obsolete line folding). Empty lines before the request line are skipped.
/// - The request line is `METHOD SP target SP HTTP/1.x`, single spaces, a token for the method and visible
///   characters for the target, which starts with `/` (or is `*`, or an absolute `http(s)://` URL). Another
///   HTTP version is `505`.
/// - A field name is a token with the colon right after it; a value holds no control character.
///   HTTP/1.1 needs exactly one `Host`.
/// - The body is framed by `Transfer-Encoding: chunked` (the only coding read; others are `501`) or by one
///   `Content-Length` (repeated values must agree); both at once is a bad request. `Expect: 100-continue`
///   is honoured (``Outcome/needMore(sendContinue:)``); any other expectation is `417`.
/// - Every limit is checked as soon as it can be passed, before the bytes are kept: a request line over
///   ``HTTPLimits/requestLineBytes`` is `414`, headers over ``HTTPLimits/headerCount`` or
///   ``HTTPLimits/headerBytes`` are `431`, a body over ``HTTPLimits/bodyBytes`` is `413`, announced or
///   chunked.
struct RequestParser {
    /// What the bytes so far hold.
    enum Outcome: Equatable {
        /// Not a whole request yet; `sendContinue` when the client waits for `100 Continue` before it sends
        /// the body.
        case needMore(sendContinue: Bool)
        /// A whole request, which took the first `consumed` bytes.
        case request(ServerRequest, consumed: Int)
        /// A request the server will not read: answer it with the error's status and close.
        case failure(HTTPParseError)
    }

    /// The head of a request, once read.
    private struct Head {
        var method: String
        var target: String
        var version: HTTPVersion
        var headers: HeaderFields
        var framing: Framing
        var expectsContinue: Bool
        /// Where the body starts.
        var end: Int
    }

    private enum Framing {
        case none
        case length(Int)
        case chunked
    }

    private enum ChunkPhase {
        case size
        case data(remaining: Int)
        case dataEnd
        case trailers
    }

    /// The longest chunk-size line, extensions included.
    static let maxChunkLineBytes = 4096

    let limits: HTTPLimits
    let remoteAddress: String

    // Where the head's scan has got to.
    private var scanned = 0
    private var requestStart: Int?
    private var lineStart = 0
    private var requestLine: Range<Int>?
    private var fieldLines: [Range<Int>] = []
    private var head: Head?
    // Where the chunked body's decoding has got to.
    private var chunkOffset = 0
    private var chunkPhase = ChunkPhase.size
    private var trailerBytes = 0
    private var body: [UInt8] = []

    /// Creates a parser for one connection.
    /// - Parameters:
    ///   - limits: the limits.
    ///   - remoteAddress: the client's address, for the requests read.
    init(limits: HTTPLimits, remoteAddress: String) {
        self.limits = limits
        self.remoteAddress = remoteAddress
    }

    /// The method and path of the request being read, once its request line is known: for the access log
    /// of a request that fails.
    var methodAndPath: (method: String, path: String)? {
        guard let head else { return nil }
        return (head.method, ServerRequest(method: head.method, target: head.target).path)
    }

    /// Whether any byte of a request has arrived: a connection between requests has none.
    var hasStarted: Bool { requestStart != nil }

    /// Forgets the request read, to read the next one from the bytes after it.
    mutating func reset() {
        self = RequestParser(limits: limits, remoteAddress: remoteAddress)
    }

    /// Reads as much of a request as `buffer` holds.
    /// - Parameter buffer: every byte received since the last request, from its start.
    /// - Returns: what the bytes hold.
    mutating func parse(_ buffer: [UInt8]) -> Outcome {
        if head == nil {
            switch scanHead(buffer) {
            case .failure(let error): return .failure(error)
            case .success(false): return .needMore(sendContinue: false)
            case .success(true): break
            }
        }
        guard let head else { return .needMore(sendContinue: false) }
        switch head.framing {
        case .none:
            return .request(request(head, body: []), consumed: head.end)
        case .length(let length):
            guard buffer.count - head.end >= length else { return .needMore(sendContinue: head.expectsContinue) }
            return .request(
                request(head, body: Array(buffer[head.end..<(head.end + length)])), consumed: head.end + length)
        case .chunked:
            switch decodeChunks(buffer) {
            case .failure(let error): return .failure(error)
            case .success(nil): return .needMore(sendContinue: head.expectsContinue && chunkOffset == head.end)
            case .success(let end?): return .request(request(head, body: body), consumed: end)
            }
        }
    }

    private func request(_ head: Head, body: [UInt8]) -> ServerRequest {
        ServerRequest(
            method: head.method, target: head.target, version: head.version, headers: head.headers, body: body,
            remoteAddress: remoteAddress)
    }

    // MARK: - The head

    /// Scans for the end of the head, checking limits as lines arrive; `true` once the head is read.
    private mutating func scanHead(_ buffer: [UInt8]) -> Result<Bool, HTTPParseError> {
        var index = scanned
        defer { scanned = index }
        while index < buffer.count {
            let byte = buffer[index]
            if requestStart == nil {
                // Empty lines before the request line are skipped, within the request line's limit.
                if byte == ASCII.cr {
                    guard index + 1 < buffer.count else { break }
                    guard buffer[index + 1] == ASCII.lf else {
                        return .failure(HTTPParseError(400, "a line holds a bare CR; lines end with CR LF"))
                    }
                    index += 2
                    guard index <= limits.requestLineBytes else {
                        return .failure(HTTPParseError(400, "the request holds only empty lines"))
                    }
                    lineStart = index
                    continue
                }
                guard byte != ASCII.lf else {
                    return .failure(HTTPParseError(400, "a line ends with a bare LF; lines end with CR LF"))
                }
                requestStart = index
                lineStart = index
            }
            if byte == ASCII.cr {
                guard index + 1 < buffer.count else { break }
                guard buffer[index + 1] == ASCII.lf else {
                    return .failure(HTTPParseError(400, "a line holds a bare CR; lines end with CR LF"))
                }
                index += 1
                continue
            }
            guard byte == ASCII.lf else {
                index += 1
                if let error = overLimit(at: index) { return .failure(error) }
                continue
            }
            guard index > lineStart, buffer[index - 1] == ASCII.cr else {
                return .failure(HTTPParseError(400, "a line ends with a bare LF; lines end with CR LF"))
            }
            let line = lineStart..<(index - 1)
            index += 1
            lineStart = index
            if requestLine == nil {
                guard line.count <= limits.requestLineBytes else {
                    return .failure(HTTPParseError(414, "the request line is over \(limits.requestLineBytes) bytes"))
                }
                requestLine = line
            } else if line.isEmpty {
                return readHead(buffer, end: index).map { true }
            } else {
                fieldLines.append(line)
                guard fieldLines.count <= limits.headerCount else {
                    return .failure(HTTPParseError(431, "the request has over \(limits.headerCount) header fields"))
                }
            }
            if let error = overLimit(at: index) { return .failure(error) }
        }
        return .success(false)
    }

    /// The limit a head that has reached `index` without ending is over, if any.
    private func overLimit(at index: Int) -> HTTPParseError? {
        guard let requestStart else { return nil }
        guard let requestLine else {
            return index - requestStart > limits.requestLineBytes + 2
                ? HTTPParseError(414, "the request line is over \(limits.requestLineBytes) bytes") : nil
        }
        return index - (requestLine.upperBound + 2) > limits.headerBytes
            ? HTTPParseError(431, "the header fields are over \(limits.headerBytes) bytes") : nil
    }

    /// Reads the request line and the fields once the whole head is there.
    private mutating func readHead(_ buffer: [UInt8], end: Int) -> Result<Void, HTTPParseError> {
        guard let requestLine else { return .failure(HTTPParseError(400, "the request has no request line")) }
        let parts = buffer[requestLine].split(separator: ASCII.space, omittingEmptySubsequences: false)
        guard parts.count == 3 else {
            return .failure(HTTPParseError(400, "the request line is not METHOD SP TARGET SP VERSION"))
        }
        let (methodBytes, targetBytes, versionBytes) = (parts[0], parts[1], parts[2])
        guard !methodBytes.isEmpty, methodBytes.allSatisfy(ASCII.isTokenCharacter) else {
            return .failure(HTTPParseError(400, "the method is not a token"))
        }
        let method = String(decoding: methodBytes, as: UTF8.self)
        guard let version = HTTPVersion(rawValue: String(decoding: versionBytes, as: UTF8.self)) else {
            let text = String(decoding: versionBytes, as: UTF8.self)
            let looksLikeHTTP =
                text.hasPrefix("HTTP/") && text.dropFirst(5).allSatisfy { $0.isNumber || $0 == "." }
                && text.count > 5
            return .failure(
                looksLikeHTTP
                    ? HTTPParseError(505, "HTTP/1.1 and HTTP/1.0 are spoken here", method: method)
                    : HTTPParseError(400, "the request line does not end with an HTTP version", method: method))
        }
        guard !targetBytes.isEmpty, targetBytes.allSatisfy(ASCII.isTargetCharacter) else {
            return .failure(HTTPParseError(400, "the request target holds a character it may not", method: method))
        }
        let target = String(decoding: targetBytes, as: UTF8.self)
        let path = ServerRequest(method: method, target: target).path
        let fail = { (status: Int, reason: String) -> Result<Void, HTTPParseError> in
            var error = HTTPParseError(status, reason, method: method)
            error.path = path
            return .failure(error)
        }
        let originForm = target.hasPrefix("/")
        let absoluteForm = target.lowercased().hasPrefix("http://") || target.lowercased().hasPrefix("https://")
        guard originForm || absoluteForm || (target == "*" && method == "OPTIONS") else {
            return fail(400, "the request target is not a path")
        }
        var headers = HeaderFields()
        for line in fieldLines {
            let bytes = buffer[line]
            guard let first = bytes.first, first != ASCII.space, first != ASCII.tab else {
                return fail(400, "a header field is folded over two lines")
            }
            guard let colon = bytes.firstIndex(of: ASCII.colon), colon > bytes.startIndex,
                bytes[..<colon].allSatisfy(ASCII.isTokenCharacter)
            else {
                return fail(400, "a header field's name is not a token and a colon")
            }
            var value = bytes[(colon + 1)...]
            while let first = value.first, first == ASCII.space || first == ASCII.tab { value = value.dropFirst() }
            while let last = value.last, last == ASCII.space || last == ASCII.tab { value = value.dropLast() }
            guard value.allSatisfy(ASCII.isFieldValueCharacter) else {
                return fail(400, "a header field's value holds a control character")
            }
            headers.add(String(decoding: bytes[..<colon], as: UTF8.self), String(decoding: value, as: UTF8.self))
        }
        switch Self.framing(headers, version: version, limits: limits) {
        case .failure(let error):
            return fail(error.status, error.reason)
        case .success(let framing):
            if version == .http11, headers.values("Host").count != 1 {
                return fail(400, "an HTTP/1.1 request needs one Host field")
            }
            var expectsContinue = false
            if let expectation = headers["Expect"] {
                guard expectation.lowercased() == "100-continue" else {
                    return fail(417, "the only expectation met is 100-continue")
                }
                expectsContinue = version == .http11
            }
            head = Head(
                method: method, target: target, version: version, headers: headers, framing: framing,
                expectsContinue: expectsContinue, end: end)
            chunkOffset = end
            return .success(())
        }
    }

    /// How the body is framed, from `Transfer-Encoding` and `Content-Length`.
    private static func framing(
        _ headers: HeaderFields, version: HTTPVersion, limits: HTTPLimits
    ) -> Result<Framing, HTTPParseError> {
        let codings = headers.elements("Transfer-Encoding").map { $0.lowercased() }
        let lengths = headers.elements("Content-Length")
        if headers.contains("Transfer-Encoding") {
            guard version == .http11 else {
                return .failure(HTTPParseError(400, "an HTTP/1.0 request cannot be chunked"))
            }
            guard !headers.contains("Content-Length") else {
                return .failure(HTTPParseError(400, "a request has both Transfer-Encoding and Content-Length"))
            }
            guard codings == ["chunked"] else {
                return .failure(
                    codings.last == "chunked" || codings.isEmpty
                        ? HTTPParseError(501, "only the chunked transfer coding is read")
                        : HTTPParseError(400, "the last transfer coding of a request must be chunked"))
            }
            return .success(.chunked)
        }
        guard headers.contains("Content-Length") else { return .success(.none) }
        guard let first = lengths.first, lengths.allSatisfy({ $0 == first }), !first.isEmpty, first.utf8.count <= 18,
            first.utf8.allSatisfy({ (0x30...0x39).contains($0) }), let length = Int(first)
        else {
            return .failure(HTTPParseError(400, "Content-Length is not one whole number"))
        }
        guard length <= limits.bodyBytes else {
            return .failure(HTTPParseError(413, "the body is over \(limits.bodyBytes) bytes"))
        }
        return .success(length == 0 ? .none : .length(length))
    }

    // MARK: - A chunked body

    /// Decodes the chunks that have arrived: the end of the request once the last chunk and the trailers
    /// are in, `nil` while more is to come.
    private mutating func decodeChunks(_ buffer: [UInt8]) -> Result<Int?, HTTPParseError> {
        while true {
            switch chunkPhase {
            case .size:
                guard let line = nextLine(buffer, limit: Self.maxChunkLineBytes) else { return .success(nil) }
                guard case .success(let range) = line else { return .failure(line.failure) }
                let bytes = buffer[range]
                let digits = bytes.prefix { ASCII.hexValue($0) != nil }
                let rest = bytes[digits.endIndex...]
                guard !digits.isEmpty,
                    rest.isEmpty || rest.first == ASCII.semicolon || rest.first == ASCII.space
                        || rest.first == ASCII.tab,
                    rest.allSatisfy(ASCII.isFieldValueCharacter)
                else {
                    return .failure(HTTPParseError(400, "a chunk's size is not a hexadecimal number"))
                }
                guard digits.count <= 8 else {
                    return .failure(HTTPParseError(413, "the body is over \(limits.bodyBytes) bytes"))
                }
                let size = digits.reduce(0) { $0 << 4 | (ASCII.hexValue($1) ?? 0) }
                guard body.count + size <= limits.bodyBytes else {
                    return .failure(HTTPParseError(413, "the body is over \(limits.bodyBytes) bytes"))
                }
                chunkPhase = size == 0 ? .trailers : .data(remaining: size)
            case .data(let remaining):
                let available = min(remaining, buffer.count - chunkOffset)
                body.append(contentsOf: buffer[chunkOffset..<(chunkOffset + available)])
                chunkOffset += available
                guard available == remaining else {
                    chunkPhase = .data(remaining: remaining - available)
                    return .success(nil)
                }
                chunkPhase = .dataEnd
            case .dataEnd:
                guard buffer.count - chunkOffset >= 2 else { return .success(nil) }
                guard buffer[chunkOffset] == ASCII.cr, buffer[chunkOffset + 1] == ASCII.lf else {
                    return .failure(HTTPParseError(400, "a chunk's data does not end with CR LF"))
                }
                chunkOffset += 2
                chunkPhase = .size
            case .trailers:
                let start = chunkOffset
                guard let line = nextLine(buffer, limit: limits.headerBytes - trailerBytes) else {
                    return .success(nil)
                }
                guard case .success(let range) = line else { return .failure(line.failure) }
                trailerBytes += chunkOffset - start
                if range.isEmpty { return .success(chunkOffset) }
                guard let first = buffer[range].first, ASCII.isTokenCharacter(first),
                    buffer[range].contains(ASCII.colon)
                else {
                    return .failure(HTTPParseError(400, "a trailer field is not a name, a colon and a value"))
                }
            }
        }
    }

    /// The next CR LF-ended line of the chunked body from ``chunkOffset``, which moves past it; `nil` while
    /// the line is incomplete and within `limit`.
    private mutating func nextLine(_ buffer: [UInt8], limit: Int) -> Result<Range<Int>, HTTPParseError>? {
        guard let lf = buffer[chunkOffset...].firstIndex(of: ASCII.lf) else {
            return buffer.count - chunkOffset > limit
                ? .failure(HTTPParseError(limit == Self.maxChunkLineBytes ? 400 : 431, "a chunk line is too long"))
                : nil
        }
        guard lf > chunkOffset, buffer[lf - 1] == ASCII.cr else {
            return .failure(HTTPParseError(400, "a line ends with a bare LF; lines end with CR LF"))
        }
        guard lf - chunkOffset <= limit + 1 else {
            return .failure(HTTPParseError(limit == Self.maxChunkLineBytes ? 400 : 431, "a chunk line is too long"))
        }
        let range = chunkOffset..<(lf - 1)
        guard !buffer[range].contains(ASCII.cr) else {
            return .failure(HTTPParseError(400, "a line holds a bare CR; lines end with CR LF"))
        }
        chunkOffset = lf + 1
        return .success(range)
    }
}

extension Result where Failure == HTTPParseError {
    /// The error, when this is a failure; a generic bad request otherwise (never asked for).
    fileprivate var failure: HTTPParseError {
        if case .failure(let error) = self { return error }
        return HTTPParseError(400, "bad request")
    }
}
