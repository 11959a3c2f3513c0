import AggregatorCore
import Foundation

/// What a command prints on standard output, in each of the three formats.
protocol OutputRenderer {
    /// Aligned columns for people.
    func table(colors: Bool) -> String
    /// The versioned JSON envelope.
    func json() -> JSONValue
    /// Comma-separated values with a header row.
    func csv() -> String
}

extension OutputRenderer {
    /// The whole standard-output text for a format.
    func render(_ format: OutputFormat, colors: Bool) -> String {
        switch format {
        case .table: table(colors: colors)
        case .json: json().serialized() + "\n"
        case .csv: csv()
        }
    }
}
