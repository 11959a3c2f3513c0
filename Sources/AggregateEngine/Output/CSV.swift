import AggregatorCore
import Foundation
import ProviderKit

/// Comma-separated values as RFC 4180 writes them, one record per line.
///
/// Every field passes through ``PrintableText`` first, so no control character or bidirectional override
/// from a provider reaches a spreadsheet or a terminal, and a line break inside a value becomes a space:
/// one record is always one line. Fields holding a comma or a quote are quoted, quotes doubled.
package enum CSV {
    /// One record, without its line break.
    /// - Parameter fields: the fields, from anywhere.
    /// - Returns: the record.
    package static func line(_ fields: [String]) -> String {
        fields.map { field in
            let field = PrintableText.sanitized(field)
            // Bytes, not characters: a comma or a quote is one byte, and booking links run to kilobytes.
            guard field.utf8.contains(where: { $0 == 0x2C || $0 == 0x22 }) else { return field }
            return "\"" + field.replacingOccurrences(of: "\"", with: "\"\"") + "\""
        }.joined(separator: ",")
    }
}
