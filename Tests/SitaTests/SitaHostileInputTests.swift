import AggregatorCore
import AggregatorTestSupport
import Foundation
import ProviderKit
import ProviderTestKit
import Sita
import Testing

/// Directories no honest service sends: each gives a `ProviderError` or sane records, never a crash, a
/// logo that is not a web link, or a body quoted into a message.
@Suite("SITA hostile input")
struct SitaHostileInputTests {
    @Test("absurd ids and flags skip their record; codes that are not codes are dropped; the rest map")
    func absurdValues() async throws {
        let response = try await SitaFixtures.search("hostile.json")
        // "1e999", 1e999, a 20-digit id, -3, "-3", "NaN", Arabic-Indic digits, "12a", 7.5, "yes" and "Y" + ESC.
        #expect(response.skipped == 11)
        #expect(response.airlines.map(\.id) == [1, 2, 3, 4, 5, 11])
        #expect(response.airlines.map(\.isActive) == [true, true, false, true, true, true])
        #expect(response.airlines.first?.iata == "CA" && response.airlines.first?.icao == "CLN")
        let evil = response.airlines[1]
        #expect(evil.iata == nil && evil.icao == nil, "an escape or a NUL makes no code")
        #expect(evil.callsign == "\u{1B}[2J", "kept as sent, for the output to make printable")
        let wrong = response.airlines[5]
        #expect(wrong.iata == nil && wrong.icao == nil, "three characters are no IATA code, a digit no ICAO code")
    }

    @Test("only http and https logos with a host are kept; the others are counted in a note")
    func onlyWebLogos() async throws {
        let response = try await SitaFixtures.search("hostile.json")
        #expect(
            response.airlines.map(\.imageURL?.absoluteString) == [
                "https://airlines.sita.aero/logos/CA.png", nil, nil, nil, nil, nil,
            ])
        #expect(response.notes == ["left out 5 logos that were not web links"])
        ProviderConformance.checkRecords(response.airlines)
    }

    @Test("the embedded sample's logos are all web links, so it has no note")
    func embeddedHasNoNote() async throws {
        #expect(try await SitaFixtures.embedded().notes.isEmpty)
    }

    @Test(
        "a body nested 10,000 deep is a one-line malformed response, never a stack overflow",
        arguments: ["NEST", #"[{"id": "1", "name": "A", "active": "Y", "extras": NEST}]"#])
    func deepNesting(template: String) async throws {
        let nested = String(repeating: "[", count: 10_000) + String(repeating: "]", count: 10_000)
        let error = try await #require(throws: ProviderError.self) {
            try await SitaFixtures.search(body: template.replacingOccurrences(of: "NEST", with: nested))
        }
        #expect(error.code == .malformedResponse)
        #expect(error.message.contains("nests arrays and objects more than"), "\(error.message)")
        #expect(isPrintableLine(error.message))
    }

    @Test("a 1 MB name is kept, a 1 MB logo is refused, a 1 MB id skips its record")
    func megabyteStrings() async throws {
        let huge = String(repeating: "abcdefghijklmnop", count: 1 << 16)
        let digits = String(repeating: "7", count: 1 << 20)
        let body = #"""
            [{"id": "1", "name": "\#(huge)", "active": "Y", "image": "https://a.example/\#(huge)"},
             {"id": "\#(digits)", "name": "Long Id", "active": "Y"},
             {"id": \#(digits), "name": "Long Number", "active": "Y"},
             {"id": "2", "name": "Long Flag", "active": "\#(huge)"}]
            """#
        let response = try await SitaFixtures.search(body: body)
        #expect(response.airlines.map(\.id) == [1])
        #expect(response.airlines.first?.name.utf8.count == huge.utf8.count)
        #expect(response.airlines.first?.imageURL == nil)
        #expect(response.skipped == 3)
        #expect(response.notes == ["left out 1 logo that was not a web link"])
    }

    @Test(
        "bodies of control characters and escape sequences are named in one printable line, never quoted",
        arguments: [
            "\u{1B}]0;owned\u{07}\u{1B}[2J", "\u{1B}[31m[]", "[\u{1B}[2J]", "[{\"id\": \"\u{1B}\"}]", "\u{0}[]",
        ])
    func controlCharacterBodies(body: String) async throws {
        let error = try await #require(throws: ProviderError.self) { try await SitaFixtures.search(body: body) }
        #expect(error.code == .malformedResponse)
        #expect(isPrintableLine(error.message), "\(error.message.debugDescription)")
    }

    private func isPrintableLine(_ text: String) -> Bool {
        !text.unicodeScalars.contains { $0.value < 0x20 || (0x7F...0x9F).contains($0.value) }
    }
}
