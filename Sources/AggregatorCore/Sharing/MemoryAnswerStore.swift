import Foundation
import ProviderKit

/// Answers kept in memory for as long as the store lives: one process's shared answers when no cache folder
/// or shared store is set, and a fake for tests.
public final class MemoryAnswerStore: AnswerStore, @unchecked Sendable {
    private let lock = NSLock()
    private var answers: [AnswerKey: StoredAnswer] = [:]

    /// Creates an empty store.
    public init() {}

    /// The answer kept for a request.
    /// - Parameters:
    ///   - key: the provider and the request.
    ///   - maxBytes: the largest body read.
    /// - Returns: the answer, `missing`, or `corrupt` for one over `maxBytes`.
    public func load(_ key: AnswerKey, maxBytes: Int) async -> AnswerLookup {
        guard let answer = lock.withLock({ answers[Self.normalized(key)] }) else { return .missing }
        guard answer.body.count <= maxBytes else { return .corrupt("it is over the \(maxBytes)-byte limit") }
        return .hit(answer)
    }

    /// Keeps an answer.
    /// - Parameters:
    ///   - answer: the body and when it arrived.
    ///   - key: the provider and the request.
    public func store(_ answer: StoredAnswer, for key: AnswerKey) async throws(CacheError) {
        lock.withLock { answers[Self.normalized(key)] = answer }
    }

    /// How many answers are kept.
    public var count: Int { lock.withLock { answers.count } }

    /// The key without what does not identify an answer (header fields, the time limit).
    private static func normalized(_ key: AnswerKey) -> AnswerKey {
        AnswerKey(
            provider: key.provider,
            request: HTTPRequest(method: key.request.method, url: key.request.url, body: key.request.body))
    }
}
