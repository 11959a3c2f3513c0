import Foundation
import ProviderKit

/// What one provider's transport stack fetched during a search: the live bodies, which are stored in
/// the cache once the provider has mapped them, and when the cache entries it read were retrieved,
/// which dates a stale answer.
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
}
