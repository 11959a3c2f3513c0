import Foundation
import ProviderKit

/// When and how long to wait before asking a live service again.
///
/// Rules:
/// - Only transient failures are retried: a 5xx status, a connection that failed or was reset, and a
///   429 without a usable `Retry-After`. A 4xx, a timeout, an oversized body, a redirect loop or a body
///   that does not decode is answered the same way the next time, so it is reported at once.
/// - The wait before retry `n` (1-based) is `baseDelay × 2^(n-1)`, capped at `maxDelay`, with "equal
///   jitter": a random point in its upper half. The jitter spreads out clients that failed together, so
///   they do not come back in step; the fixed half keeps a retry from firing at once.
/// - A 429's `Retry-After` (seconds or an HTTP date) replaces the computed wait, cut to `maxRetryAfter`
///   when the policy has one.
/// - No wait ever runs past the search's deadline: a retry that could not start before it is not made,
///   and the last failure is reported instead.
public struct RetryPolicy: Sendable, Hashable {
    /// How many times a request is sent at most, the first one included.
    public var maxAttempts: Int
    /// The wait before the first retry, before jitter.
    public var baseDelay: Duration
    /// The longest computed wait, before jitter.
    public var maxDelay: Duration
    /// The longest a `Retry-After` is waited for; `nil` waits as long as asked, within the deadline.
    public var maxRetryAfter: Duration?

    /// Creates a policy.
    /// - Parameters:
    ///   - maxAttempts: sends at most, at least 1.
    ///   - baseDelay: the first wait.
    ///   - maxDelay: the longest wait.
    ///   - maxRetryAfter: the longest `Retry-After` waited for.
    public init(
        maxAttempts: Int = 3, baseDelay: Duration = .milliseconds(250), maxDelay: Duration = .seconds(2),
        maxRetryAfter: Duration? = nil
    ) {
        self.maxAttempts = max(maxAttempts, 1)
        self.baseDelay = baseDelay
        self.maxDelay = maxDelay
        self.maxRetryAfter = maxRetryAfter
    }

    /// Three attempts, 250 ms then 500 ms (each jittered), at most 2 s.
    public static let standard = RetryPolicy()
    /// One attempt: no retries.
    public static let never = RetryPolicy(maxAttempts: 1)
    /// For public servers that keep their guests to a few requests: one retry, after the `Retry-After`
    /// asked for (at most 10 s) or about a second and a half (1 to 2 s, jittered).
    public static let polite = RetryPolicy(
        maxAttempts: 2, baseDelay: .seconds(2), maxDelay: .seconds(2), maxRetryAfter: .seconds(10))

    /// The wait before a retry.
    /// - Parameters:
    ///   - retry: which retry, from 1.
    ///   - unit: a random number in `0..<1` (injectable so that tests are exact).
    /// - Returns: a wait between half and all of the capped exponential delay.
    public func delay(beforeRetry retry: Int, unit: Double = Double.random(in: 0..<1)) -> Duration {
        let exponent = min(max(retry - 1, 0), 30)
        let full = min(baseDelay * (1 << exponent), maxDelay)
        return full / 2 + full / 2 * min(max(unit, 0), 1)
    }
}

extension RetryPolicy {
    /// Reads a `Retry-After` header field: delay-seconds or an HTTP date (RFC 9110 §10.2.3).
    /// - Parameters:
    ///   - value: the field's value.
    ///   - now: the current time, for a date.
    /// - Returns: how long to wait (zero for a date in the past), or `nil` when the value is neither form.
    public static func retryAfter(_ value: String, now: Date) -> Duration? {
        let text = value.trimmingCharacters(in: .whitespaces)
        if !text.isEmpty, text.allSatisfy(\.isASCII), text.allSatisfy(\.isNumber) {
            return Int64(text).map { .seconds($0) }
        }
        for format in httpDateFormats {
            let formatter = DateFormatter()
            formatter.locale = Locale(identifier: "en_US_POSIX")
            formatter.timeZone = TimeZone(identifier: "GMT")
            formatter.dateFormat = format
            if let date = formatter.date(from: text) {
                let seconds = max(date.timeIntervalSince(now), 0)
                return .milliseconds(Int64((seconds * 1000).rounded(.up)))
            }
        }
        return nil
    }

    /// IMF-fixdate, then the obsolete RFC 850 and asctime forms a recipient must still accept.
    private static let httpDateFormats = [
        "EEE, dd MMM yyyy HH:mm:ss zzz", "EEEE, dd-MMM-yy HH:mm:ss zzz", "EEE MMM d HH:mm:ss yyyy",
    ]
}
