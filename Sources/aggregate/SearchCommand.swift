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
            result = try await options.search(options.query, console: console)
        } catch {
            console.printError("error: \(error)")
            return .usage
        }
        console.writeOut(SearchRenderer(result: result).render(options.format, colors: console.colors))
        Diagnostics(
            verbose: options.verbose, endpoints: options.endpointOrigins, settings: options.settings,
            providersNamed: options.providersNamed
        )
        .report(result, to: console)
        return ExitCode(result.completeness)
    }
}

extension QueryOptions {
    /// Runs a query with the selected providers and settings: the one place `search` and `compare` build
    /// their aggregator, so that a setting added for one reaches both.
    /// - Parameters:
    ///   - query: the query, which `compare` runs without its limit.
    ///   - console: where a progress line and favourites warnings go.
    /// - Returns: the result.
    /// - Throws: ``AggregatorSetupError`` when the set-up is inconsistent.
    func search(_ query: SearchQuery, console: Console) async throws(AggregatorSetupError) -> SearchResult {
        var settings = settings
        settings.favoriteCarriers = FavoritesLocation.load(from: favoritesFolder, console: console)
        let aggregator = try Aggregator(
            providers: providers, transport: URLSessionTransport(maxResponseBytes: settings.maxResponseBytes),
            settings: settings)
        let progress = console.errorIsTerminal ? ProgressLine(console: console) : nil
        var report: (@Sendable (SearchProgress) -> Void)?
        if let progress { report = { progress.show($0) } }
        let result = await aggregator.search(query, progress: report)
        progress?.clear()
        return result
    }
}

/// The lines a search writes to standard error: failures, notes, hints, and with `--verbose` every
/// provider's outcome.
///
/// A provider that does not offer the kind searched for is noted only when the user named it in
/// `--providers`, with `--verbose`, or when no selected provider offers the kind: when all installed
/// providers are asked, one of another kind is expected, and noting it would add a line to every search.
/// The JSON envelope reports it as `unsupported` either way.
struct Diagnostics {
    let verbose: Bool
    let endpoints: [ProviderID: String]
    let settings: Aggregator.Settings
    var providersNamed = true

    func report(_ result: SearchResult, to console: Console) {
        let noneOffersKind =
            !result.outcomes.isEmpty && result.outcomes.allSatisfy { $0.status == .unsupported || $0.enrichesOnly }
        let noteUnsupported = providersNamed || verbose || noneOffersKind
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
            if let error = outcome.error, outcome.status != .unsupported || noteUnsupported {
                let label = outcome.status == .unsupported ? "note" : "warning"
                // A stale stand-in answered, but its live request failed: say how it failed.
                let status = outcome.stale ? ProviderOutcome.status(for: error) : outcome.status
                console.printError("\(label): \(outcome.provider) \(status.rawValue): \(error.message)")
            }
            if outcome.skipped > 0 {
                console.printError(
                    "note: \(outcome.provider) skipped \(outcome.skipped) record\(outcome.skipped == 1 ? "" : "s") it could not read"
                )
            }
            for note in outcome.notes { console.printError("note: \(outcome.provider): \(note)") }
        }
        for note in result.notes { console.printError("note: \(note)") }
        if noneOffersKind {
            console.printError(
                "no selected provider offers \(result.query.kind.rawValue); 'aggregate providers' lists what each offers"
            )
        }
        if result.offers.isEmpty, result.completeness != .none, result.query.kind != .airlineDirectory {
            let kind = result.query.kind == .cars ? "cars" : "flights"
            let hints = result.hints.map(\.description).joined(separator: ", ")
            console.printError(hints.isEmpty ? "no \(kind) match" : "no \(kind) match; \(hints)")
        }
    }
}
