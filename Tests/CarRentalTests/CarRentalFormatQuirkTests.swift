import AggregatorCore
import AggregatorTestSupport
import CarRental
import Foundation
import ProviderKit
import ProviderTestKit
import Testing

@Suite("CarRental format quirks")
struct CarRentalFormatQuirkTests {
    // MARK: The status in the body

    @Test("status 204 without a cars key is an empty answer, not an error")
    func noContent() async throws {
        let response = try await CarRentalFixtures.search("no-content.json")
        #expect(response.offers.isEmpty)
        #expect(response.skipped == 0)
    }

    @Test("status 204 with an empty cars list is an empty answer too")
    func noContentWithEmptyList() async throws {
        let response = try await CarRentalFixtures.search(
            body: #"{"status": {"code": 204, "message": "No Content"}, "cars": []}"#)
        #expect(response.offers.isEmpty)
        #expect(response.skipped == 0)
    }

    @Test("status 200 without a cars key is a malformed response")
    func okWithoutCars() async throws {
        let error = try await #require(throws: ProviderError.self) {
            try await CarRentalFixtures.search("ok-without-cars.json")
        }
        #expect(error.code == .malformedResponse)
        #expect(error.provider == "carrental")
        #expect(error.message == #"the response is not in the expected format: status 200 "OK" but cars is missing"#)
    }

    @Test("a failure status is an http_status error that quotes the service's message")
    func serverError() async throws {
        let error = try await #require(throws: ProviderError.self) {
            try await CarRentalFixtures.search("server-error.json")
        }
        #expect(error.code == .httpStatus)
        #expect(error.provider == "carrental")
        #expect(
            error.description
                == #"carrental: the service answered status 500 "Internal Server Error: inventory database unavailable""#
        )
    }

    @Test(
        "every non-2xx status fails, whatever else the body holds; 429 is rate limiting",
        arguments: [
            (#"{"status": {"code": 404, "message": "Not Found"}}"#, ProviderError.Code.httpStatus, #"404 "Not Found""#),
            (
                #"{"status": {"code": 503, "message": "Down\nfor maintenance"}, "cars": 7}"#, .httpStatus,
                #"503 "Down for maintenance""#
            ),
            (#"{"status": {"code": 429, "message": "Slow down"}, "cars": []}"#, .rateLimited, #"429 "Slow down""#),
            (#"{"status": {"code": "500"}}"#, .httpStatus, "status 500"),
            (#"{"status": {"code": 200.5, "message": "OK"}, "cars": []}"#, .httpStatus, "200.5"),
            (#"{"status": {"code": 302, "message": 5}, "cars": []}"#, .httpStatus, "status 302"),
        ])
    func failureStatuses(body: String, code: ProviderError.Code, quoted: String) async throws {
        let error = try await #require(throws: ProviderError.self) {
            try await CarRentalFixtures.search(body: body)
        }
        #expect(error.code == code)
        #expect(error.message.contains(quoted), "\(error.message)")
        #expect(!error.message.contains("\n"))
    }

    // MARK: Bodies that are not an answer

    @Test("an HTML error page is a malformed response that says, on one line, that the body is not JSON")
    func htmlErrorPage() async throws {
        let error = try await #require(throws: ProviderError.self) {
            try await CarRentalFixtures.search("html-error-page.html")
        }
        #expect(error.code == .malformedResponse)
        #expect(
            error.message == "the response is not in the expected format: the body is not JSON (it is an HTML page)")
        #expect(!error.message.contains("\n"))
    }

    @Test(
        "a body that is not a car list is a malformed response with a readable message",
        arguments: [
            ("", "the body is empty"),
            (#"{"cars": []}"#, "status is missing"),
            (#"{"status": "OK", "cars": []}"#, "status is not"),
            (#"{"status": {"message": "OK"}, "cars": []}"#, "status.code is missing"),
            (#"{"status": {"code": 200}, "cars": {"model": 2024}}"#, "cars is not an array"),
            (#"[{"brand": "SEAT"}]"#, "the document is not an object"),
            (#"{"status": {"code": 200}, "cars": [{"brand": "SEAT""#, "broken or cut-off JSON"),
        ])
    func malformedBody(body: String, hint: String) async throws {
        let error = try await #require(throws: ProviderError.self) {
            try await CarRentalFixtures.search(body: body)
        }
        #expect(error.code == .malformedResponse)
        #expect(error.provider == "carrental")
        #expect(error.message.contains(hint), "\(error.message)")
        #expect(!error.message.contains("\n"))
    }

    @Test("the embedded sample cut in half is a malformed response")
    func truncatedSample() async throws {
        let sample = try CarRentalFixtures.embeddedSample()
        let error = try await #require(throws: ProviderError.self) {
            try await CarRentalFixtures.search(body: String(sample.prefix(sample.count / 2)))
        }
        #expect(error.code == .malformedResponse)
        #expect(error.description.hasPrefix("carrental: the response is not in the expected format"))
    }

    // MARK: Records

    @Test("bad records are skipped and counted, and the good ones keep their positions")
    func badRecords() async throws {
        let response = try await CarRentalFixtures.search("bad-records.json")
        // No brand, price 0, a negative price, currency "euros", price "cheap", model "new", and a string
        // where a record should be.
        #expect(response.skipped == 7)
        #expect(response.offers.map(\.sources.first?.reference) == ["cars[0]", "cars[8]"])
        #expect(response.offers.map(\.price) == [Money(decimal("27.5"), .eur), Money(decimal("41.9"), .eur)])
    }

    @Test("a model year in a string, a price in a string and a lower-case currency are read")
    func lenientFields() async throws {
        let response = try await CarRentalFixtures.search("bad-records.json")
        let toyota = try #require(response.offers.last)
        #expect(
            try toyota.requireCar() == RentalCar(brand: "Toyota", model: "2025", plateNumber: "2157 NHD", color: "RED"))
        #expect(toyota.price == Money(decimal("41.9"), .eur))
    }

    @Test(
        "a record without a plate or a colour is still a car; blanks count as missing",
        arguments: [
            #"{"model": 2024, "brand": "SEAT", "unit_price": 30, "currency": "EUR"}"#,
            #"{"model": 2024, "brand": " SEAT ", "unit_price": 30, "currency": "EUR", "plate_number": " ", "color": ""}"#,
            #"{"model": 2024, "brand": "SEAT", "unit_price": 30, "currency": "EUR", "plate_number": 7, "color": null}"#,
        ])
    func optionalFields(record: String) async throws {
        let response = try await CarRentalFixtures.search(
            body: #"{"status": {"code": 200, "message": "OK"}, "cars": ["# + record + "]}")
        #expect(response.skipped == 0)
        let car = try #require(response.offers.first?.product.car)
        #expect(car == RentalCar(brand: "SEAT", model: "2024"))
    }

    @Test(
        "model years other than whole numbers make the record unusable",
        arguments: [#""2024a""#, #""""#, "2024.5", "null", "true"])
    func badModelYears(model: String) async throws {
        let response = try await CarRentalFixtures.search(
            body: #"{"status": {"code": 200}, "cars": [{"model": "# + model
                + #", "brand": "SEAT", "unit_price": 30, "currency": "EUR"}]}"#)
        #expect(response.offers.isEmpty)
        #expect(response.skipped == 1)
    }

    @Test("unknown fields anywhere are ignored")
    func unknownFields() async throws {
        let response = try await CarRentalFixtures.search(
            body: #"""
                {"status": {"code": 200, "message": "OK", "trace": "a1"}, "page": 1,
                 "cars": [{"model": 2024, "brand": "SEAT", "unit_price": 30, "currency": "EUR", "doors": 5,
                           "extras": {"gps": true}}]}
                """#)
        #expect(response.offers.count == 1)
        #expect(response.skipped == 0)
    }
}
