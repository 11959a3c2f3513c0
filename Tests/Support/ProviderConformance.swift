import AggregatorCore
import Foundation
import Testing

/// The checks every provider module's tests run on its provider.
///
/// They hold for any conformer of ``OfferProvider``: its embedded samples decode and map into
/// offers; ids are unique and the same on every run; prices are positive in currencies the embedded
/// rates table knows; the live request paths match the sample names; and malformed bodies give a
/// ``ProviderError`` — never a crash, never another error type.
public enum ProviderConformance {
    /// Bodies that no provider's format accepts as a full answer.
    public static let malformedBodies: [String] = [
        "", "not json", "<html><body>502 Bad Gateway</body></html>", "null", "[]", "{}", "42", "\"text\"",
        "{\"data\": 5}", "{\"data\": [{\"price\": \"free\"}]}", "{\"results\": [{}]}", "[{}]",
    ]

    /// Runs every check.
    /// - Parameters:
    ///   - provider: the provider under test.
    ///   - query: a query its samples answer.
    ///   - sourceLocation: where failures are reported.
    public static func check(
        _ provider: some OfferProvider, query: SearchQuery = SearchQuery(),
        sourceLocation: SourceLocation = #_sourceLocation
    ) async throws {
        let descriptor = provider.descriptor
        #expect(!descriptor.id.rawValue.isEmpty, sourceLocation: sourceLocation)
        #expect(
            descriptor.id.rawValue.allSatisfy { $0.isASCII && ($0.isLowercase || $0.isNumber) },
            "provider ids are lower-case ASCII", sourceLocation: sourceLocation)
        #expect(!descriptor.embeddedResponses.bodies.isEmpty, "ships embedded samples", sourceLocation: sourceLocation)

        let first = try await provider.search(query, using: .embedded(for: provider))
        let second = try await provider.search(query, using: .embedded(for: provider))
        #expect(!first.offers.isEmpty, "the embedded samples map to offers", sourceLocation: sourceLocation)
        #expect(first.offers.map(\.id) == second.offers.map(\.id), "ids are stable", sourceLocation: sourceLocation)
        #expect(
            Set(first.offers.map(\.id)).count == first.offers.count, "ids are unique", sourceLocation: sourceLocation)
        checkOffers(first.offers, of: descriptor, sourceLocation: sourceLocation)

        let live = try await provider.search(
            query, using: .embedded(for: provider, servedOver: URL(string: "https://provider.invalid/base")))
        #expect(
            live.offers.map(\.id) == first.offers.map(\.id),
            "live requests ask for the paths the samples are named after", sourceLocation: sourceLocation)

        try await checkSurvivesMalformedBodies(
            provider, query: query, what: "offers", sane: { $0.offers.allSatisfy { $0.price.amount > 0 } },
            sourceLocation: sourceLocation)
    }

    /// Runs the checks that apply to an airline directory, a provider that delivers airline records
    /// instead of offers: its embedded samples decode into records with unique ids and names, the
    /// same on every run; IATA codes are two upper-case letters or digits; live requests ask for the
    /// sample names; malformed bodies give a ``ProviderError`` or no nonsense records, never a crash.
    /// - Parameters:
    ///   - provider: the directory under test.
    ///   - query: the query it is asked with (an airline-directory search by default).
    ///   - sourceLocation: where failures are reported.
    public static func checkDirectory(
        _ provider: some OfferProvider, query: SearchQuery = SearchQuery(kind: .airlineDirectory),
        sourceLocation: SourceLocation = #_sourceLocation
    ) async throws {
        let descriptor = provider.descriptor
        #expect(descriptor.categories.contains(.airlineDirectory), sourceLocation: sourceLocation)
        #expect(
            descriptor.id.rawValue.allSatisfy { $0.isASCII && ($0.isLowercase || $0.isNumber) },
            "provider ids are lower-case ASCII", sourceLocation: sourceLocation)
        #expect(!descriptor.embeddedResponses.bodies.isEmpty, "ships embedded samples", sourceLocation: sourceLocation)

        let first = try await provider.search(query, using: .embedded(for: provider))
        let second = try await provider.search(query, using: .embedded(for: provider))
        #expect(!first.airlines.isEmpty, "the embedded samples map to records", sourceLocation: sourceLocation)
        #expect(first.airlines == second.airlines, "records are stable", sourceLocation: sourceLocation)
        #expect(
            Set(first.airlines.map(\.id)).count == first.airlines.count, "ids are unique",
            sourceLocation: sourceLocation)
        checkRecords(first.airlines, sourceLocation: sourceLocation)
        if !descriptor.categories.contains(.flights), !descriptor.categories.contains(.cars) {
            #expect(first.offers.isEmpty, "a directory sells nothing", sourceLocation: sourceLocation)
        }

        let live = try await provider.search(
            query, using: .embedded(for: provider, servedOver: URL(string: "https://provider.invalid/base")))
        #expect(
            live.airlines == first.airlines, "live requests ask for the paths the samples are named after",
            sourceLocation: sourceLocation)

        try await checkSurvivesMalformedBodies(
            provider, query: query, what: "records", sane: { $0.airlines.allSatisfy { !$0.name.isEmpty } },
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
                    ["http", "https"].contains(image.scheme ?? ""), "record \(record.id)'s logo is a web URL",
                    sourceLocation: sourceLocation)
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
            #expect(offer.sources.count == 1, "\(offer.id) has one source", sourceLocation: sourceLocation)
            #expect(offer.sources.first?.provider == descriptor.id, sourceLocation: sourceLocation)
            #expect(offer.price.amount > 0, "\(offer.id) has a positive price", sourceLocation: sourceLocation)
            #expect(
                known.rate(for: offer.price.currency) != nil,
                "\(offer.id) is priced in a currency the rates table knows", sourceLocation: sourceLocation)
            #expect(
                descriptor.categories.contains(offer.product.category),
                "\(offer.id) is a product the descriptor declares", sourceLocation: sourceLocation)
            #expect(!offer.id.isEmpty && !offer.id.contains(" "), sourceLocation: sourceLocation)
            if let itinerary = offer.product.itinerary {
                #expect(!itinerary.legs.isEmpty, sourceLocation: sourceLocation)
                #expect(itinerary.legs.allSatisfy { !$0.segments.isEmpty }, sourceLocation: sourceLocation)
            }
        }
    }

    /// Serves each malformed body for every request, then each sample cut in half for its own request,
    /// and expects either a response that passes `sane` or a ``ProviderError``, never anything else.
    static func checkSurvivesMalformedBodies(
        _ provider: some OfferProvider, query: SearchQuery, what: String, sane: (ProviderResponse) -> Bool,
        sourceLocation: SourceLocation
    ) async throws {
        let samples = provider.descriptor.embeddedResponses.bodies
        let cases =
            malformedBodies.map { body in (body, nil as String?) }
            + samples.map { name, sample in (String(sample.prefix(sample.count / 2)), name) }
        for (body, only) in cases {
            var bodies = samples
            for key in bodies.keys where only == nil || key == only { bodies[key] = body }
            let client = ProviderClient(
                provider: provider.descriptor.id, endpoint: .embedded, embedded: EmbeddedResponses(bodies),
                transport: UnreachableTransport())
            do {
                let response = try await provider.search(query, using: client)
                #expect(sane(response), "a malformed body yields no nonsense \(what)", sourceLocation: sourceLocation)
            } catch is ProviderError {
                // The expected outcome for a body that cannot be read.
            } catch {
                Issue.record(
                    "body \(body.prefix(30).debugDescription) threw \(type(of: error)), not ProviderError",
                    sourceLocation: sourceLocation)
            }
        }
    }
}

extension ProviderClient {
    /// A client that serves the provider's embedded samples. With `servedOver`, it serves them as a
    /// live endpoint at that URL through ``SampleTransport``, which answers 404 to any path whose
    /// last component is not a sample's name: a check that live requests ask for the right paths.
    /// - Parameters:
    ///   - provider: the provider whose samples to serve.
    ///   - servedOver: a base URL to serve them at over a stub transport.
    ///   - transport: the stub transport to use, so a test can read the requests it was sent.
    ///   - now: the clock for `retrievedAt`.
    /// - Returns: the client.
    public static func embedded(
        for provider: some OfferProvider, servedOver: URL? = nil, transport: SampleTransport? = nil,
        now: @escaping @Sendable () -> Date = { Date(timeIntervalSince1970: 1_790_000_000) }
    ) -> ProviderClient {
        let samples = provider.descriptor.embeddedResponses
        return ProviderClient(
            provider: provider.descriptor.id, endpoint: servedOver.map(Endpoint.remote) ?? .embedded,
            embedded: samples, transport: transport ?? SampleTransport(samples: samples), now: now)
    }
}
