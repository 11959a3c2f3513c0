import AggregatorCore
import Foundation
import ProviderKit

/// The lines a search writes to standard error: failures, notes, hints, and with `--verbose` every
/// provider's outcome.
///
/// A provider that does not offer the kind searched for is noted only when the user named it in
/// `--providers`, with `--verbose`, or when no selected provider offers the kind: when all installed
/// providers are asked, one of another kind is expected, and noting it would add a line to every search.
/// A provider that was not asked for want of a field is always noted, with the options to add. The JSON
/// envelope reports both either way. Records a provider repeated exactly are noted as repeats, apart from the
/// records it could not read.
struct Diagnostics {
    let verbose: Bool
    let endpoints: [ProviderID: String]
    let settings: SearchSettings
    var providersNamed = true
    /// The providers asked, for the credentials each live one signs in with.
    var providers: [any OfferProvider] = []

    /// `signs in with AGGREGATE_KIWI_API_KEY (set)`, for a live provider whose service takes credentials:
    /// the variables' names and whether they are set, never a value.
    private func signInLine(for id: ProviderID) -> String? {
        guard let descriptor = providers.first(where: { $0.descriptor.id == id })?.descriptor,
            let service = descriptor.service(for: settings.endpoint(of: id)), service.signIn.needsCredentials
        else { return nil }
        let names = service.signIn.credentials
        let set = settings.credentials[id]?.has(names) == true
        let variables = names.map { EnvironmentNames.credential($0, of: id) }
        return "signs in with \(Wording.list(variables)) (\(set ? "set" : "not set"))"
    }

    func report(_ result: SearchResult, to console: Console) {
        let noneOffersKind =
            !result.outcomes.isEmpty && result.outcomes.allSatisfy { $0.status == .unsupported || $0.enrichesOnly }
        let noteUnsupported = providersNamed || verbose || noneOffersKind
        for outcome in result.outcomes {
            let id = outcome.provider
            if verbose {
                let endpoint = settings.endpoint(of: id).description
                let origin = endpoints[id] ?? "default"
                console.printError(
                    "\(id): \(outcome.status.rawValue), \(outcome.offerCount) offers, \(outcome.skipped) skipped, "
                        + "\(outcome.latency.inMilliseconds) ms, endpoint \(endpoint) (\(origin))")
                if let signIn = signInLine(for: id) { console.printError("\(id): \(signIn)") }
                if let underlying = outcome.error?.underlying {
                    console.printError("\(id): underlying error: \(underlying)")
                }
            }
            if let error = outcome.error, outcome.status != .unsupported || noteUnsupported {
                if outcome.status == .notAsked {
                    console.printError("note: \(id) \(Wording.error(error))")
                } else {
                    let label = outcome.status == .unsupported ? "note" : "warning"
                    // A stale stand-in answered, but its live request failed: say how it failed.
                    let status = outcome.stale ? ProviderOutcome.status(for: error) : outcome.status
                    console.printError("\(label): \(id) \(status.rawValue): \(Wording.error(error))")
                }
            }
            if outcome.skipped > 0 {
                console.printError(
                    "note: \(id) skipped \(outcome.skipped) record\(outcome.skipped == 1 ? "" : "s") it could not read")
            }
            if outcome.repeats > 0 { console.printError("note: \(id): \(Wording.repeats(outcome.repeats))") }
            for note in outcome.notes { console.printError("note: \(id): \(Wording.note(note))") }
        }
        for note in result.notes { console.printError("note: \(Wording.note(note))") }
        if noneOffersKind {
            let query = result.query
            let wanted =
                query.kind == .flights && !query.modes.isEmpty
                ? "sells trips by \(TravelMode.alternatives(query.modes))" : "offers \(query.kind.rawValue)"
            console.printError("no selected provider \(wanted); 'aggregate providers' lists what each offers")
        }
        if result.offers.isEmpty, result.completeness != .none, result.query.kind != .airlineDirectory {
            let kind = result.query.kind == .cars ? "cars" : "flights"
            let hints = result.hints.map(Wording.hint).joined(separator: ", ")
            console.printError(hints.isEmpty ? "no \(kind) match" : "no \(kind) match; \(hints)")
        }
    }

    /// The lines that say which providers' prices are not real, written last, after the results and every
    /// other line: a table or CSV cannot carry the mark, so standard error does. JSON carries it in each
    /// provider's outcome (`"sample": true`) and gets no line, and so do results that could not be written
    /// (a full disk): the one line then says so. A reader that stopped early still saw prices, and is told.
    /// - Parameters:
    ///   - outcomes: the search's provider outcomes.
    ///   - format: the format the results were written in.
    ///   - console: where the lines go.
    static func reportSamples(in outcomes: [ProviderOutcome], format: OutputFormat, to console: Console) {
        guard format != .json, console.outputFailure().map(\.isClosedPipe) ?? true else { return }
        for line in Wording.samples(outcomes) { console.printError("note: \(line)") }
    }
}
