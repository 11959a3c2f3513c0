import AggregatorCore
import Foundation
import Testing

/// The checks every provider's tests run, in this repository or in a package of its own: the mistakes
/// a provider author usually makes, caught before a user meets them.
///
/// They hold for any conformer of ``OfferProvider``, searched with its descriptor's
/// ``ProviderDescriptor/sampleQuery``:
/// - its embedded samples decode and map into offers (or records, for a directory);
/// - ids are unique, the same on every run, and the same when the service's per-request ids
///   (``ProviderDescriptor/perRequestKeys``) change: an id must come from the trip, not from a search;
/// - every offer names the client's provider id as its source, so the provider can run under another
///   id (a second account, say);
/// - prices are positive in currencies the embedded rates table knows, and a zero or negative price in
///   the provider's own sample (``ProviderDescriptor/priceKeys``) is skipped and counted;
/// - live requests ask for the paths the samples are named after;
/// - malformed bodies give a ``ProviderError``, never a crash and never another error type.
///
/// Every failure message names the offer, record or body it is about.
public enum ProviderConformance {
    /// Bodies that no provider's format accepts as a full answer.
    public static let malformedBodies: [String] = [
        "", "not json", "<html><body>502 Bad Gateway</body></html>", "null", "[]", "{}", "42", "\"text\"",
        "{\"data\": 5}", "{\"data\": [{\"price\": \"free\"}]}", "{\"results\": [{}]}", "[{}]",
        "{\"data\": {\"offers\": [{}]}}", "\u{1B}]0;owned\u{07}\u{1B}[2J",
    ]

    /// The id the checks run a provider under, to see that its offers take the client's id.
    public static let probeID: ProviderID = "conformance-probe"

    /// Runs every check on a provider that sells offers.
    /// - Parameters:
    ///   - provider: the provider under test.
    ///   - query: a query its samples answer; the descriptor's sample query by default.
    ///   - sourceLocation: where failures are reported.
    public static func check(
        _ provider: some OfferProvider, query: SearchQuery? = nil, sourceLocation: SourceLocation = #_sourceLocation
    ) async throws {
        let descriptor = provider.descriptor
        let query = query ?? descriptor.sampleQuery
        checkDescriptor(descriptor, sourceLocation: sourceLocation)

        let first = try await provider.search(query, using: .embedded(for: provider))
        let second = try await provider.search(query, using: .embedded(for: provider))
        #expect(
            !first.offers.isEmpty, "\(descriptor.id): the embedded samples map to offers for the sample query",
            sourceLocation: sourceLocation)
        #expect(
            first.offers.map(\.id) == second.offers.map(\.id), "\(descriptor.id): ids are the same on every run",
            sourceLocation: sourceLocation)
        for (id, count) in Dictionary(grouping: first.offers.map(\.id), by: { $0 }).mapValues(\.count) where count > 1 {
            Issue.record("\(descriptor.id): the id \(id) is given to \(count) offers", sourceLocation: sourceLocation)
        }
        checkOffers(first.offers, of: descriptor, sourceLocation: sourceLocation)

        let live = try await provider.search(
            query, using: .embedded(for: provider, servedOver: URL(string: "https://provider.invalid/base")))
        #expect(
            live.offers.map(\.id) == first.offers.map(\.id),
            "\(descriptor.id): live requests ask for the paths the samples are named after",
            sourceLocation: sourceLocation)

        try await checkRunsUnderAnyID(provider, query: query, sourceLocation: sourceLocation)
        try await checkIDsIgnorePerRequestValues(
            provider, query: query, baseline: first, sourceLocation: sourceLocation)
        try await checkNonPositivePricesAreSkipped(
            provider, query: query, baseline: first, sourceLocation: sourceLocation)
        try await checkSurvivesMalformedBodies(
            provider, query: query, what: "offers",
            sane: { response in response.offers.first { $0.price.amount <= 0 }.map { "offer \($0.id)" } },
            sourceLocation: sourceLocation)
    }

    /// Runs the checks that apply to an airline directory, a provider that delivers airline records
    /// instead of offers: its embedded samples decode into records with unique ids and names, the
    /// same on every run; IATA codes are two upper-case letters or digits; logos are web links; live
    /// requests ask for the sample names; malformed bodies give a ``ProviderError`` or no nonsense
    /// records, never a crash.
    /// - Parameters:
    ///   - provider: the directory under test.
    ///   - query: the query it is asked with; the descriptor's sample query by default.
    ///   - sourceLocation: where failures are reported.
    public static func checkDirectory(
        _ provider: some OfferProvider, query: SearchQuery? = nil, sourceLocation: SourceLocation = #_sourceLocation
    ) async throws {
        let descriptor = provider.descriptor
        let query = query ?? descriptor.sampleQuery
        #expect(
            descriptor.categories.contains(.airlineDirectory), "\(descriptor.id) declares airline records",
            sourceLocation: sourceLocation)
        checkDescriptor(descriptor, sourceLocation: sourceLocation)

        let first = try await provider.search(query, using: .embedded(for: provider))
        let second = try await provider.search(query, using: .embedded(for: provider))
        #expect(
            !first.airlines.isEmpty, "\(descriptor.id): the embedded samples map to records",
            sourceLocation: sourceLocation)
        #expect(
            first.airlines == second.airlines, "\(descriptor.id): records are stable", sourceLocation: sourceLocation)
        for (id, count) in Dictionary(grouping: first.airlines.map(\.id), by: { $0 }).mapValues(\.count) where count > 1
        {
            Issue.record("\(descriptor.id): record id \(id) is used \(count) times", sourceLocation: sourceLocation)
        }
        checkRecords(first.airlines, sourceLocation: sourceLocation)
        if !descriptor.categories.contains(.flights), !descriptor.categories.contains(.cars) {
            #expect(first.offers.isEmpty, "\(descriptor.id): a directory sells nothing", sourceLocation: sourceLocation)
        }

        let live = try await provider.search(
            query, using: .embedded(for: provider, servedOver: URL(string: "https://provider.invalid/base")))
        #expect(
            live.airlines == first.airlines,
            "\(descriptor.id): live requests ask for the paths the samples are named after",
            sourceLocation: sourceLocation)

        try await checkSurvivesMalformedBodies(
            provider, query: query, what: "records",
            sane: { response in response.airlines.first { $0.name.isEmpty }.map { "record \($0.id)" } },
            sourceLocation: sourceLocation)
    }

    /// Checks the descriptor on its own: an id of lower-case ASCII letters, digits and dashes, samples,
    /// and required fields its sample query sets.
    /// - Parameters:
    ///   - descriptor: the descriptor.
    ///   - sourceLocation: where failures are reported.
    public static func checkDescriptor(
        _ descriptor: ProviderDescriptor, sourceLocation: SourceLocation = #_sourceLocation
    ) {
        let id = descriptor.id.rawValue
        #expect(!id.isEmpty, "a provider has an id", sourceLocation: sourceLocation)
        #expect(
            id.allSatisfy { $0.isASCII && ($0.isLowercase || $0.isNumber || $0 == "-") },
            "the id '\(id)' is lower-case ASCII letters, digits and dashes", sourceLocation: sourceLocation)
        #expect(
            !descriptor.embeddedResponses.bodies.isEmpty, "\(id) ships embedded samples", sourceLocation: sourceLocation
        )
        let missing = descriptor.missingFields(for: descriptor.sampleQuery)
        #expect(
            missing.isEmpty, "\(id)'s sample query sets the fields it requires; it lacks \(missing.map(\.rawValue))",
            sourceLocation: sourceLocation)
    }

    /// Checks the invariants of airline records.
    /// - Parameters:
    ///   - records: the records a provider returned.
    ///   - sourceLocation: where failures are reported.
    public static func checkRecords(_ records: [AirlineRecord], sourceLocation: SourceLocation = #_sourceLocation) {
        for record in records {
            #expect(
                !record.name.trimmingCharacters(in: .whitespaces).isEmpty, "record \(record.id) has a name",
                sourceLocation: sourceLocation)
            if let iata = record.iata {
                #expect(
                    iata.count == 2 && iata.allSatisfy { $0.isASCII && ($0.isUppercase || $0.isNumber) },
                    "record \(record.id) has a two-character IATA code, not \(iata)", sourceLocation: sourceLocation)
            }
            if let image = record.imageURL {
                #expect(
                    ["http", "https"].contains(image.scheme ?? "") && image.host != nil,
                    "record \(record.id)'s logo is a web link, not \(image)", sourceLocation: sourceLocation)
            }
        }
    }

    /// Checks the invariants of a provider's offers.
    /// - Parameters:
    ///   - offers: the offers the provider returned.
    ///   - descriptor: the provider's descriptor.
    ///   - sourceLocation: where failures are reported.
    public static func checkOffers(
        _ offers: [Offer], of descriptor: ProviderDescriptor, sourceLocation: SourceLocation = #_sourceLocation
    ) {
        let known = ExchangeRates.embedded
        for offer in offers {
            let id = offer.id
            #expect(offer.sources.count == 1, "offer \(id) has one source", sourceLocation: sourceLocation)
            #expect(
                offer.sources.first?.provider == descriptor.id, "offer \(id) names \(descriptor.id) as its source",
                sourceLocation: sourceLocation)
            #expect(offer.price.amount > 0, "offer \(id) has a positive price", sourceLocation: sourceLocation)
            #expect(
                known.rate(for: offer.price.currency) != nil,
                "offer \(id) is priced in a currency the rates table knows, not \(offer.price.currency)",
                sourceLocation: sourceLocation)
            #expect(
                descriptor.categories.contains(offer.product.category),
                "offer \(id) is a product the descriptor declares", sourceLocation: sourceLocation)
            #expect(!id.isEmpty && !id.contains(" "), "offer id '\(id)' is one word", sourceLocation: sourceLocation)
            for link in [offer.imageURL, offer.sources.first?.deepLink].compactMap({ $0 }) {
                #expect(
                    ["http", "https"].contains(link.scheme?.lowercased() ?? "") && link.host != nil,
                    "offer \(id) links only to the web, not to \(link)", sourceLocation: sourceLocation)
            }
            if let itinerary = offer.product.itinerary {
                #expect(!itinerary.legs.isEmpty, "offer \(id) has a leg", sourceLocation: sourceLocation)
                #expect(
                    itinerary.legs.allSatisfy { !$0.segments.isEmpty }, "offer \(id) has no empty leg",
                    sourceLocation: sourceLocation)
            }
        }
    }

    // MARK: - Checks on altered samples

    /// Runs the provider under ``probeID`` and expects every offer to name that id as its source.
    static func checkRunsUnderAnyID(
        _ provider: some OfferProvider, query: SearchQuery, sourceLocation: SourceLocation
    ) async throws {
        let samples = provider.descriptor.embeddedResponses
        let client = ProviderClient(
            provider: probeID, endpoint: .embedded, embedded: samples, transport: UnreachableTransport(),
            now: { Date(timeIntervalSince1970: 1_790_000_000) })
        let response = try await provider.search(query, using: client)
        for offer in response.offers where offer.sources.contains(where: { $0.provider != probeID }) {
            let message =
                "\(provider.descriptor.id): offer \(offer.id) names \(offer.sources.map(\.provider)) as its source, "
                + "not the client's provider id; use client.provider"
            Issue.record(Comment(rawValue: message), sourceLocation: sourceLocation)
        }
    }

    /// Changes every value of the descriptor's per-request keys in the samples and expects the same ids.
    static func checkIDsIgnorePerRequestValues(
        _ provider: some OfferProvider, query: SearchQuery, baseline: ProviderResponse, sourceLocation: SourceLocation
    ) async throws {
        let keys = provider.descriptor.perRequestKeys
        guard !keys.isEmpty else { return }
        let altered = provider.descriptor.embeddedResponses.bodies.mapValues { body in
            SampleEditor.replacingValues(of: keys, in: body) { value in
                value.hasPrefix("\"") ? "\"\(value.dropFirst().dropLast())-next-request\"" : value + "1"
            }
        }
        let response = try await provider.search(query, using: client(serving: altered, for: provider))
        let before = baseline.offers.map(\.id)
        let after = response.offers.map(\.id)
        for (index, id) in before.enumerated() where index >= after.count || after[index] != id {
            let message =
                "\(provider.descriptor.id): offer \(id) changed its id to \(index < after.count ? after[index] : "nothing") "
                + "when the service's per-request values (\(keys.sorted().joined(separator: ", "))) changed; "
                + "derive ids from the trip's content"
            Issue.record(Comment(rawValue: message), sourceLocation: sourceLocation)
            return
        }
        #expect(
            after.count == before.count, "\(provider.descriptor.id): the same offers come back",
            sourceLocation: sourceLocation)
    }

    /// Sets the first price in each sample to zero, then to a negative amount, and expects that record
    /// to be skipped and counted.
    static func checkNonPositivePricesAreSkipped(
        _ provider: some OfferProvider, query: SearchQuery, baseline: ProviderResponse, sourceLocation: SourceLocation
    ) async throws {
        let descriptor = provider.descriptor
        let keys = descriptor.priceKeys
        guard !keys.isEmpty else { return }
        for name in descriptor.embeddedResponses.bodies.keys.sorted() {
            guard let body = descriptor.embeddedResponses.bodies[name],
                SampleEditor.firstValue(of: keys, in: body) != nil
            else { continue }
            for replacement in ["0", "-5"] {
                let edited = SampleEditor.replacingValues(of: keys, in: body, limit: 1) { value in
                    value.hasPrefix("\"") ? "\"\(replacement)\"" : replacement
                }
                var bodies = descriptor.embeddedResponses.bodies
                bodies[name] = edited
                let response = try await provider.search(query, using: client(serving: bodies, for: provider))
                let record = "the first record of '\(name)' whose price is \(replacement)"
                for offer in response.offers where offer.price.amount <= 0 {
                    Issue.record(
                        "\(descriptor.id): offer \(offer.id) has the price \(offer.price); \(record) must be skipped",
                        sourceLocation: sourceLocation)
                }
                #expect(
                    response.skipped > baseline.skipped,
                    "\(descriptor.id): \(record) is counted as skipped (\(response.skipped), before \(baseline.skipped))",
                    sourceLocation: sourceLocation)
                #expect(
                    response.offers.count < baseline.offers.count,
                    "\(descriptor.id): \(record) gives no offer", sourceLocation: sourceLocation)
            }
        }
    }

    /// Serves each malformed body for every request, then each sample cut in half for its own request,
    /// and expects either a response in which `sane` finds nothing wrong or a ``ProviderError``, never
    /// anything else.
    static func checkSurvivesMalformedBodies(
        _ provider: some OfferProvider, query: SearchQuery, what: String, sane: (ProviderResponse) -> String?,
        sourceLocation: SourceLocation
    ) async throws {
        let samples = provider.descriptor.embeddedResponses.bodies
        let cases =
            malformedBodies.map { body in (body, nil as String?) }
            + samples.map { name, sample in (String(sample.prefix(sample.count / 2)), name) }
        for (body, only) in cases {
            var bodies = samples
            for key in bodies.keys where only == nil || key == only { bodies[key] = body }
            let label = "body \(body.prefix(30).debugDescription)\(only.map { " for '\($0)'" } ?? "")"
            do {
                let response = try await provider.search(query, using: client(serving: bodies, for: provider))
                if let wrong = sane(response) {
                    Issue.record(
                        "\(provider.descriptor.id): \(label) yields nonsense \(what): \(wrong)",
                        sourceLocation: sourceLocation)
                }
            } catch is ProviderError {
                // The expected outcome for a body that cannot be read.
            } catch {
                Issue.record(
                    "\(provider.descriptor.id): \(label) threw \(type(of: error)), not ProviderError",
                    sourceLocation: sourceLocation)
            }
        }
    }

    private static func client(serving bodies: [String: String], for provider: some OfferProvider) -> ProviderClient {
        ProviderClient(
            provider: provider.descriptor.id, endpoint: .embedded, embedded: EmbeddedResponses(bodies),
            transport: UnreachableTransport(), now: { Date(timeIntervalSince1970: 1_790_000_000) })
    }
}
