import Foundation

/// An ISO 4217 currency code: three upper-case ASCII letters such as `EUR` or `RUB`.
public struct CurrencyCode: Sendable, Hashable, Comparable, Codable, CustomStringConvertible {
    /// The three upper-case letters.
    public let rawValue: String

    /// Creates a code from text, accepting any letter case.
    /// - Parameter text: three ASCII letters, for example `eur`.
    /// - Returns: `nil` when the text is not three ASCII letters.
    public init?(_ text: String) {
        let upper = text.uppercased()
        guard upper.count == 3, upper.allSatisfy({ $0.isASCII && $0.isLetter }) else { return nil }
        rawValue = upper
    }

    /// Decodes a code from a JSON string, rejecting text that is not three letters.
    /// - Parameter decoder: the decoder to read from.
    /// - Throws: `DecodingError.dataCorrupted` for anything but three ASCII letters.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        let text = try container.decode(String.self)
        guard let code = CurrencyCode(text) else {
            throw DecodingError.dataCorruptedError(
                in: container, debugDescription: "'\(text)' is not an ISO 4217 currency code")
        }
        self = code
    }

    /// Encodes the code as its three letters.
    /// - Parameter encoder: the encoder to write to.
    /// - Throws: whatever the encoder throws.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(rawValue)
    }

    /// The three letters.
    public var description: String { rawValue }

    /// Orders codes alphabetically.
    public static func < (lhs: CurrencyCode, rhs: CurrencyCode) -> Bool { lhs.rawValue < rhs.rawValue }

    /// How many digits follow the decimal point in this currency (ISO 4217 minor units).
    public var minorUnits: Int {
        switch rawValue {
        case "JPY", "KRW", "ISK", "CLP", "VND", "HUF", "XAF", "XOF", "UGX", "PYG": 0
        case "BHD", "KWD", "OMR", "JOD", "TND", "LYD", "IQD": 3
        default: 2
        }
    }

    /// The euro.
    public static let eur = CurrencyCode(unchecked: "EUR")
    /// The Russian rouble.
    public static let rub = CurrencyCode(unchecked: "RUB")
    /// The US dollar.
    public static let usd = CurrencyCode(unchecked: "USD")

    private init(unchecked: String) { rawValue = unchecked }
}
