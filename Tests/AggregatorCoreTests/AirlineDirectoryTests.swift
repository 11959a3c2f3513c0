import AggregatorCore
import AggregatorTestSupport
import Foundation
import ProviderKit
import ProviderTestKit
import Testing

@Suite("The airline directory: lookup, search, enrichment and favourites")
struct AirlineDirectoryTests {
    static let records = [
        AirlineRecord(
            id: 1, name: "Austrian Airlines", iata: "OS", icao: "AUA", callsign: "AUSTRIAN", country: "AT",
            imageURL: URL(string: "https://logos.example/OS.png")),
        AirlineRecord(id: 2, name: "Türk Hava Yolları", iata: "TK", icao: "THY", callsign: "TURKISH", country: "TR"),
        AirlineRecord(id: 3, name: "SAS Scandinavian Airlines", iata: "SK", icao: "SAS", callsign: "SCANDINAVIAN"),
        AirlineRecord(id: 4, name: "British Airways", iata: "BA", icao: "BAW", callsign: "SPEEDBIRD", country: "GB"),
        AirlineRecord(id: 5, name: "Air Berlin", iata: "AB", icao: "BER", country: "DE", isActive: false),
        AirlineRecord(id: 6, name: "Transavia", iata: "HV", icao: "TRA", country: "NL"),
        AirlineRecord(id: 7, name: "Luxwing", icao: "LWG", callsign: "LUXWING", country: "MT"),
        AirlineRecord(id: 8, name: "Aerolíneas Argentinas", iata: "AR", country: "AR"),
    ]
    static let directory = AirlineDirectory(records)

    // MARK: Lookup

    @Test func looksUpByIATACodeInAnyCase() {
        #expect(Self.directory.record(iata: "os")?.id == 1)
        #expect(Self.directory.record(iata: " TK ")?.id == 2)
        #expect(Self.directory.record(iata: "XX") == nil)
    }

    @Test func looksUpByNameIgnoringCaseAndAccents() {
        #expect(Self.directory.record(named: "turk hava yolları")?.id == 2)
        #expect(Self.directory.record(named: "AEROLINEAS ARGENTINAS")?.id == 8)
        #expect(Self.directory.record(named: "Turk Hava Yollari")?.id == 2, "dotless ı reads as i")
        #expect(Self.directory.record(named: "Luxwing")?.iata == nil)
        #expect(Self.directory.record(named: "Austrian") == nil, "names match whole, not in part")
    }

    @Test func aReusedCodeResolvesToTheActiveRecordThenTheFirst() {
        let directory = AirlineDirectory([
            AirlineRecord(id: 1, name: "Old Airline", iata: "ZZ", isActive: false),
            AirlineRecord(id: 2, name: "New Airline", iata: "ZZ"),
            AirlineRecord(id: 3, name: "Newer Airline", iata: "ZZ"),
        ])
        #expect(directory.record(iata: "ZZ")?.id == 2)
    }

    @Test func exactDuplicatesFromTwoProvidersAreKeptOnce() {
        let directory = AirlineDirectory(Self.records + Self.records)
        #expect(directory.records == Self.records)
    }

    @Test func aCarrierIsFoundByCodeWhenItHasOneElseByName() {
        #expect(Self.directory.record(for: Carrier(code: "HV", name: "Something else"))?.id == 6)
        #expect(Self.directory.record(for: Carrier(code: nil, name: "transavia"))?.id == 6)
        #expect(Self.directory.record(for: Carrier(code: "XX", name: "Transavia")) == nil, "a code decides alone")
    }

    // MARK: Search

    @Test func searchIsCaseAndAccentInsensitiveOverEveryTextField() {
        #expect(Self.directory.matching("turk").map(\.id) == [2], "name (Türk) and callsign (TURKISH)")
        #expect(Self.directory.matching("speedbird").map(\.id) == [4], "callsign")
        #expect(Self.directory.matching("sas").map(\.id) == [3], "ICAO code and name")
        #expect(Self.directory.matching("lwg").map(\.id) == [7], "ICAO code")
        #expect(Self.directory.matching("gb").map(\.id) == [4], "country")
        #expect(Self.directory.matching("hv").map(\.id) == [6], "IATA code")
        #expect(Self.directory.matching("LINEAS").map(\.id) == [8], "accents in the record")
        #expect(Self.directory.matching("  ").count == Self.records.count, "blank text matches all")
        #expect(Self.directory.matching("nothing like it").isEmpty)
    }

    // MARK: Enrichment

    static func offer(_ carriers: [Carrier], provider: ProviderID = "kiwi") -> Offer {
        let segments = carriers.enumerated().map { index, carrier in
            Segment(
                carrier: carrier, flightNumber: "\(100 + index)", origin: Place(airport: "VIE"),
                destination: Place(airport: "BCN"),
                departure: FlightTime(local: LocalDateTime(parsing: "2026-12-18 07:05")))
        }
        return Offer(
            id: "o-\(carriers.map(\.displayCode).joined())",
            product: .flight(Itinerary(legs: [Leg(segments: segments)])),
            priceBasis: .perPerson,
            source: OfferSource(
                provider: provider, reference: "r", price: Money(100, .eur), retrievedAt: OfferFactory.retrievedAt))
    }

    @Test func aCarrierMatchedByCodeTakesTheDirectorysNameCountryLogoAndActivity() throws {
        let enriched = Self.directory.enrich([Self.offer([Carrier(code: "OS", name: "Австрийские авиалинии")])])
        let carrier = try #require(enriched.first?.product.itinerary?.segments.first?.carrier)
        #expect(carrier.code == "OS")
        #expect(carrier.name == "Austrian Airlines")
        #expect(carrier.country == "AT")
        #expect(carrier.logoURL?.absoluteString == "https://logos.example/OS.png")
        #expect(carrier.isActive == true)
        #expect(enriched.first?.tags.isEmpty == true)
    }

    @Test func aNameOnlyCarrierKeepsItsNameAndGainsNoCodeSoMergingIsUnchanged() throws {
        let original = Self.offer([Carrier(code: nil, name: "TRANSAVIA")])
        let enriched = try #require(Self.directory.enrich([original]).first)
        let carrier = try #require(enriched.product.itinerary?.segments.first?.carrier)
        #expect(carrier.name == "TRANSAVIA")
        #expect(carrier.code == nil)
        #expect(carrier.country == "NL")
        #expect(carrier.identity == original.product.itinerary?.segments.first?.carrier.identity)
        #expect(MergeKeys(offer: enriched) == MergeKeys(offer: original))
    }

    @Test func aFieldTheRecordLacksKeepsTheProvidersValue() throws {
        let logo = URL(string: "https://provider.example/sk.png")
        let enriched = Self.directory.enrich([Self.offer([Carrier(code: "SK", country: "SE", logoURL: logo)])])
        let carrier = try #require(enriched.first?.product.itinerary?.segments.first?.carrier)
        #expect(carrier.country == "SE")
        #expect(carrier.logoURL == logo)
    }

    @Test func anOfferWithAnyInactiveCarrierIsTaggedAndUnknownCarriersAreLeftAlone() throws {
        let offers = Self.directory.enrich([
            Self.offer([Carrier(code: "OS"), Carrier(code: "AB")]), Self.offer([Carrier(code: "XX", name: "Mystery")]),
        ])
        #expect(offers[0].tags == [.inactiveCarrier])
        #expect(offers[0].product.itinerary?.segments.map(\.carrier.isActive) == [true, false])
        #expect(offers[1].tags.isEmpty)
        #expect(offers[1].product.itinerary?.segments.first?.carrier == Carrier(code: "XX", name: "Mystery"))
    }

    @Test func anEmptyDirectoryChangesNothing() {
        let offers = [Self.offer([Carrier(code: "OS", name: "Австрийские авиалинии")])]
        #expect(AirlineDirectory().enrich(offers) == offers)
    }

    // MARK: Favourites

    @Test func favouritesMatchCodesAndFoldedNamesAndResolveThroughTheDirectory() {
        let favorites = FavoriteCarriers(["os", "türk hava yolları", "HV"])
        #expect(favorites.contains(Carrier(code: "OS")))
        #expect(favorites.contains(Carrier(code: "TK"), directory: Self.directory), "by the record's name")
        #expect(!favorites.contains(Carrier(code: "TK")), "without a directory the code alone decides")
        #expect(favorites.contains(Carrier(code: nil, name: "Transavia"), directory: Self.directory))
        #expect(!favorites.contains(Carrier(code: "BA"), directory: Self.directory))
        #expect(favorites.contains(Self.records[5]) && !favorites.contains(Self.records[3]))
    }

    @Test func offersWithAnyFavouriteCarrierAreTagged() {
        let offers = FavoriteCarriers(["LX"]).tag([
            Self.offer([Carrier(code: "OS"), Carrier(code: "LX")]), Self.offer([Carrier(code: "OS")]),
        ])
        #expect(offers.map { $0.tags.contains(.favorite) } == [true, false])
        #expect(FavoriteCarriers([" "]).isEmpty)
    }
}
