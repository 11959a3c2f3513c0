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
///   would, the last answer or failure comes back at once. Waits are measured and slept on the transport's
///   clock, so that a test can run them on a clock of its own.
/// - The answer or failure that comes back says how many sends it took (``HTTPResponse/attempts``,
///   ``TransportError/attempts``).
public struct RetryingTransport: HTTPTransport {
    /// The transport that sends each attempt.
    public let base: any HTTPTransport
    /// When to retry.
    public let policy: RetryPolicy
    /// When the whole search ends; `nil` bounds each wait by the request's timeout instead.
    public let deadline: ContinuousClock.Instant?
    /// The clock the waits are measured and slept on.
    public let clock: any Clock<Duration>
    /// Starts measuring on ``clock``: what it gives tells the time passed since, each time it is asked.
    private let stopwatch: @Sendable () -> @Sendable () -> Duration
    /// Sleeps on ``clock``.
    private let sleep: @Sendable (Duration) async throws -> Void
    private let now: @Sendable () -> Date

    /// Wraps a transport.
    /// - Parameters:
    ///   - base: sends each attempt.
    ///   - policy: when to retry.
    ///   - deadline: the instant no wait may pass.
    ///   - clock: the clock the waits are measured and slept on; the continuous clock unless a test runs them
    ///     on its own.
    ///   - now: the clock that HTTP-date `Retry-After` values are measured against.
    public init<WaitClock: Clock<Duration>>(
        _ base: any HTTPTransport, policy: RetryPolicy = .standard, deadline: ContinuousClock.Instant? = nil,
        clock: WaitClock = ContinuousClock(), now: @escaping @Sendable () -> Date = { Date() }
    ) {
        self.base = base
        self.policy = policy
        self.deadline = deadline
        self.clock = clock
        stopwatch = {
            let start = clock.now
            return { start.duration(to: clock.now) }
        }
        sleep = { try await clock.sleep(for: $0) }
        self.now = now
    }

    /// Sends the request, retrying transient failures.
    /// - Parameter request: what to send.
    /// - Returns: the last answer, with the number of attempts it took.
    /// - Throws: the last ``TransportError``, with the number of attempts; `CancellationError` when the
    ///   task is cancelled while waiting.
    public func send(_ request: HTTPRequest) async throws -> HTTPResponse {
        let timeLeft = deadline.map { ContinuousClock.now.duration(to: $0) } ?? request.timeout
        let elapsed = stopwatch()
        // Whether a wait starting now would run past the deadline.
        func passesDeadline(_ wait: Duration) -> Bool { elapsed() + wait >= timeLeft }
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
                    if passesDeadline(wait) { return response }
                case 500..<600:
                    guard attempt < policy.maxAttempts else { return response }
                    wait = policy.delay(beforeRetry: attempt)
                    if passesDeadline(wait) { return response }
                default:
                    return response
                }
            } catch var error as TransportError {
                error.attempts = attempt
                guard error.isTransient, attempt < policy.maxAttempts else { throw error }
                wait = policy.delay(beforeRetry: attempt)
                if passesDeadline(wait) { throw error }
            }
            try await sleep(wait)
            attempt += 1
        }
    }
}
