import Foundation
import ProviderKit

/// Duffel's error answers: `{"errors": [{"type", "code", "title", "message"}]}` with a 4xx or 5xx status,
/// and a 429 whose `ratelimit-reset` says when the rate limit lifts.
///
/// The live endpoint already turns every non-success answer into the right ``ProviderError`` (`unauthorized`
/// with the remedy to check the key for 401 and 403, `rate_limited` for 429, `http_status` otherwise),
/// quoting a raw excerpt of the body. This reads Duffel's own words instead and words the same error around
/// them with ``RejectedAnswer/error(quoting:detail:)``, so the status handling stays in one place.
enum DuffelErrors {
    /// The error to report for a failed request: the endpoint's, reworded with Duffel's message and the
    /// rate limit's reset when the answer has them, else the endpoint's as it was.
    /// - Parameter error: what the client threw.
    /// - Returns: the error to throw.
    static func explained(_ error: ProviderError) -> ProviderError {
        guard let answer = error.underlying as? RejectedAnswer else { return error }
        let message = self.message(in: answer.body)
        // With a Retry-After the retry stage already waited as asked and the message quotes it.
        let reset = answer.status == 429 && answer.headers["retry-after"] == nil ? resetRemark(answer.headers) : nil
        guard message != nil || reset != nil else { return error }
        return answer.error(quoting: message, detail: reset)
    }

    /// `title: message` of the first error, with how many more there are; `nil` when the body is not
    /// Duffel's error shape. The client sanitises and shortens it.
    static func message(in body: Data) -> String? {
        try? JSONDocument.read(body) { root -> String? in
            guard let errors = try root["errors"].ifPresent else { return nil }
            var count = 0
            var first: String?
            for error in try errors.elements {
                count += 1
                guard first == nil else { continue }
                let title = try error["title"].ifPresent?.string
                let message = try error["message"].ifPresent?.string
                let code = try error["code"].ifPresent?.string
                let parts = [title, message].compactMap { text in
                    text.map { $0.trimmingCharacters(in: .whitespacesAndNewlines) }.flatMap { $0.isEmpty ? nil : $0 }
                }
                // A title that only restates the message says nothing new.
                let words = parts.count == 2 && parts[0] == parts[1] ? [parts[0]] : parts
                first = words.isEmpty ? code : words.joined(separator: ": ")
            }
            guard let first else { return nil }
            return count > 1 ? "\(first) (and \(count - 1) more)" : first
        } ?? nil
    }

    /// When the rate limit lifts, from `ratelimit-reset`: `the rate limit resets at 2026-11-23 00:05:12 UTC`
    /// for an HTTP date or epoch seconds, `the rate limit resets in 42 s` for a number of seconds; `nil`
    /// without the header or for a value in none of these forms.
    static func resetRemark(_ headers: [String: String]) -> String? {
        guard let value = headers["ratelimit-reset"]?.trimmingCharacters(in: .whitespaces), !value.isEmpty,
            value.utf8.count <= 64
        else { return nil }
        if value.allSatisfy({ $0.isASCII && $0.isNumber }) {
            guard value.count <= 12, let number = Int64(value) else { return nil }
            // The draft standard sends seconds to wait; some services send the epoch second instead.
            if number < 1_000_000_000 { return "the rate limit resets in \(number) s" }
            return resetAt(Date(timeIntervalSince1970: TimeInterval(number)))
        }
        return httpDate(value).flatMap(resetAt)
    }

    private static func resetAt(_ date: Date) -> String? {
        guard let time = LocalDateTime(utc: date) else { return nil }
        let seconds = (Int(date.timeIntervalSince1970.rounded(.down)) % 60 + 60) % 60
        return
            "the rate limit resets at \(time.date) \(String(format: "%02d:%02d:%02d", time.hour, time.minute, seconds)) UTC"
    }

    /// An IMF-fixdate, `Sun, 06 Nov 1994 08:49:37 GMT` (RFC 9110), or an ISO-8601 instant.
    private static func httpDate(_ text: String) -> Date? {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "GMT")
        formatter.dateFormat = "EEE, dd MMM yyyy HH:mm:ss zzz"
        if let date = formatter.date(from: text) { return date }
        return ISO8601DateFormatter().date(from: text)
    }
}
