import AggregatorCore
import Foundation
import ProviderKit

/// Sizes as people write them: `33554432`, `500KiB`, `32MiB`, `1GiB` (also `KB`/`MB`/`GB`, read as
/// the binary units, since that is what a cap on memory means).
package enum ByteSize {
    /// Reads a size.
    /// - Parameter text: the written size.
    /// - Returns: bytes, or `nil` when the text is not a positive size of at most 4 GiB.
    package static func parse(_ text: String) -> Int? {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        let digits = trimmed.prefix { $0.isASCII && $0.isNumber }
        let unit = trimmed.dropFirst(digits.count).trimmingCharacters(in: .whitespaces).lowercased()
        let multipliers: [String: Int] = [
            "": 1, "b": 1, "k": 1 << 10, "kb": 1 << 10, "kib": 1 << 10, "m": 1 << 20, "mb": 1 << 20,
            "mib": 1 << 20, "g": 1 << 30, "gb": 1 << 30, "gib": 1 << 30,
        ]
        guard !digits.isEmpty, digits.count <= 10, let value = Int(digits), value > 0,
            let multiplier = multipliers[unit]
        else { return nil }
        let bytes = value.multipliedReportingOverflow(by: multiplier)
        guard !bytes.overflow, bytes.partialValue <= 4 << 30 else { return nil }
        return bytes.partialValue
    }

    /// `32 MiB`, `500 KiB`, `1234 bytes`.
    package static func format(_ bytes: Int) -> String {
        if bytes >= 1 << 20, bytes % (1 << 20) == 0 { return "\(bytes >> 20) MiB" }
        if bytes >= 1 << 10, bytes % (1 << 10) == 0 { return "\(bytes >> 10) KiB" }
        return "\(bytes) bytes"
    }
}
