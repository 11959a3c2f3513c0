import AggregatorCore
import AggregatorTestSupport
import Foundation
import ProviderKit
import ProviderTestKit
import SunWeb
import Testing

/// Answers no honest service sends: each gives a `ProviderError` or sane offers, never a crash, a trap,
/// a link that is not a web link, or a body quoted into a message.
@Suite("SunWeb hostile input")
struct SunWebHostileInputTests {
    // MARK: The recorded hostile answer

    @Test("absurd numbers skip and count their record; escapes in codes and keys do not stop the rest")
    func absurdNumbersAndEscapes() async throws {
        let response = try await SunWebFixtures.search("hostile")
        // Out: 1e999, -1e308, "NaN", "Infinity", 1e300, a 60-digit price, "1e-120", "-0", three ids beyond
        // Int and a price behind an escape sequence. Back: nothing.
        #expect(response.skipped == 12)
        #expect(response.offers.map(\.reference) == ["701", "702", "801", "802"])
        #expect(
            response.offers.map(\.price) == [
                Money(92, .eur), Money(50, .eur), Money(decimal("87.5"), .eur), Money(1_000_000, .eur),
            ])
        #expect(response.offers[1].route == "VIE\u{1B}[2J-BCN", "kept as sent, for the output to make printable")
    }

    @Test("only http and https links with a host become logos and pictures; the others are counted")
    func onlyWebLinks() async throws {
        for roundTrip in [false, true] {
            let response = try await SunWebFixtures.search("hostile", roundTrip: roundTrip)
            for offer in response.offers {
                let logos = offer.product.itinerary?.segments.compactMap(\.carrier.logoURL) ?? []
                for link in logos + [offer.imageURL].compactMap({ $0 }) {
                    #expect(isWebLink(link), "\(offer.id) links to \(link)")
                }
            }
            #expect(response.offers.allSatisfy { $0.imageURL == nil }, "every picture of a flown airline is refused")
            #expect(response.notes == ["left out 8 airline logos and pictures that were not web links"])
        }
    }

    @Test("escaped routes still pair with their exact reverse, and pair prices stay exact")
    func hostileRoundTrips() async throws {
        let response = try await SunWebFixtures.search("hostile", roundTrip: true)
        #expect(response.offers.map(\.reference) == ["701+801", "702+802"])
        #expect(response.offers.map(\.price) == [Money(decimal("179.5"), .eur), Money(1_000_050, .eur)])
    }

    @Test("a link checker that reads bytes agrees with URL on the links that pass")
    func linksThatPass() async throws {
        let airlines = #"""
            {"airlines": [{"id": "Vueling", "name": "Vueling", "logoImg": "HTTPS://static.sunweb.nl/v/logo.png",
              "mainImg": " http://static.sunweb.nl/v/main.jpg?size=large#top "}]}
            """#
        let response = try await SunWebProvider().search(
            SearchQuery(), using: SunWebFixtures.client(replacing: ["airlines": airlines]))
        let first = try #require(response.offers.first)
        #expect(first.imageURL?.absoluteString == "http://static.sunweb.nl/v/main.jpg?size=large#top")
        #expect(first.product.itinerary?.segments.first?.carrier.logoURL?.host == "static.sunweb.nl")
        #expect(response.notes.isEmpty)
    }

    // MARK: Generated bodies

    @Test(
        "a flights body nested 10,000 deep is a one-line malformed response, never a stack overflow",
        arguments: [
            #"{"data": {"outboundFlights": [NEST], "inboundFlights": []}}"#,
            #"{"data": {"outboundFlights": [{"id": 1, "extras": NEST}], "inboundFlights": []}}"#, "NEST",
        ])
    func deepNesting(template: String) async throws {
        let body = template.replacingOccurrences(of: "NEST", with: HostileText.nested(depth: 10_000))
        let error = try await #require(throws: ProviderError.self) {
            try await SunWebProvider().search(SearchQuery(), using: SunWebFixtures.client(replacing: ["flights": body]))
        }
        #expect(error.code == .malformedResponse)
        #expect(error.message.contains("nests arrays and objects more than"), "\(error.message)")
        #expect(HostileText.isPrintableLine(error.message))
    }

    @Test("an airlines body nested 10,000 deep only costs the airline names, with a note")
    func deepNestingInAirlines() async throws {
        let body = #"{"airlines": "# + HostileText.nested(depth: 10_000) + "}"
        let response = try await SunWebProvider().search(
            SearchQuery(), using: SunWebFixtures.client(replacing: ["airlines": body]))
        #expect(response.offers.count == 8)
        #expect(response.notes.count == 1)
        #expect(response.notes.first?.hasPrefix("the airline list was unavailable") == true)
        #expect(response.notes.allSatisfy(HostileText.isPrintableLine))
    }

    @Test("a 1 MB key, name, link and price: the link and the price are refused, the rest map")
    func megabyteStrings() async throws {
        let huge = HostileText.megabyte
        let flights = #"""
            {"data": {"outboundFlights": [
              {"id": 1, "airline": "\#(huge)", "departureAirportCode": "VIE", "arrivalAirportCode": "BCN", "price": 90},
              {"id": 2, "airline": "Vueling", "departureAirportCode": "VIE", "arrivalAirportCode": "BCN",
               "price": "\#(String(repeating: "9", count: 1 << 20))"},
              {"id": 3, "airline": "Vueling", "departureAirportCode": "VIE", "arrivalAirportCode": "BCN",
               "price": \#(String(repeating: "9", count: 1 << 20))},
              {"id": 4, "airline": "Vueling", "departureAirportCode": "\#(huge)", "arrivalAirportCode": "BCN",
               "price": 0.\#(String(repeating: "0", count: 1 << 20))1}
            ], "inboundFlights": []}}
            """#
        let airlines = #"""
            {"airlines": [{"id": "\#(huge)", "name": "\#(huge)", "logoImg": "https://a.example/\#(huge)",
              "mainImg": "https://a.example/x.jpg", "description": "\#(huge)"}]}
            """#
        let response = try await SunWebProvider().search(
            SearchQuery(), using: SunWebFixtures.client(replacing: ["flights": flights, "airlines": airlines]))
        #expect(response.offers.map(\.reference) == ["1"])
        #expect(response.skipped == 3)
        let offer = try #require(response.offers.first)
        #expect(offer.product.itinerary?.segments.first?.carrier.name?.utf8.count == huge.utf8.count)
        #expect(offer.product.itinerary?.segments.first?.carrier.logoURL == nil, "a 1 MB link is no link")
        #expect(offer.imageURL?.absoluteString == "https://a.example/x.jpg")
        #expect(response.notes == ["left out 1 airline logo or picture that was not a web link"])
    }

    @Test(
        "bodies of control characters and escape sequences are named in one printable line, never quoted",
        arguments: [
            "\u{1B}]0;owned\u{07}\u{1B}[2J", "\u{1B}[31m{\"data\": {}}", "{\"data\": \u{1B}[2J}",
            "{\"data\": {\"outboundFlights\": [], \"inboundFlights\": [], \"\u{1B}[2J\": 1", "\u{0}\u{0}\u{0}{}",
        ])
    func controlCharacterBodies(body: String) async throws {
        let error = try await #require(throws: ProviderError.self) {
            try await SunWebProvider().search(SearchQuery(), using: SunWebFixtures.client(replacing: ["flights": body]))
        }
        #expect(error.code == .malformedResponse)
        #expect(HostileText.isPrintableLine(error.message), "\(error.message.debugDescription)")
    }

    // MARK: Size

    @Test("more pairs than the cap: the 10,000 cheapest are kept, each flight's partners in the app's order")
    func roundTripCap() async throws {
        let outbound = (0..<110).map { index in
            (id: 1_000 + index, airline: index % 2 == 0 ? "A" : "B", price: 100 + index)
        }
        let inbound = (0..<100).map { index in
            (id: 5_000 + index, airline: index % 3 == 0 ? "A" : "C", price: 300 - index)
        }
        func records(_ flights: [(id: Int, airline: String, price: Int)], from: String, to: String) -> String {
            flights.map { flight in
                #"{"id": \#(flight.id), "airline": "\#(flight.airline)", "departureAirportCode": "\#(from)", "#
                    + #""arrivalAirportCode": "\#(to)", "price": \#(flight.price)}"#
            }.joined(separator: ",")
        }
        let body =
            #"{"data": {"outboundFlights": ["# + records(outbound, from: "VIE", to: "BCN")
            + #"], "inboundFlights": ["# + records(inbound, from: "BCN", to: "VIE") + "]}}"
        let response = try await SunWebProvider().search(
            SearchQuery(roundTrip: true), using: SunWebFixtures.client(replacing: ["flights": body]))

        #expect(response.offers.count == 10_000)
        #expect(response.notes == ["its flights make 11000 round trips; the 10000 cheapest are kept and 1000 left out"])
        let every = outbound.flatMap { out in inbound.map { Decimal(out.price + $0.price) } }.sorted()
        #expect(
            response.offers.map(\.price.amount).sorted() == Array(every.prefix(10_000)), "the cheapest, none hidden")
        #expect(Set(response.offers.map(\.id)).count == 10_000)

        // Within one outbound flight: the same airline first, then the rest, each in SunWeb's order.
        let partnersOfFirst = response.offers.compactMap(\.reference).filter { $0.hasPrefix("1000+") }
            .map { Int($0.dropFirst(5)) ?? 0 }
        let sameAirline = partnersOfFirst.prefix { (($0 - 5_000) % 3) == 0 }
        #expect(!sameAirline.isEmpty && sameAirline.count < partnersOfFirst.count)
        #expect(Array(sameAirline) == sameAirline.sorted())
        #expect(
            Array(partnersOfFirst.dropFirst(sameAirline.count)) == partnersOfFirst.dropFirst(sameAirline.count).sorted()
        )
        #expect(partnersOfFirst.dropFirst(sameAirline.count).allSatisfy { ($0 - 5_000) % 3 != 0 })
    }

    @Test("a search cancelled before its answer is read stops with a timeout instead of pairing")
    func cancelledSearchStops() async throws {
        let flights = (0..<300).map { index in
            #"{"id": \#(index), "airline": "A", "departureAirportCode": "VIE", "arrivalAirportCode": "BCN", "price": 9}"#
        }
        let returns = (0..<300).map { index in
            #"{"id": \#(1_000 + index), "airline": "A", "departureAirportCode": "BCN", "arrivalAirportCode": "VIE", "#
                + #""price": 9}"#
        }
        let body =
            #"{"data": {"outboundFlights": ["# + flights.joined(separator: ",") + #"], "inboundFlights": ["#
            + returns.joined(separator: ",") + "]}}"
        let client = SunWebFixtures.client(replacing: ["flights": body])
        let task = Task {
            withUnsafeCurrentTask { $0?.cancel() }
            return try await SunWebProvider().search(SearchQuery(roundTrip: true), using: client)
        }
        let outcome = await task.result
        let error = #expect(throws: ProviderError.self) { try outcome.get() }
        #expect(error?.code == .timeout)
    }

    private func isWebLink(_ url: URL) -> Bool {
        ["http", "https"].contains(url.scheme?.lowercased() ?? "") && !(url.host ?? "").isEmpty
    }
}

/// Hostile text the tests generate rather than keep as files.
enum HostileText {
    /// A 1 MiB string of printable ASCII with no character JSON must escape.
    static let megabyte = String(repeating: "abcdefghijklmnop", count: 1 << 16)

    /// `depth` arrays, each inside the next.
    static func nested(depth: Int) -> String {
        String(repeating: "[", count: depth) + String(repeating: "]", count: depth)
    }

    /// Whether `text` is one line with no control character (C0, DEL, C1) and no escape sequence.
    static func isPrintableLine(_ text: String) -> Bool {
        !text.unicodeScalars.contains { $0.value < 0x20 || (0x7F...0x9F).contains($0.value) }
    }
}
