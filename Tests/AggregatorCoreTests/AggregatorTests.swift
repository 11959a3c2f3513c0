import AggregatorCore
import AggregatorTestSupport
import Foundation
import ProviderKit
import ProviderTestKit
import Testing

@Suite("The aggregator: fan-out, deadline, outcomes and the pipeline")
struct AggregatorTests {
    static let vieBcn = OfferFactory.flight(
        provider: "fast", carrier: "VY", flightNumber: "1815", from: "VIE", to: "BCN", departure: "2026-12-18 12:30",
        price: 98)
    static let vieBcnRoubles = OfferFactory.flight(
        provider: "roubles", carrier: "VY", from: "VIE", to: "BCN", departure: "2026-12-18 12:30", utc: false,
        price: 8900, currency: .rub)

    func aggregator(_ providers: [any OfferProvider], deadline: Duration = .seconds(5)) throws -> Aggregator {
        try Aggregator(
            providers: providers, transport: UnreachableTransport(), settings: try SearchSettings(deadline: deadline),
            now: { OfferFactory.retrievedAt })
    }

    @Test func aSlowProviderIsCutAtTheDeadlineAndTheOthersAreKept() async throws {
        // The deadline is long enough for the fast provider on a busy machine; the slow one would take ten
        // minutes, which is what the bound below rules out.
        let fast = FakeProvider("fast", behaviour: .offers([Self.vieBcn]))
        let slow = FakeProvider("slow", delay: .seconds(600), behaviour: .offers([Self.vieBcn]))
        let clock = ContinuousClock()
        let start = clock.now
        let result = try await aggregator([fast, slow], deadline: .seconds(5)).search(SearchQuery())
        #expect(clock.now - start < .seconds(300), "the search ends at its deadline, not the slow provider's")
        #expect(result.outcomes.map(\.status) == [.ok, .timeout])
        #expect(result.outcomes[1].error?.code == .timeout)
        #expect(result.outcomes[1].latency == .seconds(5))
        #expect(result.offers.count == 1)
        #expect(result.completeness == .partial)
    }

    @Test func providersRunConcurrently() async throws {
        // Each provider waits until the other has started: run one after the other, they would both
        // wait until the deadline and time out.
        let rendezvous = Rendezvous(parties: 2)
        let first = RendezvousProvider(id: "first", rendezvous: rendezvous)
        let second = RendezvousProvider(id: "second", rendezvous: rendezvous)
        let result = try await aggregator([first, second], deadline: .seconds(20)).search(SearchQuery())
        #expect(result.outcomes.map(\.status) == [.ok, .ok])
    }

    @Test func aFailingProviderDoesNotSpoilTheOthers() async throws {
        let broken = FakeProvider(
            "broken", behaviour: .failure(ProviderError(.malformedResponse, provider: "broken", "the body is not JSON"))
        )
        let limited = FakeProvider(
            "limited", behaviour: .failure(ProviderError(.rateLimited, provider: "limited", "slow down")))
        let fine = FakeProvider("fast", behaviour: .offers([Self.vieBcn], skipped: 2))
        let result = try await aggregator([broken, limited, fine]).search(SearchQuery())
        #expect(result.outcomes.map(\.status) == [.failed, .rateLimited, .ok])
        #expect(result.outcomes[0].error?.message == "the body is not JSON")
        #expect(result.outcomes[2].skipped == 2)
        #expect(result.offers.map(\.id).count == 1)
        #expect(result.completeness == .partial)
    }

    @Test func noProviderAnsweringIsNone() async throws {
        let broken = FakeProvider(
            "broken", behaviour: .failure(ProviderError(.transport, provider: "broken", "refused")))
        let result = try await aggregator([broken]).search(SearchQuery())
        #expect(result.completeness == .none)
        #expect(result.offers.isEmpty)
    }

    @Test func anAnswerWithoutOffersIsNoResultsAndStillComplete() async throws {
        let empty = FakeProvider("empty", behaviour: .offers([]))
        let result = try await aggregator([empty]).search(SearchQuery())
        #expect(result.outcomes.map(\.status) == [.noResults])
        #expect(result.completeness == .complete)
    }

    @Test func aProviderOfAnotherKindIsUnsupportedAndNotAsked() async throws {
        let cars = FakeProvider("cars", categories: [.cars], delay: .seconds(30), behaviour: .offers([]))
        let flights = FakeProvider("fast", behaviour: .offers([Self.vieBcn]))
        let result = try await aggregator([cars, flights], deadline: .seconds(20)).search(SearchQuery())
        #expect(result.outcomes.map(\.status) == [.unsupported, .ok])
        #expect(result.outcomes[0].error?.message == "offers cars, not flights")
        #expect(result.completeness == .complete)
    }

    @Test func aQueryAProviderCannotHonourIsNoted() async throws {
        let undated = FakeProvider("undated", capabilities: [], behaviour: .offers([Self.vieBcn]))
        let query = SearchQuery(departureDate: day("2026-12-18"), roundTrip: true)
        let result = try await aggregator([undated]).search(query)
        #expect(
            result.outcomes[0].notes == [
                .cannotHonour([.departureDate], lacking: .dates), .cannotHonour([.roundTrip], lacking: .roundTrips),
            ])
    }

    @Test func pricesAreConvertedMergedAndRanked() async throws {
        let euros = FakeProvider("fast", behaviour: .offers([Self.vieBcn]))
        let roubles = FakeProvider("roubles", currency: .rub, behaviour: .offers([Self.vieBcnRoubles]))
        let result = try await aggregator([euros, roubles]).search(SearchQuery(currency: .eur))
        let offer = try #require(result.offers.first)
        #expect(result.offers.count == 1)
        #expect(offer.price == Money(decimal("94.43"), .eur))
        #expect(offer.sources.map(\.provider) == ["roubles", "fast"])
        #expect(offer.tags.isSuperset(of: [.cheapest, .multipleSources]))
        #expect(result.outcomes.map(\.offerCount) == [1, 1])
    }

    @Test func theLimitKeepsTheBestAndCountsTheRest() async throws {
        let many = (0..<5).map { index in
            OfferFactory.flight(
                provider: "fast", carrier: "VY", flightNumber: "\(index)", from: "VIE", to: "BCN",
                departure: "2026-12-18 1\(index):00", price: Decimal(100 - index))
        }
        let result = try await aggregator([FakeProvider("fast", behaviour: .offers(many))]).search(
            SearchQuery(limit: 2))
        #expect(result.offers.map(\.price.amount) == [96, 97])
        #expect(result.matched == 5)
    }

    @Test func emptyResultsCarryHints() async throws {
        let result = try await aggregator([FakeProvider("fast", behaviour: .offers([Self.vieBcn]))])
            .search(SearchQuery(maxPrice: 50))
        #expect(result.offers.isEmpty)
        #expect(result.hints == [FilterHint(dropped: [.maxPrice], offers: 1)])
    }

    @Test func unconvertiblePricesAreNoted() async throws {
        let xyz = try #require(CurrencyCode("XYZ"))
        let strange = OfferFactory.flight(
            provider: "fast", carrier: "ZZ", from: "VIE", to: "BCN", departure: "2026-12-18 05:00", price: 1,
            currency: xyz)
        let result = try await aggregator([FakeProvider("fast", behaviour: .offers([strange]))]).search(SearchQuery())
        #expect(result.notes == [.unconvertedPrices([xyz], ratesDate: ExchangeRates.embedded.date)])
    }

    @Test func badSetUpFailsBeforeAnyRequest() {
        let one = FakeProvider("same", behaviour: .offers([]))
        #expect(throws: AggregatorSetupError(.duplicateProvider("same"))) { try Aggregator(providers: [one, one]) }
        #expect(throws: AggregatorSetupError.self) {
            try Aggregator(providers: [one], settings: try SearchSettings(deadline: .zero))
        }
    }
}

/// Lets `parties` tasks continue only once all of them have arrived.
actor Rendezvous {
    private let parties: Int
    private var arrived = 0
    private var waiting: [CheckedContinuation<Void, Never>] = []

    init(parties: Int) { self.parties = parties }

    func arrive() async {
        arrived += 1
        if arrived == parties {
            waiting.forEach { $0.resume() }
            waiting = []
        } else {
            await withCheckedContinuation { waiting.append($0) }
        }
    }
}

struct RendezvousProvider: OfferProvider {
    let descriptor: ProviderDescriptor
    let rendezvous: Rendezvous

    init(id: ProviderID, rendezvous: Rendezvous) {
        descriptor = ProviderDescriptor(
            id: id, displayName: id.rawValue, summary: "Waits for its peer.", categories: [.flights],
            samples: ProviderSamples(EmbeddedResponses([:])))
        self.rendezvous = rendezvous
    }

    func search(_ query: SearchQuery, using client: ProviderClient) async throws(ProviderError) -> ProviderResponse {
        await rendezvous.arrive()
        return ProviderResponse(offers: [AggregatorTests.vieBcn])
    }
}
