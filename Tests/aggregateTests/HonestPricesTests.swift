import Foundation
import Testing

/// The tool's one promise, kept under every filter: the honest cheapest price across sources, with
/// every seller of a matching trip still listed.
@Suite("Filters judge merged trips, run as a built binary")
struct HonestPricesTests {
    @Test func anAirlineByNameAndByCodeGiveTheSameTripsAndSellers() async throws {
        let byName = try await Binary.run(["search", "--providers", "kiwi,aviasales", "--airline", "Austrian Airlines"])
        let byCode = try await Binary.run(["search", "--providers", "kiwi,aviasales", "--airline", "OS"])
        #expect(byName.status == 0)
        #expect(byName.stdout == byCode.stdout)
        #expect(byName.stdout.contains("142.00  VIE→BCN"))
        #expect(byName.stdout.contains("kiwi 142.00, aviasales 148.44"))
        #expect(byName.stdoutLines.filter { $0.contains("OS ") }.count == 3)
    }

    @Test func aPriceCapKeepsTheDearerSellerOfATripThatFits() async throws {
        let run = try await Binary.run([
            "search", "--providers", "kiwi,aviasales", "--to", "BCN", "--max-price", "145", "--format", "json",
        ])
        #expect(run.status == 0)
        let offers = try #require(try run.json()["offers"] as? [[String: Any]])
        let trip = try #require(offers.first { ($0["carriers"] as? [String]) == ["OS"] })
        let price = try #require(trip["price"] as? [String: Any])
        #expect((price["amount"] as? NSNumber)?.decimalValue == 142)
        let sellers = (trip["sources"] as? [[String: Any]])?.compactMap { $0["provider"] as? String }
        #expect(sellers == ["kiwi", "aviasales"], "aviasales at 148.44 is over the cap but sells the same trip")
    }

    @Test func compareCountsSharedTripsAfterTheMerge() async throws {
        let run = try await Binary.run([
            "compare", "--providers", "kiwi,aviasales", "--max-price", "145", "--format", "json",
        ])
        #expect(run.status == 0)
        let json = try run.json()
        #expect(json["shared_total"] as? Int == 3)
        let pair = try #require((json["pairs"] as? [[String: Any]])?.first)
        #expect(pair["first"] as? String == "kiwi")
        #expect(pair["first_cheaper"] as? Int == 1)
        #expect(pair["second_cheaper"] as? Int == 2)
    }

    @Test func emptyResultHintsCountMergedTrips() async throws {
        let run = try await Binary.run(["search", "--providers", "kiwi,aviasales", "--to", "BCN", "--max-price", "20"])
        #expect(run.status == 0)
        #expect(run.stdout == "")
        // Nine trips to Barcelona, though kiwi and aviasales send thirteen offers for them.
        #expect(
            run.stderr
                == "no flights match; without --max-price: 9\n"
                + "note: kiwi, aviasales answered from built-in samples, not live prices; add --live to ask the live "
                + "services\n")
    }
}
