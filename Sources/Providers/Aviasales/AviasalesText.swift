import Foundation
import ProviderKit

/// Checks the codes and flight numbers of an Aviasales answer on their UTF-8 bytes, so that the common
/// ASCII case never goes through Foundation's Unicode machinery.
enum AviasalesText {
    /// An IATA code of `length` ASCII letters (`VIE`), in any case and with white space around it.
    /// - Parameters:
    ///   - text: the code as sent.
    ///   - length: 3 for airports and cities.
    /// - Returns: the code in upper case, or `nil` when the text is not such a code.
    static func letterCode(_ text: String?, length: Int = 3) -> String? {
        code(text, length: length, allowsDigits: false)
    }

    /// An airline's IATA code: two ASCII letters or digits, at least one of them a letter (`SU`, `S7`,
    /// `5N`).
    /// - Parameter text: the code as sent.
    /// - Returns: the code in upper case, or `nil` when the text is not such a code.
    static func airlineCode(_ text: String?) -> String? {
        guard let code = code(text, length: 2, allowsDigits: true), code.utf8.contains(where: isLetter) else {
            return nil
        }
        return code
    }

    /// A flight number: one to five ASCII digits, optionally followed by one letter (`1815`, `1815A`),
    /// with leading zeros kept as sent.
    /// - Parameter text: the number as sent, or its digits sent as a JSON number.
    /// - Returns: the number, or `nil` when the text is not one.
    static func flightNumber(_ text: String?) -> String? {
        guard let text else { return nil }
        let trimmed = text.trimmedText
        let bytes = Array(trimmed.utf8)
        guard !bytes.isEmpty, bytes.count <= 6 else { return nil }
        let digits = bytes.prefix(while: isDigit)
        let rest = bytes.dropFirst(digits.count)
        guard (1...5).contains(digits.count), rest.count <= 1, rest.allSatisfy(isLetter) else { return nil }
        return trimmed.uppercased()
    }

    private static func code(_ text: String?, length: Int, allowsDigits: Bool) -> String? {
        guard let text else { return nil }
        var utf8 = Substring(text).utf8
        while let byte = utf8.first, isSpace(byte) { utf8 = utf8.dropFirst() }
        while let byte = utf8.last, isSpace(byte) { utf8 = utf8.dropLast() }
        guard utf8.count == length else { return nil }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(length)
        for byte in utf8 {
            guard isLetter(byte) || (allowsDigits && isDigit(byte)) else { return nil }
            bytes.append(byte >= 0x61 ? byte - 0x20 : byte)
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    static func isSpace(_ byte: UInt8) -> Bool { byte == 0x20 || (0x09...0x0D).contains(byte) }
    static func isDigit(_ byte: UInt8) -> Bool { (0x30...0x39).contains(byte) }
    static func isLetter(_ byte: UInt8) -> Bool { (0x41...0x5A).contains(byte) || (0x61...0x7A).contains(byte) }
}
