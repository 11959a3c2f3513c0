import AggregatorCore
import Foundation
import ProviderKit

/// What an outside program reads on standard input when `aggregate.provider.v1` asks it to search: one line,
/// the query as ``SearchDocument`` writes it (its `query` member), compact, then a line break.
///
/// The rest of the protocol is read, not written: the spec (``ExternalSpec``) and the offer and status lines
/// (``ExternalOfferReader``, in the shape of a search's offers).
package struct ProgramQueryDocument: OutputDocument {
    /// The question asked.
    package let query: SearchQuery

    package func write(to json: inout JSONWriter) {
        SearchDocument.write(query, forProgram: true, to: &json)
    }

    /// The line the program reads.
    package var line: Data {
        var json = JSONWriter(style: .compact)
        write(to: &json)
        return Data((json.text + "\n").utf8)
    }
}
