import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Fetches a provider's responses from wherever its endpoint points, so that a provider only builds
/// requests and decodes answers.
///
/// The same ``ProviderRequest`` is answered from the compiled-in samples (`embedded`), from a recorded
/// file or folder (`file://`), or from the live service (`http(s)://`), where it goes through the
/// transport stack the tool built for this provider (size cap, cache, credentials, retries, network).
/// The client turns every failure into a ``ProviderError`` carrying the provider's id, and a success
/// into the body.
public struct ProviderClient: Sendable {
    /// The provider this client fetches for. A provider uses it as the source of its offers, so that the
    /// same provider type can run under another id.
    public let provider: ProviderID
    /// Where responses come from.
    public let endpoint: Endpoint
    /// The time limit of each request.
    public let requestTimeout: Duration
    /// The largest response body accepted, in bytes.
    public let maxResponseBytes: Int
    /// Header fields every live request carries (the descriptor's fixed headers).
    public let fixedHeaders: [String: String]
    /// The current time, injectable so that tests control `retrievedAt`.
    public let now: @Sendable () -> Date
    /// When the whole search ends, when there is a deadline: a service that takes a time budget (such
    /// as Duffel's `supplier_timeout`) can be told to answer before it.
    public let deadline: ContinuousClock.Instant?

    private let transport: any HTTPTransport
    private let embedded: EmbeddedResponses

    /// Creates a client.
    /// - Parameters:
    ///   - provider: the provider's id, for errors and offers.
    ///   - endpoint: where responses come from.
    ///   - embedded: the samples served for `.embedded`.
    ///   - transport: sends live requests; the tool passes a stack with retries, cache and size cap.
    ///   - requestTimeout: each request's time limit.
    ///   - maxResponseBytes: the body size cap.
    ///   - fixedHeaders: headers for every live request.
    ///   - now: the clock for `retrievedAt`.
    ///   - deadline: when the whole search ends.
    public init(
        provider: ProviderID, endpoint: Endpoint, embedded: EmbeddedResponses, transport: any HTTPTransport,
        requestTimeout: Duration = .seconds(10), maxResponseBytes: Int = 32 << 20, fixedHeaders: [String: String] = [:],
        now: @escaping @Sendable () -> Date = { Date() }, deadline: ContinuousClock.Instant? = nil
    ) {
        self.deadline = deadline
        self.provider = provider
        self.endpoint = endpoint
        self.embedded = embedded
        self.transport = transport
        self.requestTimeout = requestTimeout
        self.maxResponseBytes = maxResponseBytes
        self.fixedHeaders = fixedHeaders
        self.now = now
    }

    /// The time left before the deadline (the request timeout when there is no deadline), never less
    /// than zero: what to give a service that takes a time budget.
    public var timeLeft: Duration {
        let byDeadline = deadline.map { ContinuousClock.now.duration(to: $0) } ?? requestTimeout
        return max(.zero, min(byDeadline, requestTimeout))
    }

    /// Fetches one response body.
    /// - Parameter request: the request, relative to the endpoint.
    /// - Returns: the body of a successful response.
    /// - Throws: ``ProviderError`` for a missing sample or file, a transport failure, a non-success
    ///   status or an oversized body.
    public func fetch(_ request: ProviderRequest) async throws(ProviderError) -> Data {
        switch endpoint {
        case .embedded:
            guard let body = embedded.bodies[request.recordingName] else {
                throw ProviderError(
                    .configuration, provider: provider, "has no embedded sample for '\(request.recordingName)'",
                    remedy: .setEndpoint)
            }
            return Data(body.utf8)
        case .file(let url):
            return try readRecording(at: url, name: request.recordingName)
        case .remote(let base):
            let url = try url(base: base, request: request)
            var headers = fixedHeaders
            headers.merge(request.headers) { $1 }
            let live = HTTPRequest(
                method: request.method, url: url, headers: headers, body: request.body, timeout: requestTimeout)
            let response: HTTPResponse
            do {
                response = try await transport.send(live)
            } catch let error as TransportError {
                throw Self.error(for: error, provider: provider)
            } catch let error as ProviderError {
                throw error
            } catch is CancellationError {
                throw ProviderError(.timeout, provider: provider, "was cancelled at the deadline")
            } catch {
                throw ProviderError(.transport, provider: provider, "the request failed", underlying: error)
            }
            return try body(of: response)
        }
    }

    /// Fetches a `GET` request's body.
    /// - Parameters:
    ///   - path: the request path relative to the endpoint, such as `flights` or `api/search`.
    ///   - query: query items for live requests.
    ///   - headers: extra header fields for live requests.
    /// - Returns: the body of a successful response.
    /// - Throws: ``ProviderError``, as ``fetch(_:)``.
    public func get(
        _ path: String, query: [URLQueryItem] = [], headers: [String: String] = [:]
    ) async throws(ProviderError) -> Data {
        try await fetch(.get(path, query: query, headers: headers))
    }

    /// Fetches the answer to a `POST` of a JSON body.
    /// - Parameters:
    ///   - path: the request path relative to the endpoint.
    ///   - query: query items for live requests.
    ///   - headers: extra header fields for live requests.
    ///   - json: the body, encoded.
    /// - Returns: the body of a successful response.
    /// - Throws: ``ProviderError``, as ``fetch(_:)``.
    public func post(
        _ path: String, query: [URLQueryItem] = [], headers: [String: String] = [:], json: Data
    ) async throws(ProviderError) -> Data {
        try await fetch(.post(path, query: query, headers: headers, json: json))
    }

    /// Decodes a JSON body, turning a decoding failure into a one-line ``ProviderError`` that says
    /// where in the document it went wrong.
    /// - Parameters:
    ///   - type: the wire type.
    ///   - data: the body.
    /// - Returns: the decoded value.
    /// - Throws: ``ProviderError`` with code `malformed_response`.
    public func decode<T: Decodable>(_ type: T.Type, from data: Data) throws(ProviderError) -> T {
        do {
            return try JSONDecoder().decode(type, from: data)
        } catch let error as DecodingError {
            throw malformed(Self.describe(error, body: data), underlying: error)
        } catch {
            throw malformed("it could not be decoded", underlying: error)
        }
    }

    /// Fetches one response and reads it with the project's JSON reader, in one step: the way for a provider
    /// to read its answers, because a large recorded answer (a `file://` endpoint) is then read from its file
    /// in two passes without being held whole (see ``JSONDocument/read(file:maxBytes:maxDepth:_:)``), where
    /// ``fetch(_:)`` followed by `read(body)` would hold all of it. Any other answer is fetched and read as
    /// those two do.
    ///
    /// `decode` receives the root node, valid only inside it, as with `read(body)`; the node
    /// ``JSONNode/decodeRecords(_:)`` or ``JSONNode/decodeRecordsInParallel(worker:_:)`` hand to their
    /// closure is valid only while that closure runs.
    /// - Parameters:
    ///   - request: the request, relative to the endpoint.
    ///   - decode: reads what the mapping needs from the root.
    /// - Returns: what `decode` returns.
    /// - Throws: ``ProviderError`` as ``fetch(_:)`` and `read(body)` throw it; `CancellationError`
    ///   when the search is cancelled; whatever else `decode` throws.
    public func read<Result>(_ request: ProviderRequest, _ decode: (JSONNode) throws -> Result) async throws -> Result {
        guard case .file(let url) = endpoint else { return try read(try await fetch(request), decode) }
        let path = try recordingPath(at: url, name: request.recordingName)
        do {
            return try JSONDocument.read(file: path, maxBytes: maxResponseBytes, decode)
        } catch let error as RegularFile.Failure {
            throw recordingError(error)
        } catch let error as JSONError {
            throw malformed(error, describingBody: { Self.describeFile(path) })
        }
    }

    /// Reads a JSON body with the project's own reader (``JSONDocument``): strict about JSON, lenient
    /// where the caller asks for it, and without building values nobody reads. `decode` receives the root
    /// node, valid only inside it; a ``JSONError`` it throws becomes a `malformed_response` error that
    /// says where the document went wrong (`data[3].price is not a number`).
    /// - Parameters:
    ///   - body: the body.
    ///   - decode: reads what the mapping needs from the root.
    /// - Returns: what `decode` returns.
    /// - Throws: ``ProviderError`` for a body that is not JSON or not in the expected shape;
    ///   `CancellationError` when the search is cancelled; whatever else `decode` throws.
    public func read<Result>(_ body: Data, _ decode: (JSONNode) throws -> Result) throws -> Result {
        do {
            return try JSONDocument.read(body, decode)
        } catch let error as JSONError {
            throw malformed(error, describingBody: { ResponseBody.describe(body) })
        }
    }

    /// The error for a body the JSON reader refused.
    /// - Parameters:
    ///   - error: the reader's error.
    ///   - describe: names the body (`an HTML page`), asked only when it is not JSON.
    private func malformed(_ error: JSONError, describingBody describe: () -> String) -> ProviderError {
        switch error.code {
        // A body that is not JSON at all is named, never quoted: it may be a page or a file's contents.
        case .notJSON: malformed("the body is not JSON (it is \(describe()))", underlying: error)
        case .truncated: malformed("the body is broken or cut-off JSON", underlying: error)
        default: malformed(error.description, underlying: error)
        }
    }

    /// The file's body named from its first bytes, as ``ResponseBody/describe(_:)`` names a body.
    private static func describeFile(_ path: String) -> String {
        guard let file = try? RegularFile.open(path, maxBytes: Int.max, missingIsNil: true) else {
            return "an unreadable file"
        }
        defer { file.close() }
        var start = Data(count: min(file.size, 512))
        let read = start.withUnsafeMutableBytes { buffer -> Int in
            guard let base = buffer.baseAddress else { return 0 }
            return (try? file.read(into: base, count: buffer.count, at: 0)) ?? 0
        }
        start.count = read
        return ResponseBody.describe(start, size: file.size)
    }

    /// The error for a body that is not in the expected format.
    /// - Parameters:
    ///   - problem: where and what, such as `data[3].price is not a number`.
    ///   - underlying: the decoder's own error.
    /// - Returns: a `malformed_response` error.
    public func malformed(_ problem: String, underlying: (any Error)? = nil) -> ProviderError {
        ProviderError(
            .malformedResponse, provider: provider, "the response is not in the expected format: \(problem)",
            underlying: underlying)
    }

    // MARK: - Live answers

    private func body(of response: HTTPResponse) throws(ProviderError) -> Data {
        // A transport with a larger cap of its own must not let a larger body through.
        guard response.body.count <= maxResponseBytes else {
            throw ProviderError(
                .responseTooLarge, provider: provider,
                "the response is \(response.body.count) bytes, over the \(maxResponseBytes)-byte limit",
                remedy: .raiseSizeCap)
        }
        switch response.status {
        case 200..<300:
            try checkContentType(of: response)
            return response.body
        default:
            // A rate limit's body rarely says more than "slow down": its Retry-After is what matters.
            let quoted = response.status == 429 ? nil : ResponseBody.quotableMessage(response.body)
            throw rejection(RejectedAnswer(response), quoting: quoted)
        }
    }

    /// The error for a service's non-success answer, worded around the service's own message: what the
    /// client throws for such an answer (with a short excerpt of the body as the message), and what a
    /// provider that reads its service's error format throws instead, with the message it read. The
    /// answer becomes the error's ``ProviderError/underlying`` error.
    /// - Parameters:
    ///   - answer: the answer, as the client's own error carries it.
    ///   - message: the service's own words to quote; sanitised and cut to a short excerpt here. `nil`
    ///     names the kind of body instead (`with an HTML page`).
    ///   - detail: a remark to add in parentheses, such as when a rate limit resets.
    /// - Returns: `rate_limited` for 429 (with its `Retry-After`), `unauthorized` with the remedy to check
    ///   the key for 401 and 403, and `http_status` for any other status.
    public func rejection(_ answer: RejectedAnswer, quoting message: String?, detail: String? = nil) -> ProviderError {
        let quoted = message.map { PrintableText.excerpt($0, limit: 120) }.flatMap { $0.isEmpty ? nil : $0 }
        let remark = detail.map { " (\(PrintableText.excerpt($0, limit: 120)))" } ?? ""
        let attempts = Self.attempts(answer.attempts)
        switch answer.status {
        case 429:
            let wait = answer.headers["retry-after"].map { " (Retry-After: \(PrintableText.excerpt($0, limit: 40)))" }
            return ProviderError(
                .rateLimited, provider: provider,
                "the service is rate limiting requests\(quoted.map { ": \($0)" } ?? "")\(wait ?? "")\(remark)\(attempts)",
                underlying: answer)
        case 401, 403:
            return ProviderError(
                .unauthorized, provider: provider,
                "the service refused the request: \(Self.status(of: answer, quoting: quoted, remark: remark))",
                remedy: .checkKey, underlying: answer)
        default:
            return ProviderError(
                .httpStatus, provider: provider,
                "the service answered \(Self.status(of: answer, quoting: quoted, remark: remark))", underlying: answer)
        }
    }

    /// `HTTP 503 Service Unavailable with an HTML page (after 3 attempts)`, or with the service's own
    /// message quoted when there is one.
    static func status(of answer: RejectedAnswer, quoting message: String?, remark: String) -> String {
        var text = "HTTP \(answer.status)"
        if let reason = HTTPStatus.reason(answer.status) { text += " \(reason)" }
        if let message {
            text += ": \(message)"
        } else if !answer.body.isEmpty {
            text += " with \(ResponseBody.describe(answer.body))"
        }
        return text + remark + attempts(answer.attempts)
    }

    static func attempts(_ count: Int) -> String {
        count > 1 ? " (after \(count) attempts)" : ""
    }

    /// A success whose declared type is not JSON is an error page from something in between (a captive
    /// portal, a proxy), not the service's answer. No type, JSON types, plain text and octet streams
    /// pass, since services mislabel JSON in those ways; decoding then has the last word.
    private func checkContentType(of response: HTTPResponse) throws(ProviderError) {
        guard let declared = response.headers["content-type"] else { return }
        let type = declared.split(separator: ";").first.map { $0.trimmingCharacters(in: .whitespaces).lowercased() }
        guard let type, !type.isEmpty else { return }
        let accepted = type.contains("json") || type == "text/plain" || type == "application/octet-stream"
        guard !accepted else { return }
        throw ProviderError(
            .malformedResponse, provider: provider,
            "the service answered \(PrintableText.excerpt(type, limit: 60)), not JSON "
                + "(an error page from something in between, such as a proxy or a captive portal)")
    }

    static func error(for error: TransportError, provider: ProviderID) -> ProviderError {
        let detail = error.detail + attempts(error.attempts)
        switch error.kind {
        case .timedOut, .cancelled: return ProviderError(.timeout, provider: provider, detail, underlying: error)
        case .responseTooLarge:
            return ProviderError(
                .responseTooLarge, provider: provider, detail, remedy: .raiseSizeCap, underlying: error)
        case .notCached:
            let remedy: ProviderError.Remedy? = detail.hasPrefix("has no cached answer") ? .searchOnline : nil
            return ProviderError(.notCached, provider: provider, detail, remedy: remedy, underlying: error)
        case .connectionFailed, .tooManyRedirects, .badRedirect:
            return ProviderError(.transport, provider: provider, detail, underlying: error)
        }
    }

    // MARK: - Recordings

    private func readRecording(at url: URL, name: String) throws(ProviderError) -> Data {
        let path = try recordingPath(at: url, name: name)
        let data: Data?
        do {
            data = try RegularFile.read(path, maxBytes: maxResponseBytes)
        } catch {
            throw recordingError(error)
        }
        guard let data else {
            throw ProviderError(
                .configuration, provider: provider, "no recorded response '\(name).json' in \(url.path)",
                remedy: .checkEndpoint)
        }
        return data
    }

    /// The file that holds the recorded answer named `name`: the endpoint's file itself, or `name.json` in its
    /// folder.
    private func recordingPath(at url: URL, name: String) throws(ProviderError) -> String {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory) else {
            throw ProviderError(
                .configuration, provider: provider, "no recorded response at \(url.path)", remedy: .checkEndpoint)
        }
        guard isDirectory.boolValue else { return url.path }
        let file = url.appendingPathComponent(name + ".json").path
        var isLink = stat()
        guard FileManager.default.fileExists(atPath: file) || lstat(file, &isLink) == 0 else {
            throw ProviderError(
                .configuration, provider: provider, "no recorded response '\(name).json' in \(url.path)",
                remedy: .checkEndpoint)
        }
        return file
    }

    /// The error for a recording that could not be read.
    private func recordingError(_ error: RegularFile.Failure) -> ProviderError {
        switch error.reason {
        case .tooLarge(let bytes, let limit):
            ProviderError(
                .responseTooLarge, provider: provider,
                "the recorded response \(error.path) is \(bytes) bytes, over the \(limit)-byte limit",
                remedy: .raiseSizeCap)
        case .changedWhileRead:
            ProviderError(.configuration, provider: provider, error.description)
        default:
            ProviderError(.configuration, provider: provider, error.description, remedy: .checkEndpoint)
        }
    }

    // MARK: - URLs

    private func url(base: URL, request: ProviderRequest) throws(ProviderError) -> URL {
        var url = base
        for component in request.path.split(separator: "/") { url.appendPathComponent(String(component)) }
        guard var components = URLComponents(url: url, resolvingAgainstBaseURL: false) else {
            throw ProviderError(.configuration, provider: provider, "cannot build a request URL from \(base)")
        }
        if !request.query.isEmpty { components.queryItems = (components.queryItems ?? []) + request.query }
        guard let full = components.url else {
            throw ProviderError(.configuration, provider: provider, "cannot build a request URL from \(base)")
        }
        return full
    }

    // MARK: - Decoding errors

    static func describe(_ error: DecodingError, body: Data) -> String {
        func path(_ codingPath: [any CodingKey]) -> String {
            let text = codingPath.map { key in key.intValue.map { "[\($0)]" } ?? ".\(key.stringValue)" }.joined()
            return text.isEmpty ? "the top level" : String(text.drop(while: { $0 == "." }))
        }
        switch error {
        case .dataCorrupted(let context)
        where context.codingPath.isEmpty
            && (try? JSONSerialization.jsonObject(with: body, options: .fragmentsAllowed)) != nil:
            return "the top level: \(context.debugDescription)"
        case .dataCorrupted(let context) where context.codingPath.isEmpty:
            switch ResponseBody.kind(of: body) {
            case .empty: return "the body is empty"
            case .json: return "the body is broken or cut-off JSON"
            default: return "the body is not JSON (it is \(ResponseBody.describe(body)))"
            }
        case .dataCorrupted(let context):
            return "\(path(context.codingPath)): \(PrintableText.excerpt(context.debugDescription))"
        case .keyNotFound(let key, let context):
            return "\(path(context.codingPath + [key])) is missing"
        case .typeMismatch(let type, let context):
            return "\(path(context.codingPath)) is not \(typeName(type))"
        case .valueNotFound(let type, let context):
            return "\(path(context.codingPath)) is null, expected \(typeName(type))"
        @unknown default:
            return "\(error)"
        }
    }

    private static func typeName(_ type: Any.Type) -> String {
        switch type {
        case is String.Type: "a string"
        case is Int.Type, is Double.Type, is Decimal.Type, is Int64.Type: "a number"
        case is Bool.Type: "a boolean"
        default: "a \(String(describing: type).lowercased().contains("array") ? "list" : "value of the right type")"
        }
    }
}
