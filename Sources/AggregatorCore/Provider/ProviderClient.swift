import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Fetches a provider's responses from wherever its endpoint points, so that a provider only builds
/// requests and decodes answers.
///
/// The same request is answered from the compiled-in samples (`embedded`), from a recorded file or
/// folder (`file://`), or from the live service (`http(s)://`). Every failure comes out as a
/// ``ProviderError`` carrying the provider's id.
///
/// Live requests follow the client's ``RetryPolicy``: transient failures are retried with backoff,
/// a 429's `Retry-After` is honoured while it ends before the deadline, and nothing waits past the
/// deadline. With ``cacheOnly`` set, live requests are answered from the ``ResponseCache`` and never
/// sent: that is `--offline`, and the fallback when a live provider fails.
public struct ProviderClient: Sendable {
    /// The provider this client fetches for.
    public let provider: ProviderID
    /// Where responses come from.
    public let endpoint: Endpoint
    /// The time limit of each request.
    public let requestTimeout: Duration
    /// The largest response body accepted, in bytes.
    public let maxResponseBytes: Int
    /// Header fields sent with every live request (an API key, for instance).
    public let defaultHeaders: [String: String]
    /// The current time, injectable so that tests control `retrievedAt`.
    public let now: @Sendable () -> Date
    /// When live requests are retried.
    public let retryPolicy: RetryPolicy
    /// When the whole search ends: no retry waits past it.
    public let deadline: ContinuousClock.Instant?
    /// When set, live requests are answered from this cache only and never sent.
    public let cacheOnly: ResponseCache?

    private let transport: any HTTPTransport
    private let embedded: EmbeddedResponses
    /// Records the live bodies fetched and the cache entries read, for the ``Aggregator``.
    var log: ResponseLog?

    /// Creates a client.
    /// - Parameters:
    ///   - provider: the provider's id, for errors.
    ///   - endpoint: where responses come from.
    ///   - embedded: the samples served for `.embedded`.
    ///   - transport: sends live requests.
    ///   - requestTimeout: each request's time limit.
    ///   - maxResponseBytes: the body size cap.
    ///   - defaultHeaders: headers for every live request.
    ///   - now: the clock for `retrievedAt`.
    ///   - retryPolicy: when live requests are retried.
    ///   - deadline: the instant no retry may wait past.
    ///   - cacheOnly: a cache to answer live requests from instead of the network.
    public init(
        provider: ProviderID, endpoint: Endpoint, embedded: EmbeddedResponses, transport: any HTTPTransport,
        requestTimeout: Duration = .seconds(10), maxResponseBytes: Int = 32 << 20,
        defaultHeaders: [String: String] = [:], now: @escaping @Sendable () -> Date = { Date() },
        retryPolicy: RetryPolicy = .standard, deadline: ContinuousClock.Instant? = nil, cacheOnly: ResponseCache? = nil
    ) {
        self.retryPolicy = retryPolicy
        self.deadline = deadline
        self.cacheOnly = cacheOnly
        self.provider = provider
        self.endpoint = endpoint
        self.embedded = embedded
        self.transport = transport
        self.requestTimeout = requestTimeout
        self.maxResponseBytes = maxResponseBytes
        self.defaultHeaders = defaultHeaders
        self.now = now
    }

    /// Fetches one response body.
    /// - Parameters:
    ///   - path: the request path relative to the endpoint, such as `flights` or `api/search`.
    ///   - query: query items for live requests.
    ///   - headers: extra header fields for live requests.
    /// - Returns: the body of a successful response.
    /// - Throws: ``ProviderError`` for a missing sample or file, a transport failure, a non-success
    ///   status or an oversized body.
    public func get(
        _ path: String, query: [URLQueryItem] = [], headers: [String: String] = [:]
    ) async throws
        -> Data
    {
        let name = Self.requestName(path)
        switch endpoint {
        case .embedded:
            guard let body = embedded.bodies[name] else {
                throw ProviderError(
                    .configuration, provider: provider,
                    "has no embedded sample for '\(name)'; point it at a recording with --endpoint \(provider)=file://PATH"
                )
            }
            return Data(body.utf8)
        case .file(let url):
            return try readRecording(at: url, name: name)
        case .remote(let base):
            let url = try Self.url(base: base, path: path, query: query, provider: provider)
            if let cacheOnly { return try cached(url, from: cacheOnly) }
            var fields = defaultHeaders
            fields.merge(headers) { $1 }
            let body = try await fetch(HTTPRequest(url: url, headers: fields, timeout: requestTimeout))
            log?.fetched(url: url, body: body, at: now())
            return body
        }
    }

    /// Sends a live request, retrying transient failures as the ``RetryPolicy`` says.
    private func fetch(_ request: HTTPRequest) async throws -> Data {
        var attempt = 1
        while true {
            var failure: ProviderError
            var requestedWait: Duration?
            do {
                let response = try await transport.send(request)
                switch response.status {
                case 429:
                    let header = response.headers["retry-after"]
                    requestedWait = header.flatMap { RetryPolicy.retryAfter($0, now: now()) }
                    let asked = header.map { " (Retry-After: \($0))" } ?? ""
                    failure = ProviderError(
                        .rateLimited, provider: provider, "the service is rate limiting requests\(asked)")
                case 500..<600:
                    failure = statusError(of: response)
                default:
                    return try body(of: response)
                }
            } catch let error as TransportError {
                let mapped = ProviderError(
                    Self.code(for: error.kind), provider: provider, error.detail, underlying: error)
                // Only a failed connection is worth another try; a timeout would use up the deadline
                // again, and a redirect loop or an oversized body come back the same.
                guard error.kind == .connectionFailed else { throw mapped }
                failure = mapped
            } catch let error as ProviderError {
                throw error
            } catch {
                throw ProviderError(.transport, provider: provider, "request failed: \(error)", underlying: error)
            }
            let attempts = attempt == 1 ? "" : " (after \(attempt) attempts)"
            guard attempt < retryPolicy.maxAttempts else {
                failure.message += attempts
                throw failure
            }
            let wait = requestedWait ?? retryPolicy.delay(beforeRetry: attempt)
            // Without a search deadline, no wait may be longer than a request is allowed to take.
            let limit = deadline ?? ContinuousClock.now.advanced(by: requestTimeout)
            if ContinuousClock.now.advanced(by: wait) >= limit {
                failure.message +=
                    requestedWait == nil
                    ? attempts : "; waiting \(Aggregator.format(wait)) as asked would pass the deadline"
                throw failure
            }
            try await Task.sleep(for: wait)
            attempt += 1
        }
    }

    /// Answers a live request from the cache.
    private func cached(_ url: URL, from cache: ResponseCache) throws -> Data {
        switch cache.load(provider: provider, url: url) {
        case .hit(let entry):
            guard entry.body.count <= maxResponseBytes else {
                throw ProviderError(
                    .responseTooLarge, provider: provider,
                    "the cached answer is \(entry.body.count) bytes, over the \(maxResponseBytes)-byte limit")
            }
            log?.readFromCache(at: entry.retrievedAt)
            return entry.body
        case .missing:
            throw ProviderError(
                .notCached, provider: provider,
                "has no cached answer for \(url.path); run the search once without --offline")
        case .corrupt(let reason):
            throw ProviderError(
                .notCached, provider: provider,
                "its cached answer cannot be used (\(reason)); the next live answer replaces it")
        }
    }

    /// Decodes a JSON body, turning a decoding failure into a one-line ``ProviderError`` that says
    /// where in the document it went wrong.
    /// - Parameters:
    ///   - type: the wire type.
    ///   - data: the body.
    /// - Returns: the decoded value.
    /// - Throws: ``ProviderError`` with code `malformed_response`.
    public func decode<T: Decodable>(_ type: T.Type, from data: Data) throws -> T {
        do {
            return try JSONDecoder().decode(type, from: data)
        } catch let error as DecodingError {
            throw ProviderError(
                .malformedResponse, provider: provider,
                "the response is not in the expected format: \(Self.describe(error, body: data))", underlying: error)
        } catch {
            throw ProviderError(
                .malformedResponse, provider: provider, "the response could not be decoded: \(error)",
                underlying: error)
        }
    }

    private func body(of response: HTTPResponse) throws -> Data {
        // A transport with a larger cap of its own must not let a larger body through.
        guard response.body.count <= maxResponseBytes else {
            throw ProviderError(
                .responseTooLarge, provider: provider,
                "the response is \(response.body.count) bytes, over the \(maxResponseBytes)-byte limit")
        }
        switch response.status {
        case 200..<300:
            try checkContentType(of: response)
            return response.body
        case 429:
            let wait = response.headers["retry-after"].map { " (Retry-After: \($0))" } ?? ""
            throw ProviderError(.rateLimited, provider: provider, "the service is rate limiting requests\(wait)")
        default:
            throw statusError(of: response)
        }
    }

    /// The error for a failure status, with the body's start as a summary, never the whole body.
    private func statusError(of response: HTTPResponse) -> ProviderError {
        ProviderError(
            .httpStatus, provider: provider,
            "the service answered HTTP \(response.status)\(Self.summary(of: response.body))")
    }

    /// A success whose declared type is not JSON is an error page from something in between (a captive
    /// portal, a proxy), not the service's answer. No type, JSON types, plain text and octet streams
    /// pass, since services mislabel JSON in those ways; decoding then has the last word.
    private func checkContentType(of response: HTTPResponse) throws {
        guard let declared = response.headers["content-type"] else { return }
        let type = declared.split(separator: ";").first.map { $0.trimmingCharacters(in: .whitespaces).lowercased() }
        guard let type, !type.isEmpty else { return }
        let accepted = type.contains("json") || type == "text/plain" || type == "application/octet-stream"
        guard !accepted else { return }
        throw ProviderError(
            .malformedResponse, provider: provider,
            "the service answered \(type), not JSON\(Self.summary(of: response.body))")
    }

    private func readRecording(at url: URL, name: String) throws -> Data {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory) else {
            throw ProviderError(
                .configuration, provider: provider,
                "no recorded response at \(url.path); check --endpoint \(provider)=file://PATH")
        }
        let file = isDirectory.boolValue ? url.appendingPathComponent(name + ".json") : url
        let attributes = try? FileManager.default.attributesOfItem(atPath: file.path)
        guard let size = attributes?[.size] as? Int else {
            throw ProviderError(
                .configuration, provider: provider,
                "no recorded response '\(name).json' in \(url.path); add it or point --endpoint at the file itself")
        }
        guard size <= maxResponseBytes else {
            throw ProviderError(
                .responseTooLarge, provider: provider,
                "the recorded response \(file.path) is \(size) bytes, over the \(maxResponseBytes)-byte limit")
        }
        do {
            return try Data(contentsOf: file)
        } catch {
            throw ProviderError(
                .configuration, provider: provider, "cannot read \(file.path): \(error.localizedDescription)",
                underlying: error)
        }
    }

    /// The last component of a request path: the name of its sample and of its file in a folder.
    static func requestName(_ path: String) -> String {
        path.split(separator: "/").last.map(String.init) ?? path
    }

    static func url(base: URL, path: String, query: [URLQueryItem], provider: ProviderID) throws -> URL {
        var url = base
        for component in path.split(separator: "/") { url.appendPathComponent(String(component)) }
        guard var components = URLComponents(url: url, resolvingAgainstBaseURL: false) else {
            throw ProviderError(.configuration, provider: provider, "cannot build a request URL from \(base)")
        }
        if !query.isEmpty { components.queryItems = (components.queryItems ?? []) + query }
        guard let full = components.url else {
            throw ProviderError(.configuration, provider: provider, "cannot build a request URL from \(base)")
        }
        return full
    }

    static func code(for kind: TransportError.Kind) -> ProviderError.Code {
        switch kind {
        case .timedOut, .cancelled: .timeout
        case .responseTooLarge: .responseTooLarge
        case .connectionFailed, .tooManyRedirects: .transport
        }
    }

    /// `: <first 120 characters of the body on one line>` or nothing for an empty body.
    static func summary(of body: Data) -> String {
        let text = String(decoding: body.prefix(512), as: UTF8.self)
            .split(whereSeparator: \.isNewline).joined(separator: " ")
            .trimmingCharacters(in: .whitespaces)
        guard !text.isEmpty else { return "" }
        return ": " + (text.count > 120 ? text.prefix(120) + "…" : text)
    }

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
            let start = String(decoding: body.prefix(40), as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
            if start.isEmpty { return "the body is empty" }
            if start.hasPrefix("{") || start.hasPrefix("[") { return "the body is broken or cut-off JSON" }
            return "the body is not JSON (it starts with '\(start.prefix(20))')"
        case .dataCorrupted(let context):
            return "\(path(context.codingPath)): \(context.debugDescription)"
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
