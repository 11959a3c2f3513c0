import Foundation
import ProviderKit

extension ResponseCache: AnswerStore {
    /// Reads the file kept for a request.
    /// - Parameters:
    ///   - key: the provider and the request.
    ///   - maxBytes: the largest body read.
    /// - Returns: the answer, `missing`, or `corrupt` or `untrusted` with the reason.
    public func load(_ key: AnswerKey, maxBytes: Int) async -> AnswerLookup {
        switch load(provider: key.provider, request: key.request, maxBytes: maxBytes) {
        case .hit(let entry): .hit(StoredAnswer(body: entry.body, retrievedAt: entry.retrievedAt))
        case .missing: .missing
        case .corrupt(let reason): .corrupt(reason)
        case .untrusted(let reason): .untrusted(reason)
        }
    }

    /// Writes the file for a request, atomically and owner-only.
    /// - Parameters:
    ///   - answer: the body and when it arrived.
    ///   - key: the provider and the request.
    /// - Throws: ``CacheError`` when the folder or file cannot be written.
    public func store(_ answer: StoredAnswer, for key: AnswerKey) async throws(CacheError) {
        try store(answer.body, provider: key.provider, request: key.request, retrievedAt: answer.retrievedAt)
    }
}
