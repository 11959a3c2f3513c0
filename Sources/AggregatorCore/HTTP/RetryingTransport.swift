import Foundation
import ProviderKit

/// Sends a request again when the failure was transient, as a ``RetryPolicy`` says: the retry stage of
/// a provider's transport stack.
///
/// Rules (the policy's, applied here):
/// - A 5xx answer, a failed or reset connection and a 429 are retried, at most `maxAttempts` sends in
///   all; anything else comes back at once.
/// - The wait before a retry is the policy's jittered backoff, or the 429's `Retry-After` when it has a
///   usable one.
/// - No wait runs past the deadline (the search's, or the request's own timeout from now): when it
///   would, the last answer or failure comes back at once.
/// - The answer or failure that comes back says how many sends it took (``HTTPResponse/attempts``,
///   ``TransportError/attempts``).
public struct RetryingTransport: HTTPTransport {
    /// The transport that sends each attempt.
    public let base: any HTTPTransport
    /// When to retry.
    public let policy: RetryPolicy
    /// When the whole search ends; `nil` bounds each wait by the request's timeout instead.
    public let deadline: ContinuousClock.Instant?
    private let now: @Sendable () -> Date

    /// Wraps a transport.
    /// - Parameters:
    ///   - base: sends each attempt.
    ///   - policy: when to retry.
    ///   - deadline: the instant no wait may pass.
    ///   - now: the clock that HTTP-date `Retry-After` values are measured against.
    public init(
        _ base: any HTTPTransport, policy: RetryPolicy = .standard, deadline: ContinuousClock.Instant? = nil,
        now: @escaping @Sendable () -> Date = { Date() }
    ) {
        self.base = base
        self.policy = policy
        self.deadline = deadline
        self.now = now
    }

    /// Sends the request, retrying transient failures.
    /// - Parameter request: what to send.
    /// - Returns: the last answer, with the number of attempts it took.
    /// - Throws: the last ``TransportError``, with the number of attempts; `CancellationError` when the
    ///   task is cancelled while waiting.
    public func send(_ request: HTTPRequest) async throws -> HTTPResponse {
        let limit = deadline ?? ContinuousClock.now.advanced(by: request.timeout)
        var attempt = 1
        while true {
            let wait: Duration
            do {
                var response = try await base.send(request)
                response.attempts = attempt
                switch response.status {
                case 429:
                    // A usable Retry-After is what the service asked for; without one, back off as for a 5xx.
                    let asked = response.headers["retry-after"].flatMap { RetryPolicy.retryAfter($0, now: now()) }
                        .map { asked in policy.maxRetryAfter.map { min(asked, $0) } ?? asked }
                    guard attempt < policy.maxAttempts else { return response }
                    wait = asked ?? policy.delay(beforeRetry: attempt)
                    if ContinuousClock.now.advanced(by: wait) >= limit { return response }
                case 500..<600:
                    guard attempt < policy.maxAttempts else { return response }
                    wait = policy.delay(beforeRetry: attempt)
                    if ContinuousClock.now.advanced(by: wait) >= limit { return response }
                default:
                    return response
                }
            } catch var error as TransportError {
                error.attempts = attempt
                guard error.isTransient, attempt < policy.maxAttempts else { throw error }
                wait = policy.delay(beforeRetry: attempt)
                if ContinuousClock.now.advanced(by: wait) >= limit { throw error }
            }
            try await Task.sleep(for: wait)
            attempt += 1
        }
    }
}
