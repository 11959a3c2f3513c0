import AggregatorCore
import Foundation
import ProviderKit

/// The key the instances of a server sharing one Redis sign their answers with: only an instance that
/// holds it can write an answer the others serve. It is its own secret, never the Redis password, so that
/// whoever may write to Redis still cannot write an answer.
public struct SharedSecret: Sendable {
    /// The shortest key taken: anything shorter can be guessed.
    public static let minimumBytes = 16

    let bytes: [UInt8]

    /// A key as given, surrounding whitespace and line breaks removed; `nil` when shorter than
    /// ``minimumBytes``.
    /// - Parameter text: the key.
    public init?(_ text: String) {
        let key = Array(text.trimmingCharacters(in: .whitespacesAndNewlines).utf8)
        guard key.count >= Self.minimumBytes else { return nil }
        bytes = key
    }

    /// The HMAC-SHA256 of a message under the key, in lower-case hexadecimal.
    func sign(_ message: [UInt8]) -> String {
        HMACSHA256.mac(message, key: bytes).map { byte in
            let hex = String(byte, radix: 16)
            return byte < 16 ? "0" + hex : hex
        }.joined()
    }

    /// Whether a signature in hexadecimal is the key's for a message, compared in constant time.
    func verify(_ signature: String, of message: [UInt8]) -> Bool {
        HMACSHA256.equal(Array(sign(message).utf8), Array(signature.lowercased().utf8))
    }
}

/// A kept answer that was not served: its signature is not the instances' key's, or it claims to have been
/// retrieved in the future.
public struct RejectedSharedAnswer: Sendable, Hashable {
    /// Whose answer it claimed to be.
    public var provider: ProviderID
    /// The store's name for the entry (``AnswerKey/digest``).
    public var entry: String
    /// Why it was not served.
    public var reason: String
    /// Whether this is the first time this entry was rejected since the process started (or since the
    /// record of them was last cleared): what is worth a log line.
    public var isFirst: Bool
}
