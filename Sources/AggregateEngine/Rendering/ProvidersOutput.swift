import AggregatorCore
import Foundation
import ProviderKit

/// What `aggregate providers` answers: the installed providers as they are set up, or, with `--check`, how
/// each live one answered a small question. A table or ``ProvidersDocument`` / ``ProviderCheckDocument``.
package enum ProvidersOutput: CommandOutput {
    /// One provider of the list, with what only the table shows.
    package struct Row {
        /// The provider as the JSON document lists it.
        package var entry: ProvidersDocument.Entry
        /// What it can honour, sorted.
        package var capabilities: [String]
        /// `installed`, or where an outside program was found.
        package var foundIn: String
    }

    /// The installed providers; FOUND IN shows only where an outside program is among them.
    case list([Row], showFoundIn: Bool)
    /// How each live provider answered.
    case check([ProviderCheck.Result])

    package var document: Document {
        switch self {
        case .list(let rows, _): .list(ProvidersDocument(entries: rows.map(\.entry)))
        case .check(let results): .check(ProviderCheckDocument(results: results))
        }
    }

    /// The document of either answer.
    package enum Document: OutputDocument {
        /// `aggregate.providers.v1`.
        case list(ProvidersDocument)
        /// `aggregate.providers.check.v1`.
        case check(ProviderCheckDocument)

        package func write(to json: inout JSONWriter) {
            switch self {
            case .list(let document): document.write(to: &json)
            case .check(let document): document.write(to: &json)
            }
        }
    }

    /// How the list narrows to fit a terminal, most expendable first: what a provider is and how it is set up
    /// stay (ID, OFFERS, ENDPOINT, CREDENTIALS and what `--live` would ask); `--wide` and JSON show the rest.
    package static let listNarrowing: [TextTable.Narrowing] = [
        .leaveOut("NAME"), .leaveOut("CAN HONOUR"), .leaveOut("SET BY"), .leaveOut("CURRENCY"),
        .shorten("FOUND IN", to: 24), .shorten("WITH --LIVE", to: 25), .shorten("OFFERS", to: 12),
    ]

    package func write(_ format: OutputFormat, to console: Console, width: Int?) {
        if format == .json {
            console.writeOut(document.printed())
            return
        }
        switch self {
        case .list(let rows, let showFoundIn):
            var table = TextTable(columns: [
                .init(title: "ID"), .init(title: "NAME"), .init(title: "OFFERS"), .init(title: "CURRENCY"),
                .init(title: "CAN HONOUR"), .init(title: "ENDPOINT"), .init(title: "SET BY"),
                .init(title: "CREDENTIALS"), .init(title: "WITH --LIVE"),
            ])
            if showFoundIn { table.columns.append(.list("FOUND IN")) }
            // A row's cells beyond the table's columns are dropped: FOUND IN only shows when it was added.
            for row in rows {
                let entry = row.entry
                let descriptor = entry.descriptor
                table.append([
                    descriptor.id.rawValue, descriptor.displayName, descriptor.offersText,
                    descriptor.nativeCurrency?.rawValue ?? "-", row.capabilities.joined(separator: ", "),
                    entry.endpoint, entry.endpointSource, entry.apiKey, entry.liveEndpoint, row.foundIn,
                ])
            }
            console.writeOut(table.render(bold: console.colors, fitting: width, narrowing: Self.listNarrowing) + "\n")
        case .check(let results):
            var table = TextTable(columns: [
                .init(title: "ID"), .init(title: "ENDPOINT"), .init(title: "STATUS"),
                .init(title: "TIME", alignRight: true), .init(title: "OFFERS", alignRight: true),
                .list("PROBLEM"),
            ])
            for result in results {
                let outcome = result.outcome
                table.append([
                    outcome.provider.rawValue, result.endpoint.description, outcome.status.rawValue,
                    "\(outcome.latency.inMilliseconds) ms", "\(outcome.offerCount)",
                    outcome.error.map(Wording.error) ?? "",
                ])
            }
            console.writeOut(table.render(bold: console.colors) + "\n")
        }
    }
}
