import AggregatorCore
import Foundation

/// `aggregate search`: asks the providers, merges and ranks their offers, and prints them.
struct SearchCommand: Command {
    static let configuration = CommandConfiguration(
        name: "search",
        abstract: "Ask several travel providers at once and print one merged, ranked list of offers",
        options: QueryOptions.specs,
        discussion: """
            Prices are converted into --currency before they are compared; the same flight sold by several
            providers is one row whose SOLD BY column lists every seller's price. Results go to standard
            output; warnings and notes go to standard error.

            EXIT CODES: 0 every provider answered (even with no offers), 2 some providers failed and the
            rest were printed, 3 no provider answered, 64 usage error.

            EXAMPLES:
              aggregate search --providers kiwi,aviasales --from VIE --to BCN
              aggregate search --date 2026-12-18 --sort best --format json
              aggregate search --endpoint kiwi=file:///tmp/kiwi-response.json
            """)

    let options: QueryOptions

    init(options: ParsedOptions, environment: [String: String]) throws(UsageError) {
        self.options = try QueryOptions(options, environment: environment, command: Self.configuration.name)
    }

    func run(console: Console) async -> ExitCode {
        let result: SearchResult
        do {
            result = try await options.search(options.query)
        } catch {
            console.printError("error: \(error)")
            return .usage
        }
        console.writeOut(SearchRenderer(result: result).render(options.format, colors: console.colors))
        Diagnostics(verbose: options.verbose, endpoints: options.endpointOrigins, settings: options.settings)
            .report(result, to: console)
        return ExitCode(result.completeness)
    }
}

extension QueryOptions {
    /// Runs a query with the selected providers and settings: the one place `search` and `compare` build
    /// their aggregator, so that a setting added for one reaches both.
    /// - Parameter query: the query, which `compare` runs without its limit.
    /// - Returns: the result.
    /// - Throws: ``AggregatorSetupError`` when the set-up is inconsistent.
    func search(_ query: SearchQuery) async throws(AggregatorSetupError) -> SearchResult {
        let aggregator = try Aggregator(
            providers: providers, transport: URLSessionTransport(maxResponseBytes: settings.maxResponseBytes),
            settings: settings)
        return await aggregator.search(query)
    }
}

/// The lines a search writes to standard error: failures, notes, hints, and with `--verbose` every
/// provider's outcome.
struct Diagnostics {
    let verbose: Bool
    let endpoints: [ProviderID: String]
    let settings: Aggregator.Settings

    func report(_ result: SearchResult, to console: Console) {
        for outcome in result.outcomes {
            if verbose {
                let endpoint = settings.endpoints[outcome.provider]?.description ?? "embedded"
                let origin = endpoints[outcome.provider] ?? "default"
                console.printError(
                    "\(outcome.provider): \(outcome.status.rawValue), \(outcome.offers) offers, \(outcome.skipped) skipped, "
                        + "\(outcome.latency.inMilliseconds) ms, endpoint \(endpoint) (\(origin))")
                if let underlying = outcome.error?.underlying {
                    console.printError("\(outcome.provider): underlying error: \(underlying)")
                }
            }
            if let error = outcome.error {
                let label = outcome.status == .unsupported ? "note" : "warning"
                console.printError("\(label): \(outcome.provider) \(outcome.status.rawValue): \(error.message)")
            }
            if outcome.skipped > 0 {
                console.printError(
                    "note: \(outcome.provider) skipped \(outcome.skipped) record\(outcome.skipped == 1 ? "" : "s") it could not read"
                )
            }
            for note in outcome.notes { console.printError("note: \(outcome.provider): \(note)") }
        }
        for note in result.notes { console.printError("note: \(note)") }
        if !result.outcomes.isEmpty, result.outcomes.allSatisfy({ $0.status == .unsupported }) {
            console.printError(
                "no selected provider offers \(result.query.kind.rawValue); 'aggregate providers' lists what each offers"
            )
        }
        if result.offers.isEmpty, result.completeness != .none {
            let kind = result.query.kind == .cars ? "cars" : "flights"
            let hints = result.hints.map(\.description).joined(separator: ", ")
            console.printError(hints.isEmpty ? "no \(kind) match" : "no \(kind) match; \(hints)")
        }
    }
}
