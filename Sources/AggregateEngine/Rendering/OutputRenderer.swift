import AggregatorCore
import Foundation
import ProviderKit

/// What a command prints on standard output, in each of the three formats: a table and CSV it lays out
/// itself, JSON as the document it chooses (see ``OutputDocument``).
package protocol OutputRenderer {
    /// The JSON document this output is.
    associatedtype Document: OutputDocument

    /// Aligned columns for people.
    /// - Parameters:
    ///   - colors: whether the header may be bold.
    ///   - width: the terminal's columns to fit, or `nil` for every column in full (a pipe, `--wide`).
    func table(colors: Bool, width: Int?) -> String
    /// The versioned JSON document.
    var document: Document { get }
    /// Comma-separated values with a header row.
    func csv() -> String
    /// Writes ``csv()`` in pieces, each a run of whole lines, for output that can be long.
    func writeCSV(to write: (String) -> Void)
}

extension OutputRenderer {
    package func writeCSV(to write: (String) -> Void) { write(csv()) }

    /// The whole standard-output text for a format.
    /// - Parameters:
    ///   - format: table, JSON or CSV.
    ///   - colors: whether a table's header may be bold.
    ///   - width: the terminal's columns a table must fit, or `nil` for the full table.
    /// - Returns: the text, ending in a line break unless it is empty.
    package func render(_ format: OutputFormat, colors: Bool, width: Int? = nil) -> String {
        switch format {
        case .table: table(colors: colors, width: width)
        case .json: document.printed()
        case .csv: csv()
        }
    }

    /// Writes the standard-output text for a format, as ``render(_:colors:width:)`` renders it; JSON and CSV go
    /// out piece by piece as they are written, so that their whole text is never held.
    /// - Parameters:
    ///   - format: table, JSON or CSV.
    ///   - console: where the text goes.
    ///   - width: the terminal's columns a table must fit, or `nil` for the full table.
    package func write(_ format: OutputFormat, to console: Console, width: Int? = nil) {
        switch format {
        case .json: document.print(to: console)
        case .csv: writeCSV(to: console.writeOut)
        case .table: console.writeOut(table(colors: console.colors, width: width))
        }
    }
}
