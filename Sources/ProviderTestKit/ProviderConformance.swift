import AggregatorCore
import Foundation
import ProviderChecks
import ProviderKit
import Testing

/// The checks every provider's tests run, in this repository or in a package of its own: the mistakes
/// a provider author usually makes, caught before a user meets them.
///
/// The checks themselves are ``ConformanceCheck``'s, in the core, so that `aggregate provider check`
/// runs the same ones; this kit records each of its findings as a test issue. They hold for any
/// conformer of ``OfferProvider``, searched with its descriptor's ``ProviderSamples/query``:
/// - its embedded samples decode and map into offers (or records, for a directory);
/// - ids are unique, the same on every run, and the same when the service's per-request ids
///   (``ProviderSamples/perRequestKeys``) change: an id must come from the trip, not from a search;
/// - every offer names the client's provider id as its source, so the provider can run under another
///   id (a second account, say);
/// - prices are positive in currencies the embedded rates table knows, and a zero or negative price in
///   the provider's own sample (``ProviderSamples/priceKeys``) is skipped and counted;
/// - times fall in the years the tool believes in, and links are web links;
/// - live requests ask for the paths the samples are named after;
/// - the sample search ends before its deadline, ``deadline``: a bound on a hang, not on speed;
/// - malformed bodies give a ``ProviderError``, never a crash and never another error type.
///
/// Every failure message names the offer, record or body it is about.
public enum ProviderConformance {
    /// The deadline of each search the checks make: a minute, which rules out a search that hangs and says
    /// nothing about how fast a search is, so that a test never fails because the machine running it is
    /// busy. `aggregate provider check` holds a provider to the deadline a user asks for instead.
    public static let deadline: Duration = .seconds(60)

    /// Bodies that no provider's format accepts as a full answer.
    public static let malformedBodies: [String] = ConformanceCheck.malformedBodies

    /// The id the checks run a provider under, to see that its offers take the client's id.
    public static let probeID: ProviderID = ConformanceCheck.probeID

    /// Runs every check on a provider that sells offers.
    /// - Parameters:
    ///   - provider: the provider under test.
    ///   - query: a query its samples answer; the descriptor's sample query by default.
    ///   - sourceLocation: where failures are reported.
    /// - Throws: nothing today; kept so that callers' `try` stays meaningful if a check needs to throw.
    public static func check(
        _ provider: some OfferProvider, query: SearchQuery? = nil, sourceLocation: SourceLocation = #_sourceLocation
    ) async throws {
        record(await findings(of: provider, query: query), at: sourceLocation)
    }

    /// What ``check(_:query:sourceLocation:)`` finds wrong with a provider that sells offers, without
    /// recording it: for a test that expects a finding.
    /// - Parameters:
    ///   - provider: the provider under test.
    ///   - query: a query its samples answer; the descriptor's sample query by default.
    /// - Returns: the findings, in the order found; empty when every check passed.
    public static func findings(
        of provider: some OfferProvider, query: SearchQuery? = nil
    ) async
        -> [ConformanceCheck.Finding]
    {
        await ConformanceCheck(query: query, deadline: deadline).run(provider).findings
    }

    /// Runs the checks that apply to an airline directory, a provider that delivers airline records
    /// instead of offers (see ``ConformanceCheck/runDirectory(_:)``).
    /// - Parameters:
    ///   - provider: the directory under test.
    ///   - query: the query it is asked with; the descriptor's sample query by default.
    ///   - sourceLocation: where failures are reported.
    /// - Throws: nothing today; kept so that callers' `try` stays meaningful if a check needs to throw.
    public static func checkDirectory(
        _ provider: some OfferProvider, query: SearchQuery? = nil, sourceLocation: SourceLocation = #_sourceLocation
    ) async throws {
        record(
            await ConformanceCheck(query: query, deadline: deadline).runDirectory(provider).findings, at: sourceLocation
        )
    }

    /// Checks the descriptor on its own: an id of lower-case ASCII letters, digits and dashes, samples,
    /// and required fields its sample query sets.
    /// - Parameters:
    ///   - descriptor: the descriptor.
    ///   - sourceLocation: where failures are reported.
    public static func checkDescriptor(
        _ descriptor: ProviderDescriptor, sourceLocation: SourceLocation = #_sourceLocation
    ) {
        record(ConformanceCheck.descriptorFindings(descriptor), at: sourceLocation)
    }

    /// Checks the invariants of airline records.
    /// - Parameters:
    ///   - records: the records a provider returned.
    ///   - sourceLocation: where failures are reported.
    public static func checkRecords(_ records: [AirlineRecord], sourceLocation: SourceLocation = #_sourceLocation) {
        record(ConformanceCheck.recordFindings(records), at: sourceLocation)
    }

    /// Checks the invariants of a provider's offers.
    /// - Parameters:
    ///   - offers: the offers the provider returned.
    ///   - descriptor: the provider's descriptor.
    ///   - sourceLocation: where failures are reported.
    public static func checkOffers(
        _ offers: [Offer], of descriptor: ProviderDescriptor, sourceLocation: SourceLocation = #_sourceLocation
    ) {
        record(ConformanceCheck.offerFindings(offers, of: descriptor), at: sourceLocation)
    }

    /// Records each finding as an issue of the running test.
    private static func record(_ findings: [ConformanceCheck.Finding], at sourceLocation: SourceLocation) {
        for finding in findings {
            Issue.record(Comment(rawValue: finding.message), sourceLocation: sourceLocation)
        }
    }
}
