import AggregatorCore
import Foundation
import ProviderKit

/// A JSON document the tool prints: one versioned shape, written by one type in this folder.
///
/// A renderer or command chooses a document and hands it its values; it never spells a member itself, so
/// that each document's schema is read in one file here: ``SearchDocument`` (`aggregate.search.v1`),
/// ``CompareDocument``, ``DatesDocument``, ``AirlinesDocument``, ``ProvidersDocument``,
/// ``ProviderCheckDocument``, a watch's ``HistoryDocument``, a watch run's ``WatchEventDocument`` and
/// ``WatchNotificationDocument``, and the line an outside program reads, ``ProgramQueryDocument``. A provider's
/// outcome, which most of them carry, is written by ``ProviderOutcomeObject`` alone.
package protocol OutputDocument {
    /// Writes the document's one JSON value.
    /// - Parameter json: the writer.
    func write(to json: inout JSONWriter)

    /// About how many bytes the document takes, reserved up front when it is printed whole.
    var capacity: Int { get }
}

extension OutputDocument {
    package var capacity: Int { 4096 }

    /// The document as the tool prints it (see ``JSONWriter/printed(capacity:_:)``), ending in a line break.
    package func printed() -> String {
        JSONWriter.printed(capacity: capacity) { write(to: &$0) }
    }

    /// Writes the document to standard output as ``printed()`` gives it, piece by piece as it is written, so
    /// that a long one is never held whole.
    /// - Parameter console: where the document goes.
    package func print(to console: Console) {
        JSONWriter.print(to: console) { write(to: &$0) }
    }
}
