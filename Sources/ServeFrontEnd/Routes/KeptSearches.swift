import Foundation
import HTTPServer

/// The finished responses of searches, kept while every answer they were made of is still fresh, so that the
/// same search asked again is answered without running it: no reading, mapping or ranking of the kept answers
/// again, only the bytes sent before.
///
/// Rules:
/// - A response is kept under the key identical searches join on (``JoinedSearches/key(route:parameters:)``):
///   the route and its parameters in any order. What a request may vary besides (its token, its origin) is
///   checked before the route and changes nothing in the answer; the server's own settings are the same for
///   every request.
/// - Only a search every provider answered, each from answers the store keeps and still deems fresh, is kept
///   (``CommandAnswer/freshUntil``): never one where a provider failed, answered from a stale entry or with a
///   request that may not be cached, nor one cut short.
/// - A kept response is served until the earliest instant one of its answers stops being fresh, never later:
///   with instances sharing Redis, that is when the shared answer stops being fresh for every instance.
/// - At most ``maxEntries`` responses and ``maxBytes`` bytes of bodies are kept; keeping one more forgets the
///   ones used longest ago, and one larger than the whole allowance is not kept.
/// - The response is kept as it was sent, its status, fixed header fields and body: the HTTP server adds what
///   belongs to each request (its length, its connection) when it sends one.
package final class KeptSearches: @unchecked Sendable {
    /// The most responses kept.
    package let maxEntries: Int
    /// The most bytes of bodies kept.
    package let maxBytes: Int

    private struct Entry {
        var response: ServerResponse
        var bytes: Int
        var freshUntil: Date
        var lastUsed: UInt64
    }

    private let lock = NSLock()
    private var entries: [String: Entry] = [:]
    private var keptBytes = 0
    private var uses: UInt64 = 0
    private var served = 0
    private let now: @Sendable () -> Date

    /// Creates an empty store.
    /// - Parameters:
    ///   - maxEntries: the most responses kept; 512 by default.
    ///   - maxBytes: the most bytes of bodies kept; 64 MiB by default.
    ///   - now: the clock the answers' freshness is judged by.
    package init(
        maxEntries: Int = 512, maxBytes: Int = 64 << 20, now: @escaping @Sendable () -> Date = { Date() }
    ) {
        self.maxEntries = max(maxEntries, 1)
        self.maxBytes = max(maxBytes, 0)
        self.now = now
    }

    /// The response kept for a search, while its answers are fresh.
    /// - Parameter key: the search's key.
    /// - Returns: the response, or `nil` when none is kept or it is no longer fresh (it is then forgotten).
    package func response(for key: String) -> ServerResponse? {
        let date = now()
        return lock.withLock {
            guard let entry = entries[key] else { return nil }
            guard date < entry.freshUntil else {
                remove(key)
                return nil
            }
            uses += 1
            served += 1
            entries[key]?.lastUsed = uses
            return entry.response
        }
    }

    /// Keeps a search's response until `freshUntil`, replacing any kept before.
    /// - Parameters:
    ///   - response: the response; only a whole body is kept.
    ///   - key: the search's key.
    ///   - freshUntil: when the first of its answers stops being fresh; a response already past it is not kept.
    package func keep(_ response: ServerResponse, for key: String, until freshUntil: Date) {
        guard case .bytes(let body) = response.body, body.count <= maxBytes, now() < freshUntil else { return }
        lock.withLock {
            remove(key)
            while entries.count >= maxEntries || keptBytes + body.count > maxBytes,
                let oldest = entries.min(by: { $0.value.lastUsed < $1.value.lastUsed })
            {
                remove(oldest.key)
            }
            uses += 1
            entries[key] = Entry(response: response, bytes: body.count, freshUntil: freshUntil, lastUsed: uses)
            keptBytes += body.count
        }
    }

    /// How many responses are kept, fresh or not yet found stale.
    package var count: Int { lock.withLock { entries.count } }

    /// How many bytes of bodies are kept.
    package var bytes: Int { lock.withLock { keptBytes } }

    /// How many requests were answered with a kept response.
    package var hits: Int { lock.withLock { served } }

    private func remove(_ key: String) {
        guard let entry = entries.removeValue(forKey: key) else { return }
        keptBytes -= entry.bytes
    }
}
