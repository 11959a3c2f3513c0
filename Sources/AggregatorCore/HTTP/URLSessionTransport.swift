import Foundation
import ProviderKit

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The ``HTTPTransport`` that goes to the network: the only code in the package that touches
/// `URLSession`.
///
/// It reads bodies as they stream in and stops at `maxResponseBytes`, so an oversized answer is never
/// held whole in memory; it follows at most `maxRedirects` redirects; it stops at the request's
/// timeout and when the calling task is cancelled. Each request gets its own ephemeral session: no
/// cookies, no shared cache, nothing carried from one provider to another.
///
/// The cap counts decoded bytes. Requests ask for `Accept-Encoding: identity` (unless they set the field
/// themselves), so an honest service sends nothing to inflate. A service may compress anyway, and the
/// platform inflates a `Content-Encoding: gzip` body itself whatever was asked (on Linux it cannot be
/// told not to, nor paused), so a few megabytes on the wire can become gigabytes. On Linux the session
/// therefore hands every piece of body to the transport on the thread that decoded it, instead of
/// queueing it for later: a piece past the cap is dropped at once, the caller is answered at once, and
/// memory stays near the cap.
///
/// A limit of the platform remains: once Foundation on Linux has begun inflating a compressed body, a
/// cancellation does not stop it (measured: a 12 MB bomb was inflated whole, 12 GiB, in two minutes, after
/// the caller had its answer in a fifth of a second). It keeps none of it, but it works on the one queue
/// that every URL session of the process shares, so other requests in flight wait until the server
/// stops sending. The search's deadline still holds, since the runner does not wait for them, and the
/// command-line tool exits when its search is done.
public struct URLSessionTransport: HTTPTransport {
    /// The largest body accepted, in bytes.
    public let maxResponseBytes: Int
    /// How many redirects are followed before giving up.
    public let maxRedirects: Int

    /// Creates a transport.
    /// - Parameters:
    ///   - maxResponseBytes: the body size cap (default 32 MiB).
    ///   - maxRedirects: the redirect limit (default 5).
    public init(maxResponseBytes: Int = HTTPResponse.defaultSizeCap, maxRedirects: Int = 5) {
        self.maxResponseBytes = maxResponseBytes
        self.maxRedirects = maxRedirects
    }

    /// Sends a request.
    /// - Parameter request: what to send.
    /// - Returns: the response, of any status.
    /// - Throws: ``TransportError`` when no complete response arrived within the limits.
    public func send(_ request: HTTPRequest) async throws -> HTTPResponse {
        let seconds = max(request.timeout.inSeconds, 0)
        // Foundation on Linux truncates timeouts to whole seconds (0.5 s becomes "now"), so URLSession gets
        // the value rounded up as a backstop and the exact limit is enforced here.
        let foundationSeconds = max(seconds.rounded(.up), 1)
        let configuration = URLSessionConfiguration.ephemeral
        configuration.timeoutIntervalForRequest = foundationSeconds
        configuration.timeoutIntervalForResource = foundationSeconds
        configuration.requestCachePolicy = .reloadIgnoringLocalCacheData
        configuration.urlCache = nil
        let delegate = ExchangeDelegate(
            maxBytes: maxResponseBytes, maxRedirects: maxRedirects, origin: Origin(request.url),
            sensitiveHeaders: request.sensitiveHeaders.union(["Authorization"]), sensitiveBody: request.bodyIsSensitive)
        let session = URLSession(
            configuration: configuration, delegate: delegate, delegateQueue: ExchangeDelegate.callbackQueue())
        defer { session.finishTasksAndInvalidate() }

        var urlRequest = URLRequest(url: request.url, timeoutInterval: foundationSeconds)
        urlRequest.httpMethod = request.method.rawValue
        urlRequest.httpBody = request.body
        urlRequest.setValue("identity", forHTTPHeaderField: "Accept-Encoding")
        // Public servers ask their guests to say who they are; a request's own User-Agent comes after.
        urlRequest.setValue(ToolIdentity.userAgent, forHTTPHeaderField: "User-Agent")
        for (name, value) in request.headers { urlRequest.setValue(value, forHTTPHeaderField: name) }
        let task = session.dataTask(with: urlRequest)
        let timer = DispatchWorkItem { [weak delegate] in
            delegate?.abort(TransportError(.timedOut, "no answer within the request timeout"))
        }
        DispatchQueue.global().asyncAfter(deadline: .now() + seconds, execute: timer)
        defer { timer.cancel() }
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { continuation in
                delegate.start(task, continuation: continuation)
            }
        } onCancel: {
            delegate.abort(TransportError(.cancelled, "the request was cancelled"))
        }
    }
}

/// Collects one exchange's response and body, enforcing the size and redirect limits. Every
/// mutable field is guarded by `lock`; URLSession calls the delegate on its own queue.
private final class ExchangeDelegate: NSObject, URLSessionDataDelegate, @unchecked Sendable {
    private let maxBytes: Int
    private let maxRedirects: Int
    private let lock = NSLock()
    private var continuation: CheckedContinuation<HTTPResponse, any Error>?
    private var response: HTTPURLResponse?
    private var body = Data()
    private var redirects = 0
    private var failure: TransportError?
    /// Whether a cancellation was sent after a failure, so that it is sent once.
    private var cancelled = false
    private let origin: Origin?
    private let sensitiveHeaders: Set<String>
    /// Whether the body carries a secret, which must never reach another origin.
    private let sensitiveBody: Bool

    init(maxBytes: Int, maxRedirects: Int, origin: Origin?, sensitiveHeaders: Set<String>, sensitiveBody: Bool) {
        self.maxBytes = maxBytes
        self.maxRedirects = maxRedirects
        self.origin = origin
        self.sensitiveHeaders = Set(sensitiveHeaders.map { $0.lowercased() })
        self.sensitiveBody = sensitiveBody
    }

    func start(_ task: URLSessionTask, continuation: CheckedContinuation<HTTPResponse, any Error>) {
        let alreadyFailed: TransportError? = lock.withLock {
            self.continuation = continuation
            return failure
        }
        if let alreadyFailed {
            finish(.failure(alreadyFailed))
        } else {
            task.resume()
        }
    }

    /// Ends the exchange with `error` (the first reason wins): the caller is answered at once, and the
    /// task is stopped by its next callback (a response, a piece of body or a redirect), never at a moment
    /// chosen from outside. Foundation on Linux traps when a task is cancelled while it is between states,
    /// as during a redirect, and from outside there is no telling when that is. A task that receives
    /// nothing more ends at Foundation's own timeout or when the server closes.
    func abort(_ error: TransportError) {
        lock.withLock { if failure == nil { failure = error } }
        finish(.failure(error))
    }

    /// Ends the exchange from inside a callback: the caller is answered at once, and the task is cancelled
    /// from another thread, since a callback may run on the thread that `cancel()` waits for.
    private func fail(_ error: TransportError, cancelling task: URLSessionTask) {
        lock.withLock {
            if failure == nil { failure = error }
            cancelled = true
        }
        finish(.failure(error))
        Self.cancel(task)
    }

    /// Cancels a task without waiting on the thread a callback runs on.
    private static func cancel(_ task: URLSessionTask) {
        DispatchQueue.global().async { task.cancel() }
    }

    /// The queue callbacks run on: on Linux, the thread that produced them (see ``URLSessionTransport``);
    /// elsewhere the session's own serial queue.
    static func callbackQueue() -> OperationQueue? {
        #if canImport(FoundationNetworking)
            InlineOperationQueue()
        #else
            nil
        #endif
    }

    func urlSession(
        _ session: URLSession, dataTask: URLSessionDataTask, didReceive response: URLResponse,
        completionHandler: @escaping (URLSession.ResponseDisposition) -> Void
    ) {
        if response.expectedContentLength > Int64(maxBytes) {
            fail(
                TransportError(
                    .responseTooLarge,
                    "the response announces \(response.expectedContentLength) bytes, over the \(maxBytes)-byte limit"),
                cancelling: dataTask)
            completionHandler(.cancel)
            return
        }
        let failed = lock.withLock {
            self.response = response as? HTTPURLResponse
            return failure != nil
        }
        completionHandler(failed ? .cancel : .allow)
    }

    func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
        let (tooLarge, abortedNow) = lock.withLock {
            guard failure == nil else {
                // Cancel once, on the first piece after the caller was answered from outside a callback.
                defer { cancelled = true }
                return (false, !cancelled)
            }
            body.append(data)
            return (body.count > maxBytes, false)
        }
        if abortedNow {
            Self.cancel(dataTask)
        } else if tooLarge {
            fail(
                TransportError(.responseTooLarge, "the response is over the \(maxBytes)-byte limit; reading stopped"),
                cancelling: dataTask)
        }
    }

    func urlSession(
        _ session: URLSession, task: URLSessionTask, willPerformHTTPRedirection response: HTTPURLResponse,
        newRequest request: URLRequest, completionHandler: @escaping (URLRequest?) -> Void
    ) {
        let target = request.url
        // The Location as sent: Foundation may resolve a `file:` or `data:` location against the current
        // URL before this handler sees it, so the header itself says where the service meant to send us.
        let location =
            response.allHeaderFields.first { ($0.key as? String)?.lowercased() == "location" }?.value as? String
        let scheme = location.flatMap(URLScheme.of) ?? target?.scheme?.lowercased()
        let refused = lock.withLock {
            redirects += 1
            if failure == nil, scheme != "http" && scheme != "https" || target?.host == nil {
                let place = scheme.map { "a \($0): address" } ?? "an address without a scheme"
                failure = TransportError(.badRedirect, "the service redirected to \(place), not a web link")
            }
            if failure == nil, redirects > maxRedirects {
                failure = TransportError(.tooManyRedirects, "more than \(maxRedirects) redirects")
            }
            if failure == nil, sensitiveBody, let origin, Origin(target) != origin {
                failure = TransportError(
                    .badRedirect, "the service redirected a request that carries a secret elsewhere")
            }
            return failure != nil
        }
        // A refusal, never a cancellation: Foundation on Linux traps when a task is cancelled while it
        // waits for this handler. The exchange then completes and reports the failure.
        completionHandler(refused ? nil : withoutForeignCredentials(request))
    }

    /// The redirected request, without the credentials of the first request's origin when it leaves that
    /// origin (another scheme, host or port): a key belongs to the service it was issued for.
    private func withoutForeignCredentials(_ request: URLRequest) -> URLRequest {
        guard let origin, Origin(request.url) != origin else { return request }
        var request = request
        for (name, _) in request.allHTTPHeaderFields ?? [:] where sensitiveHeaders.contains(name.lowercased()) {
            request.setValue(nil, forHTTPHeaderField: name)
        }
        return request
    }

    func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: (any Error)?) {
        let (failure, response, body) = lock.withLock { (self.failure, self.response, self.body) }
        if let failure {
            finish(.failure(failure))
        } else if let error {
            finish(.failure(Self.transportError(for: error)))
        } else if let response {
            var headers: [String: String] = [:]
            for (name, value) in response.allHeaderFields {
                if let name = name as? String, let value = value as? String { headers[name] = value }
            }
            finish(.success(HTTPResponse(status: response.statusCode, headers: headers, body: body)))
        } else {
            finish(.failure(TransportError(.connectionFailed, "the server sent no HTTP response")))
        }
    }

    private func finish(_ result: Result<HTTPResponse, TransportError>) {
        let continuation = lock.withLock {
            defer { self.continuation = nil }
            return self.continuation
        }
        continuation?.resume(with: result.mapError { $0 as any Error })
    }

    static func transportError(for error: any Error) -> TransportError {
        guard let urlError = error as? URLError else {
            return TransportError(.connectionFailed, "the connection failed: \(error.localizedDescription)")
        }
        switch urlError.code {
        case .timedOut:
            return TransportError(.timedOut, "no answer within the request timeout")
        case .cancelled:
            return TransportError(.cancelled, "the request was cancelled")
        case .httpTooManyRedirects, .redirectToNonExistentLocation:
            return TransportError(.tooManyRedirects, "the server redirected too often")
        case .cannotConnectToHost, .cannotFindHost, .dnsLookupFailed:
            return TransportError(.connectionFailed, "cannot connect to \(urlError.failingURL?.host ?? "the host")")
        case .networkConnectionLost:
            return TransportError(.connectionFailed, "the connection was lost before the response was complete")
        default:
            return TransportError(.connectionFailed, "the connection failed: \(urlError.localizedDescription)")
        }
    }
}

/// Scheme, host and port: what a credential is bound to.
struct Origin: Hashable {
    let scheme: String
    let host: String
    let port: Int?

    init?(_ url: URL?) {
        guard let url, let scheme = url.scheme?.lowercased(), let host = url.host?.lowercased() else { return nil }
        self.scheme = scheme
        self.host = host
        port = url.port ?? (scheme == "https" ? 443 : scheme == "http" ? 80 : nil)
    }
}

#if canImport(FoundationNetworking)
    /// An operation queue that runs each operation at once, on the thread that adds it.
    ///
    /// Foundation on Linux reports each piece of a body by adding an operation to the session's delegate
    /// queue and carries on reading without waiting for it, so a fast, highly compressed body piles up
    /// there faster than it is consumed (gigabytes for a gzip bomb) and a cancellation cannot overtake it.
    /// Run inline, each piece is counted, and dropped past the cap, before the next one is decoded.
    /// Callbacks then run on Foundation's own work queue: they must never wait on the task (``cancel()``
    /// does), which is why the transport cancels from another thread.
    private final class InlineOperationQueue: OperationQueue, @unchecked Sendable {
        override func addOperation(_ block: @Sendable @escaping () -> Void) { block() }
    }
#endif
