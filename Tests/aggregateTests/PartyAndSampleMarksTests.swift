import Foundation
import Testing

/// A price is for the party asked or says it is not, and a sample never passes for a live price: the embedded
/// samples, run as a built binary, in every format.
@Suite("Prices for the party and sample marks, run as a built binary")
struct PartyAndSampleMarksTests {
    static let route = ["search", "--from", "VIE", "--to", "BCN", "--date", "2026-12-18"]

    /// The day each provider's samples were recorded, as their descriptors state it.
    static let recorded = [
        "aviasales": "2026-11-25T00:00:00Z", "duffel": "2026-11-23T00:00:00Z", "kiwi": "2026-11-28T00:00:00Z",
        "skiplagged": "2026-11-26T00:00:00Z", "flixbus": "2026-11-26T00:00:00Z", "sunweb": "2026-11-21T00:00:00Z",
        "regiojet": "2026-11-28T00:00:00Z", "ferryhopper": "2026-11-28T00:00:00Z", "ryanair": "2026-11-28T00:00:00Z",
    ]

    static func party(_ source: [String: Any]) -> [Int]? {
        guard let party = source["party"] as? [String: Any] else { return nil }
        return [party["adults"], party["children"], party["infants"]].map { ($0 as? Int) ?? -1 }
    }

    static func tags(_ offer: [String: Any]) -> [String] { offer["tags"] as? [String] ?? [] }

    /// A CSV line's fields: commas inside double quotes belong to the field, and `""` is a quote.
    static func fields(_ line: String) -> [String] {
        var fields: [String] = []
        var field = ""
        var quoted = false
        var previous: Character?
        for character in line {
            switch character {
            case "\"" where quoted: quoted = false
            case "\"":
                if previous == "\"" { field.append("\"") }
                quoted = true
            case "," where !quoted:
                fields.append(field)
                field = ""
            default: field.append(character)
            }
            previous = character
        }
        fields.append(field)
        return fields
    }

    @Test func twoAdultsAreNeverSoldAOneAdultPriceAsTheCheapest() async throws {
        let run = try await Binary.run(Self.route + ["--adults", "2", "--format", "json"])
        #expect(run.status == 0)
        let json = try run.json()
        let offers = try #require(json["offers"] as? [[String: Any]])
        #expect(!offers.isEmpty)
        var seenOtherParty = false
        var seenTestMode = false
        for offer in offers {
            let sources = try #require(offer["sources"] as? [[String: Any]])
            let first = try #require(sources.first)
            let tags = Self.tags(offer)
            // The headline is the first source's; it is for the two adults unless the trip says otherwise.
            let headline = (offer["price"] as? [String: Any])?["amount"] as? NSNumber
            #expect(headline == (first["converted_price"] as? [String: Any])?["amount"] as? NSNumber)
            let forTheParty = Self.party(first) == [2, 0, 0] || first["party"] is NSNull
            #expect(tags.contains("other_party") == !forTheParty, "\(offer["id"] ?? "")")
            if tags.contains("test_mode") {
                seenTestMode = true
            } else {
                #expect(!seenTestMode, "test data comes after every real trip")
                if tags.contains("other_party") { seenOtherParty = true } else { #expect(!seenOtherParty) }
            }
            if tags.contains("cheapest") || tags.contains("best") {
                #expect(forTheParty && !tags.contains("test_mode"))
            }
            // Sellers for the party come first; a price for another party is kept as sent.
            let marks = sources.map { Self.party($0) == [2, 0, 0] || $0["party"] is NSNull }
            #expect(marks == marks.sorted { $0 && !$1 })
            for source in sources where source["scaled"] as? Bool == true {
                #expect(Self.party(source) == [2, 0, 0], "a scaled price is for the party asked")
            }
        }
        #expect(seenTestMode, "Duffel's ZZ 4821 is in the samples")
        // The issue's trip: VY 1815, where aviasales, duffel and kiwi price one adult and skiplagged's one-adult
        // fare is scaled to two.
        let vueling = try #require(offers.first { ($0["carriers"] as? [String]) == ["VY"] })
        let sources = try #require(vueling["sources"] as? [[String: Any]])
        let skiplagged = try #require(sources.first)
        #expect(skiplagged["provider"] as? String == "skiplagged")
        #expect(skiplagged["scaled"] as? Bool == true)
        #expect(
            ((vueling["price"] as? [String: Any])?["amount"] as? NSNumber)?.decimalValue == Decimal(string: "186.58"))
        let oneAdult = sources.filter { Self.party($0) == [1, 0, 0] }.compactMap { $0["provider"] as? String }
        #expect(Set(oneAdult) == ["aviasales", "duffel", "kiwi"])
        let cheapest = try #require(offers.first { Self.tags($0).contains("cheapest") })
        #expect((cheapest["price"] as? [String: Any])?["amount"] as? NSNumber != NSNumber(value: 94.43))
    }

    @Test func everySampleSourceSaysSoAndWhenItWasRecorded() async throws {
        let run = try await Binary.run(Self.route + ["--format", "json"])
        #expect(run.status == 0)
        let json = try run.json()
        let offers = try #require(json["offers"] as? [[String: Any]])
        for source in offers.flatMap({ $0["sources"] as? [[String: Any]] ?? [] }) {
            let provider = try #require(source["provider"] as? String)
            #expect(source["sample"] as? Bool == true)
            #expect(source["retrieved_at"] as? String == Self.recorded[provider], "\(provider)")
        }
        let notes = try #require(json["notes"] as? [String])
        #expect(notes.contains { $0.contains("answered from built-in samples, not live prices") })
        let duffelTest = offers.filter { Self.tags($0).contains("test_mode") }
        #expect(duffelTest.map { $0["carriers"] as? [String] ?? [] } == [["ZZ"]])
    }

    @Test func aTableEndsWithItsMarksOnStandardOutput() async throws {
        let run = try await Binary.run(Self.route + ["--adults", "2", "--providers", "kiwi,aviasales,skiplagged"])
        #expect(run.status == 0)
        let lines = run.stdoutLines.filter { !$0.isEmpty }
        #expect(
            lines.last
                == "note: kiwi, aviasales, skiplagged answered from built-in samples, not live prices; add --live to ask "
                + "the live services")
        #expect(
            lines.dropLast().last
                == "* a price for another party than the 2 adults asked, as the seller sent it; a trip priced only "
                + "so is tagged other_party and ranked last")
        let vueling = try #require(lines.first { $0.contains("VY 1815") })
        #expect(vueling.contains("skiplagged 186.58, aviasales 94.43*, kiwi 98.00*"))
        #expect(run.stderr.contains("built-in samples"), "standard error says it too, for a reader of it alone")
    }

    @Test func compareWeighsOnlyPricesForTheWholeParty() async throws {
        let compare =
            ["compare"] + Self.route.dropFirst() + ["--adults", "2", "--providers", "kiwi,aviasales,skiplagged"]
        let json = try await Binary.run(compare + ["--format", "json"])
        #expect(json.status == 0, "\(json.stderr)")
        let shared = try #require(try json.json()["shared"] as? [[String: Any]])
        let vueling = try #require(
            shared.first { trip in
                ((trip["sources"] as? [[String: Any]]) ?? []).contains { ($0["price"] as? [String: Any]) != nil }
                    && "\(trip["trip"] ?? "")".contains("1815")
            })
        let sources = try #require(vueling["sources"] as? [[String: Any]])
        let others = sources.filter { $0["other_party"] as? Bool == true }.compactMap { $0["provider"] as? String }
        #expect(others.sorted() == ["aviasales", "kiwi"], "one adult's fares, sent as they were")
        #expect(vueling["saving"] is NSNull, "one whole-party price leaves nothing to save against")
        #expect(sources.allSatisfy { $0["cheapest"] as? Bool == false })

        let table = try await Binary.run(compare)
        #expect(table.status == 0)
        #expect(table.stdout.contains("aviasales 94.43 EUR*"), "\(table.stdout)")
        #expect(table.stdout.contains("* a price for another party than the 2 adults asked"), "\(table.stdout)")
    }

    @Test func aTableOnTheTerminalSaysItsSampleLineOnce() async throws {
        let screen = try await TerminalRunner.run(Self.route + ["--providers", "kiwi,aviasales"], columns: 120)
        let said = screen.lines.filter { $0.contains("answered from built-in samples, not live prices") }
        #expect(said.count == 1, "the table's last line; standard error does not repeat it on the same screen")
        let piped = try await TerminalRunner.shell(
            "\"$AGGREGATE\" "
                + (Self.route + ["--providers", "kiwi,aviasales"]).map(TerminalRunner.quoted)
                .joined(separator: " ") + " | head -3")
        #expect(piped.stderr.contains("answered from built-in samples"), "a reader of a cut table is still told")
    }

    @Test func csvHasASampleColumnAndReadableEnds() async throws {
        let run = try await Binary.run([
            "search", "--from", "VIE", "--to", "BUD", "--date", "2026-12-18", "--providers", "flixbus", "--format",
            "csv",
        ])
        #expect(run.status == 0)
        let rows = run.stdoutLines.filter { !$0.isEmpty }.map(Self.fields)
        let header = try #require(rows.first)
        let sample = try #require(header.firstIndex(of: "sample"))
        let origin = try #require(header.firstIndex(of: "origin"))
        let destination = try #require(header.firstIndex(of: "destination"))
        #expect(rows.count > 1)
        for row in rows.dropFirst() {
            #expect(row[sample] == "true")
            #expect(row[origin] == "VIE" && row[destination] == "BUD", "codes, never FlixBus's station ids")
            #expect(row[0].hasPrefix("t-"), "a trip's id starts with t-")
        }
        #expect(run.stderr.contains("flixbus answered from built-in samples"))
    }
}
