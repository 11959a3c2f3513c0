import Foundation
import ProviderKit

/// Where the answers of live services are kept: what `--offline` reads, what a failed live request falls
/// back to, and what a search is answered from while an answer is still fresh. On disk for one person
/// (``ResponseCache``), in memory for one process (``MemoryAnswerStore``), or in a store several instances
/// of a server share.
///
/// A conformer must guarantee:
/// - An answer is found by the provider and the request's method, URL and body (``AnswerKey``), never by
///   its header fields, so that a credential is never part of a key.
/// - A lookup never throws: what cannot be read is ``AnswerLookup/corrupt(_:)``, and a store that cannot be
///   reached right now is ``AnswerLookup/unavailable(_:)``, so a search goes on without it.
/// - A stored answer is whole or absent, never half of one.
public protocol AnswerStore: Sendable {
    /// Reads the answer kept for a request.
    /// - Parameters:
    ///   - key: the provider and the request.
    ///   - maxBytes: the largest body read; a larger one is ``AnswerLookup/corrupt(_:)``.
    /// - Returns: what was found.
    func load(_ key: AnswerKey, maxBytes: Int) async -> AnswerLookup

    /// Keeps an answer, replacing any before it.
    /// - Parameters:
    ///   - answer: the body and when it arrived.
    ///   - key: the provider and the request.
    /// - Throws: ``CacheError`` when it cannot be kept.
    func store(_ answer: StoredAnswer, for key: AnswerKey) async throws(CacheError)
}

/// What identifies a kept answer: the provider, and the request's method, URL and a digest of its body.
public struct AnswerKey: Sendable, Hashable {
    /// Whose answer it is: providers never share answers.
    public let provider: ProviderID
    /// The request, without credentials.
    public let request: HTTPRequest

    /// Creates a key.
    /// - Parameters:
    ///   - provider: the provider.
    ///   - request: the request, without credentials.
    public init(provider: ProviderID, request: HTTPRequest) {
        self.provider = provider
        self.request = request
    }

    /// `GET https://… body:1a2b…`: the method, the full URL and a digest of the body, never a header field.
    public var text: String { ResponseCache.key(for: request) }

    /// A short, stable name for the key, safe in a file name or a store's key: the provider, the path's last
    /// component and a digest of ``text``.
    public var digest: String {
        let name = request.url.lastPathComponent.filter { $0.isLetter || $0.isNumber || $0 == "-" || $0 == "_" }
        return provider.rawValue + "/" + StableIdentifier.make(prefix: name.isEmpty ? "request" : name, [text])
    }
}

/// One kept answer.
public struct StoredAnswer: Sendable, Hashable {
    /// The body as received.
    public var body: Data
    /// When it was received.
    public var retrievedAt: Date

    /// Creates an answer.
    /// - Parameters:
    ///   - body: the body as received.
    ///   - retrievedAt: when it was received.
    public init(body: Data, retrievedAt: Date) {
        self.body = body
        self.retrievedAt = retrievedAt
    }
}

/// What looking an answer up found.
public enum AnswerLookup: Sendable, Hashable {
    /// A usable answer.
    case hit(StoredAnswer)
    /// Nothing kept for the request.
    case missing
    /// Something kept that cannot be trusted, with the reason; the next good answer replaces it.
    case corrupt(String)
    /// Something kept where another user could have written it, with the reason: it is not read, and
    /// nothing is kept there until that is no longer so.
    case untrusted(String)
    /// The store cannot be reached now, with the reason: the search goes on without it.
    case unavailable(String)
}
