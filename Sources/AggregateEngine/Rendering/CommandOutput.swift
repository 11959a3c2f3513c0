import AggregatorCore
import ProviderKit

/// The results of an answer: the JSON document every front end can send, and how the command line writes them
/// in each format. The renderers of ``OutputRenderer`` are such outputs as they are.
package protocol CommandOutput {
    /// The JSON document the results are.
    associatedtype Document: OutputDocument

    /// The versioned JSON document.
    var document: Document { get }

    /// Writes the results as the command line does.
    /// - Parameters:
    ///   - format: table, JSON or CSV.
    ///   - console: where the text goes.
    ///   - width: the terminal's columns a table must fit, or `nil` for the full table.
    func write(_ format: OutputFormat, to console: Console, width: Int?)
}

extension SearchRenderer: CommandOutput {}
extension CompareRenderer: CommandOutput {}
extension DatesRenderer: CommandOutput {}
