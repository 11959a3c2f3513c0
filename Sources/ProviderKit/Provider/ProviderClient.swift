import Foundation

/// What a provider makes requests and reads answers with: its one door to the outside.
///
/// The tool hands each search a client whose endpoint it chose (the embedded samples, a recording, or
/// the live service behind its transport stack of size cap, cache, sign-in and retries); the provider
/// builds ``ProviderRequest``s and reads the answers with the project's JSON reader, and never learns
/// more about where they came from than the endpoint's ``kind``. Every failure is a ``ProviderError``
/// naming the provider.
public struct ProviderClient: Sendable {
    /// The provider this client fetches for. A provider uses it as the source of its offers, so that the
    /// same provider type can run under another id.
    public let provider: ProviderID
    /// The current time, injectable so that tests control `retrievedAt`.
    public let now: @Sendable () -> Date
    /// When the whole search ends, when there is a deadline: a service that takes a time budget (such
    /// as Duffel's `supplier_timeout`) can be told to answer before it.
    public let deadline: ContinuousClock.Instant?
    /// The time limit of each request, never longer than the time to the deadline.
    public let requestTimeout: Duration
    /// The largest answer accepted, in bytes: the endpoints enforce it; a provider that reads answers of
    /// its own making (an outside program's output) holds them to it too.
    public let maxResponseBytes: Int

    private let endpoint: any ProviderEndpoint

    /// Creates a client.
    /// - Parameters:
    ///   - provider: the provider's id, for errors and offers.
    ///   - endpoint: where answers come from.
    ///   - requestTimeout: each request's time limit.
    ///   - maxResponseBytes: the largest answer accepted.
    ///   - now: the clock for `retrievedAt`.
    ///   - deadline: when the whole search ends.
    public init(
        provider: ProviderID, endpoint: any ProviderEndpoint, requestTimeout: Duration = .seconds(10),
        maxResponseBytes: Int = HTTPResponse.defaultSizeCap, now: @escaping @Sendable () -> Date = { Date() },
        deadline: ContinuousClock.Instant? = nil
    ) {
        self.provider = provider
        self.endpoint = endpoint
        self.requestTimeout = requestTimeout
        self.maxResponseBytes = maxResponseBytes
        self.now = now
        self.deadline = deadline
    }

    /// What kind of place answers: a provider whose live service speaks another format than its samples
    /// asks each kind its own way.
    public var endpointKind: EndpointKind { endpoint.kind }

    /// Whether answers come from a live service: prices of the moment rather than samples or recordings.
    public var isLive: Bool { endpoint.kind.isLive }

    /// The endpoint as a setting writes it: `embedded`, `file:///…` or `https://…`.
    public var endpointDescription: String { endpoint.description }

    /// The time left before the deadline (the request timeout when there is no deadline), never less
    /// than zero: what to give a service that takes a time budget.
    public var timeLeft: Duration {
        let byDeadline = deadline.map { ContinuousClock.now.duration(to: $0) } ?? requestTimeout
        return max(.zero, min(byDeadline, requestTimeout))
    }

    /// Fetches one answer's whole body.
    /// - Parameter request: the request, relative to the endpoint.
    /// - Returns: the body of a successful answer.
    /// - Throws: ``ProviderError`` for a missing sample or recording, a failed request, a non-success status
    ///   or an oversized body.
    public func fetch(_ request: ProviderRequest) async throws(ProviderError) -> Data {
        switch try await endpoint.answer(request).storage {
        case .body(let data):
            return data
        case .file(let path, let maxBytes):
            let data: Data?
            do {
                data = try RegularFile.read(path, maxBytes: maxBytes, missingIsNil: false)
            } catch {
                throw recordingError(error)
            }
            guard let data else { throw recordingError(RegularFile.Failure(path: path, reason: .system(code: ENOENT))) }
            return data
        }
    }

    /// Fetches the body of a `GET`.
    /// - Parameters:
    ///   - path: the request path relative to the endpoint, such as `flights` or `api/search`.
    ///   - query: query items for live requests.
    ///   - headers: extra header fields for live requests.
    /// - Returns: the body of a successful answer.
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
    /// - Returns: the body of a successful answer.
    /// - Throws: ``ProviderError``, as ``fetch(_:)``.
    public func post(
        _ path: String, query: [URLQueryItem] = [], headers: [String: String] = [:], json: Data
    ) async throws(ProviderError) -> Data {
        try await fetch(.post(path, query: query, headers: headers, json: json))
    }

    /// Fetches one answer and reads it with the project's JSON reader, in one step: the way for a provider
    /// to read its answers, because a large recorded answer is then read from its file in two passes
    /// without being held whole (see ``JSONDocument/read(file:maxBytes:maxDepth:_:)``), where ``fetch(_:)``
    /// followed by reading the body would hold all of it.
    ///
    /// `decode` receives the root node, valid only inside it; the node ``JSONNode/decodeRecords(_:)`` or
    /// ``JSONNode/decodeRecordsInParallel(worker:_:)`` hand to their closure is valid only while that
    /// closure runs.
    /// - Parameters:
    ///   - request: the request, relative to the endpoint.
    ///   - decode: reads what the mapping needs from the root.
    /// - Returns: what `decode` returns.
    /// - Throws: ``ProviderError``: the fetch's errors; `malformed_response` saying where the document went
    ///   wrong for a ``JSONError``; `timeout` when the search is cancelled; a ``ProviderError`` `decode` throws
    ///   as it is, and `unexpected` for any other error.
    public func read<Result>(
        _ request: ProviderRequest, _ decode: (JSONNode) throws -> Result
    ) async throws(ProviderError) -> Result {
        switch try await endpoint.answer(request).storage {
        case .body(let data):
            return try read(data, decode)
        case .file(let path, let maxBytes):
            do {
                return try JSONDocument.read(file: path, maxBytes: maxBytes, decode)
            } catch let error as RegularFile.Failure {
                throw recordingError(error)
            } catch let error as JSONError {
                throw malformed(error, describingBody: { Self.describeFile(path) })
            } catch {
                throw providerError(error)
            }
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
    /// - Throws: ``ProviderError`` as reading a request's answer throws it.
    public func read<Result>(_ body: Data, _ decode: (JSONNode) throws -> Result) throws(ProviderError) -> Result {
        do {
            return try JSONDocument.read(body, decode)
        } catch let error as JSONError {
            throw malformed(error, describingBody: { ResponseBody.describe(body) })
        } catch {
            throw providerError(error)
        }
    }

    /// Runs a part of a search that throws untyped errors (a task group, a helper written before typed
    /// throws) and hands on what it throws as a ``ProviderError``: its own when it is one, `timeout` for
    /// cancellation, `unexpected` for anything else.
    /// - Parameter work: the part of the search.
    /// - Returns: what `work` returns.
    /// - Throws: ``ProviderError``.
    public func withProviderErrors<Result>(_ work: () async throws -> Result) async throws(ProviderError) -> Result {
        do {
            return try await work()
        } catch {
            throw providerError(error)
        }
    }

    /// The error for a body that is not in the expected format.
    /// - Parameters:
    ///   - problem: where and what, such as `data[3].price is not a number`.
    ///   - underlying: the reader's own error.
    /// - Returns: a `malformed_response` error.
    public func malformed(_ problem: String, underlying: (any Error)? = nil) -> ProviderError {
        ProviderError(
            .malformedResponse, provider: provider, "the response is not in the expected format: \(problem)",
            underlying: underlying)
    }

    // MARK: - Failures while reading

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

    /// Any error a part of a search threw, as a ``ProviderError``: its own when it is one, `timeout` for
    /// cancellation, `unexpected` for anything else. What ``withProviderErrors(_:)`` throws, for a call whose
    /// failure is kept as a value (see ``BoundedCalls``).
    /// - Parameter error: the error.
    /// - Returns: the provider's error.
    public func providerError(_ error: any Error) -> ProviderError {
        switch error {
        case let error as ProviderError: error
        case is CancellationError: ProviderError(.timeout, provider: provider, "was cancelled at the deadline")
        default: ProviderError(.unexpected, provider: provider, "failed: \(error)", underlying: error)
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
}
