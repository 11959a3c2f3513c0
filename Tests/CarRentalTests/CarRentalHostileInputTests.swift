import AggregatorCore
import AggregatorTestSupport
import CarRental
import Foundation
import ProviderKit
import ProviderTestKit
import Testing

/// Answers no honest service sends: each gives a `ProviderError` or sane offers, never a crash, a trap,
/// or a body or raw service message quoted into a message.
@Suite("CarRental hostile input")
struct CarRentalHostileInputTests {
    @Test("absurd numbers and codes skip and count their record; an absurd unknown field costs nothing")
    func absurdValues() async throws {
        let response = try await CarRentalFixtures.search("hostile.json")
        // 1e999, -1e308, "NaN", "-Infinity", "1e-120" and 1e10 prices; a 20-digit, a negative and an
        // Arabic-Indic model year; a currency with an escape, and one in full-width letters.
        #expect(response.skipped == 11)
        #expect(response.offers.map(\.sources.first?.reference) == ["cars[0]", "cars[12]", "cars[13]"])
        #expect(
            response.offers.map(\.price) == [
                Money(decimal("27.5"), .eur), Money(30, .eur),
                Money(decimal("999999999.99"), try #require(CurrencyCode("JPY"))),
            ])
        let first = try response.offers[0].requireCar()
        #expect(first.brand == "SEAT\u{1B}]0;owned\u{07}", "kept as sent, for the output to make printable")
        ProviderConformance.checkOffers(response.offers, of: CarRentalProvider().descriptor)
    }

    @Test(
        "a failure status quotes the service only as a short printable excerpt",
        arguments: [
            #"{"status": {"code": 500, "message": "\u001b]0;owned\u0007\u001b[2JInternal\u009b31m Error"}}"#,
            #"{"status": {"code": 503, "message": "<html><body>down</body></html>"}, "cars": "\u001b[2J"}"#,
            #"{"status": {"code": 500, "message": "MEGABYTE"}}"#,
        ])
    func failureMessages(body: String) async throws {
        let error = try await #require(throws: ProviderError.self) {
            try await CarRentalFixtures.search(body: body.replacingOccurrences(of: "MEGABYTE", with: Self.megabyte))
        }
        #expect(error.code == .httpStatus)
        #expect(isPrintableLine(error.description), "\(error.description.debugDescription)")
        #expect(error.description.count < 200, "\(error.description.count) characters")
    }

    @Test(
        "absurd status codes are a ProviderError whose message stays short",
        arguments: [
            (
                #"{"status": {"code": 1e999}, "cars": []}"#, ProviderError.Code.malformedResponse,
                "status.code is out of range"
            ),
            (#"{"status": {"code": "NaN"}, "cars": []}"#, .malformedResponse, "status.code is not a number"),
            (#"{"status": {"code": 1e100}, "cars": []}"#, .httpStatus, "status 1000000000"),
            (#"{"status": {"code": -200}, "cars": []}"#, .httpStatus, "status -200"),
            (#"{"status": {"code": 204.0}, "cars": "ignored?"}"#, .malformedResponse, "cars is not an array"),
        ])
    func absurdStatusCodes(body: String, code: ProviderError.Code, hint: String) async throws {
        let error = try await #require(throws: ProviderError.self) { try await CarRentalFixtures.search(body: body) }
        #expect(error.code == code)
        #expect(error.message.contains(hint), "\(error.message)")
        #expect(isPrintableLine(error.message))
        #expect(error.message.count < 120, "\(error.message)")
    }

    @Test(
        "a body nested 10,000 deep is a one-line malformed response, never a stack overflow",
        arguments: [
            "NEST", #"{"status": {"code": 200}, "cars": [NEST]}"#, #"{"status": {"code": 500}, "cars": NEST}"#,
        ])
    func deepNesting(template: String) async throws {
        let nested = String(repeating: "[", count: 10_000) + String(repeating: "]", count: 10_000)
        let error = try await #require(throws: ProviderError.self) {
            try await CarRentalFixtures.search(body: template.replacingOccurrences(of: "NEST", with: nested))
        }
        #expect(error.code == .malformedResponse)
        #expect(error.message.contains("nests arrays and objects more than"), "\(error.message)")
        #expect(isPrintableLine(error.message))
    }

    @Test("a 1 MB brand and plate are kept; a 1 MB currency, model year or price skips its record")
    func megabyteStrings() async throws {
        let huge = Self.megabyte
        let digits = String(repeating: "2", count: 1 << 20)
        let body = #"""
            {"status": {"code": 200}, "cars": [
              {"model": 2024, "brand": "\#(huge)", "plate_number": "\#(huge)", "unit_price": 30, "currency": "EUR"},
              {"model": 2024, "brand": "Kia", "unit_price": 30, "currency": "\#(huge)"},
              {"model": "\#(digits)", "brand": "Kia", "unit_price": 30, "currency": "EUR"},
              {"model": \#(digits), "brand": "Kia", "unit_price": 30, "currency": "EUR"},
              {"model": 2024, "brand": "Kia", "unit_price": "\#(digits)", "currency": "EUR"}
            ]}
            """#
        let response = try await CarRentalFixtures.search(body: body)
        #expect(response.offers.count == 1)
        #expect(response.skipped == 4)
        #expect(try response.offers.first?.requireCar().brand.utf8.count == huge.utf8.count)
    }

    @Test(
        "bodies of control characters and escape sequences are named in one printable line, never quoted",
        arguments: [
            "\u{1B}]0;owned\u{07}\u{1B}[2J", "\u{1B}[31m{\"status\": {\"code\": 200}}",
            "{\"status\": {\"code\": 500, \"message\": \"\u{1B}[2J\"}}", "\u{0}{}",
        ])
    func controlCharacterBodies(body: String) async throws {
        let error = try await #require(throws: ProviderError.self) { try await CarRentalFixtures.search(body: body) }
        #expect(error.code == .malformedResponse)
        #expect(isPrintableLine(error.description), "\(error.description.debugDescription)")
    }

    /// A 1 MiB string of printable ASCII with no character JSON must escape.
    static let megabyte = String(repeating: "abcdefghijklmnop", count: 1 << 16)

    private func isPrintableLine(_ text: String) -> Bool {
        !text.unicodeScalars.contains { $0.value < 0x20 || (0x7F...0x9F).contains($0.value) }
    }
}
