import Foundation

/// A JSON number that a service sends sometimes as an integer, sometimes as a fraction and sometimes
/// as a numeric string. Decoding it never loses precision: the value is kept as `Decimal`.
public struct LenientNumber: Sendable, Hashable, Decodable {
    /// The value.
    public var value: Decimal

    /// Creates a number.
    /// - Parameter value: the value.
    public init(_ value: Decimal) { self.value = value }

    /// Decodes an integer, a fraction or a string holding either.
    /// - Parameter decoder: the decoder to read from.
    /// - Throws: `DecodingError.typeMismatch` for anything else.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if let integer = try? container.decode(Int64.self) {
            value = Decimal(integer)
        } else if let double = try? container.decode(Double.self), double.isFinite {
            // Through the shortest decimal text, so 169.1 stays 169.1 rather than 169.0999….
            value = Decimal(string: "\(double)") ?? Decimal(double)
        } else if let text = try? container.decode(String.self),
            let parsed = Decimal(string: text.trimmingCharacters(in: .whitespaces)), !text.isEmpty
        {
            value = parsed
        } else {
            throw DecodingError.typeMismatch(
                Decimal.self,
                DecodingError.Context(codingPath: decoder.codingPath, debugDescription: "expected a number"))
        }
    }

    /// The value rounded toward zero, when it fits.
    public var intValue: Int? {
        var input = value
        var result = Decimal()
        NSDecimalRound(&result, &input, 0, .down)
        return Int(exactly: NSDecimalNumber(decimal: result).int64Value)
    }
}
