import Foundation

/// A value decoded leniently: where a record's field has the wrong type, the field becomes `nil`
/// instead of failing the whole document.
public struct Lenient<Value: Decodable & Sendable>: Sendable, Decodable {
    /// The value, or `nil` when it was missing, null or of the wrong type.
    public var value: Value?

    /// Decodes the value, absorbing a type mismatch.
    /// - Parameter decoder: the decoder to read from.
    public init(from decoder: any Decoder) throws {
        value = try? decoder.singleValueContainer().decode(Value.self)
    }
}
