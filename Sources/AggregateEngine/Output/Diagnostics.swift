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
package struct Diagnostics {
    package let verbose: Bool
    package let endpoints: [ProviderID: String]
    package let settings: SearchSettings
    package var providersNamed = true
    /// The providers asked, for the credentials each live one signs in with.
    package var providers: [any OfferProvider] = []

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

    /// The lines for a search's result, in the order they are printed.
    /// - Parameter result: the result.
    /// - Returns: the lines.
    package func notices(for result: SearchResult) -> [Notice] {
        var notices: [Notice] = []
        let noneOffersKind =
            !result.outcomes.isEmpty && result.outcomes.allSatisfy { $0.status == .unsupported || $0.enrichesOnly }
        let noteUnsupported = providersNamed || verbose || noneOffersKind
        for outcome in result.outcomes {
            let id = outcome.provider
            if verbose {
                let endpoint = settings.endpoint(of: id).description
                let origin = endpoints[id] ?? "default"
                notices.append(
                    .plain(
                        "\(id): \(outcome.status.rawValue), \(outcome.offerCount) offers, \(outcome.skipped) skipped, "
                            + "\(outcome.latency.inMilliseconds) ms, endpoint \(endpoint) (\(origin))"))
                if let signIn = signInLine(for: id) { notices.append(.plain("\(id): \(signIn)")) }
                if let underlying = outcome.error?.underlying {
                    notices.append(.plain("\(id): underlying error: \(underlying)"))
                }
            }
            if let error = outcome.error, outcome.status != .unsupported || noteUnsupported {
                if outcome.status == .notAsked {
                    notices.append(.note("\(id) \(Wording.error(error))"))
                } else {
                    let label: Notice.Level = outcome.status == .unsupported ? .note : .warning
                    // A stale stand-in answered, but its live request failed: say how it failed.
                    let status = outcome.stale ? ProviderOutcome.status(for: error) : outcome.status
                    notices.append(Notice(level: label, text: "\(id) \(status.rawValue): \(Wording.error(error))"))
                }
            }
            if outcome.skipped > 0 {
                notices.append(
                    .note("\(id) skipped \(outcome.skipped) record\(outcome.skipped == 1 ? "" : "s") it could not read")
                )
            }
            if outcome.repeats > 0 { notices.append(.note("\(id): \(Wording.repeats(outcome.repeats))")) }
            for note in outcome.notes { notices.append(.note("\(id): \(Wording.note(note))")) }
        }
        for note in result.notes { notices.append(.note(Wording.note(note))) }
        if noneOffersKind {
            let query = result.query
            let wanted =
                query.kind == .flights && !query.modes.isEmpty
                ? "sells trips by \(TravelMode.alternatives(query.modes))" : "offers \(query.kind.rawValue)"
            notices.append(.plain("no selected provider \(wanted); 'aggregate providers' lists what each offers"))
        }
        if result.offers.isEmpty, result.completeness != .none, result.query.kind != .airlineDirectory {
            let kind = result.query.sought
            let hints = result.hints.map(Wording.hint).joined(separator: ", ")
            notices.append(.plain(hints.isEmpty ? "no \(kind) match" : "no \(kind) match; \(hints)"))
        }
        return notices
    }

    /// Prints the lines for a search's result on standard error.
    /// - Parameters:
    ///   - result: the result.
    ///   - console: where the lines go.
    package func report(_ result: SearchResult, to console: Console) {
        for notice in notices(for: result) { console.printError(notice.line) }
    }

    /// Creates the value from each of its properties, as the memberwise initializer does.
    package init(
        verbose: Bool, endpoints: [ProviderID: String], settings: SearchSettings, providersNamed: Bool = true,
        providers: [any OfferProvider] = []
    ) {
        self.verbose = verbose
        self.endpoints = endpoints
        self.settings = settings
        self.providersNamed = providersNamed
        self.providers = providers
    }
}
