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

/// An array whose elements are decoded one by one: an element that fails to decode is counted and
/// left out, so one bad record never spoils the list.
public struct SkippingArray<Element: Decodable & Sendable>: Sendable, Decodable {
    /// The elements that decoded.
    public var elements: [Element]
    /// How many did not.
    public var skipped: Int

    /// Decodes each element in turn.
    /// - Parameter decoder: the decoder to read from.
    /// - Throws: only when the value is not an array at all.
    public init(from decoder: any Decoder) throws {
        var container = try decoder.unkeyedContainer()
        var elements: [Element] = []
        var skipped = 0
        while !container.isAtEnd {
            if let element = try? container.decode(Element.self) {
                elements.append(element)
            } else {
                // Step over the bad element so the next one can be read.
                _ = try? container.decode(Skip.self)
                skipped += 1
            }
        }
        self.elements = elements
        self.skipped = skipped
    }

    /// Accepts any JSON value without reading it, which moves the container past it.
    private struct Skip: Decodable {
        init(from decoder: any Decoder) throws {}
    }
}
