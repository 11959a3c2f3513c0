import Foundation
import ProviderKit

/// What one provider's transport stack fetched during a search: the live bodies, which are stored in
/// the cache once the provider has mapped them, when the cache entries it read were retrieved, which
/// dates a stale answer, and how many requests were asked of the stack and reached its store stage, which
/// says whether the answer as a whole is known to be fresh.
final class ResponseLog: @unchecked Sendable {
    struct Fetched {
        var request: HTTPRequest
        var body: Data
        var retrievedAt: Date
    }

    private let lock = NSLock()
    private var bodies: [Fetched] = []
    private var cacheTimes: [Date] = []
    private var claims: [AnswerKey] = []
    private var askedCount = 0
    private var reachedCount = 0

    func fetched(_ request: HTTPRequest, body: Data, at date: Date) {
        lock.withLock { bodies.append(Fetched(request: request, body: body, retrievedAt: date)) }
    }

    func claimed(_ key: AnswerKey) {
        lock.withLock { claims.append(key) }
    }

    /// The questions this stack leads for other runners or instances, to settle once its answers are stored.
    var claimedKeys: [AnswerKey] { lock.withLock { claims } }

    func readFromCache(at date: Date) {
        lock.withLock { cacheTimes.append(date) }
    }

    /// The live bodies in the order they arrived.
    var fetchedBodies: [Fetched] { lock.withLock { bodies } }

    /// When the oldest cache entry read was retrieved: the age of the answer as a whole.
    var oldestCacheEntry: Date? { lock.withLock { cacheTimes.min() } }

    /// Notes a request asked of the stack, at its top.
    func asked() {
        lock.withLock { askedCount += 1 }
    }

    /// Notes a request that reached the store stage.
    func reached() {
        lock.withLock { reachedCount += 1 }
    }

    /// Until when every answer the stack gave is fresh: the earliest retrieval of a body fetched or read,
    /// plus `lifetime`. `nil` when that is not known of every answer: no request was asked, a request never
    /// reached the store stage (another search's request in flight answered it), one may not be cached, or
    /// one was answered without a kept or stored body (a failure, a status other than 2xx).
    /// - Parameter lifetime: how long a kept answer is served as it is.
    /// - Returns: the instant, or `nil`.
    func freshUntil(lifetime: Duration) -> Date? {
        lock.withLock {
            let dates = bodies.map(\.retrievedAt) + cacheTimes
            guard lifetime > .zero, askedCount > 0, askedCount == reachedCount, dates.count == reachedCount,
                let earliest = dates.min()
            else { return nil }
            return earliest.addingTimeInterval(lifetime.seconds)
        }
    }
}

/// The top of a provider's transport stack in a search: notes each request asked of the stack in the
/// store stage's log, so that an answer is known fresh only when every request reached that stage.
struct AskedTransport: HTTPTransport {
    /// The rest of the stack.
    let base: any HTTPTransport
    let log: ResponseLog

    /// Notes the request, then sends it down the stack.
    /// - Parameter request: what to send.
    /// - Returns: the answer below.
    /// - Throws: whatever the stack below throws.
    func send(_ request: HTTPRequest) async throws -> HTTPResponse {
        log.asked()
        return try await base.send(request)
    }
}
