import AggregatorCore
import AggregatorTestSupport
import Foundation
import Kiwi
import ProviderKit
import ProviderTestKit
import Testing

/// Answers written to break the provider: times far outside any travel, links that are not web links,
/// image keys that climb out of their folder, control characters. Nothing traps; broken records are
/// skipped and counted; what is kept links only to the web.
@Suite("Kiwi against hostile answers")
struct KiwiHostileInputTests {
    static let imageBase = "https://images.kiwi.com/photos/600x330/"

    @Test("times outside 1900–2200 or not times at all skip their records; the rest map")
    func hostileFixture() async throws {
        let response = try await KiwiFixtures.search("hostile.json")
        #expect(response.skipped == 7)
        #expect(
            response.offers.map { $0.onlySource?.reference } == [
                "javascript-link", "file-link", "data-link", "link-without-a-host", "upper-case-web-link",
                "link-with-an-escape", "link-with-a-space",
            ])
        #expect(response.notes == ["dropped 6 booking links that were not web links"])
    }

    @Test("only http and https links with a host survive, in any case")
    func onlyWebLinks() async throws {
        let offers = try await KiwiFixtures.search("hostile.json").offers
        let links = Dictionary(
            uniqueKeysWithValues: offers.map { ($0.onlySource?.reference ?? "", $0.onlySource?.deepLink) })
        #expect(links["javascript-link"] == .some(nil))
        #expect(links["file-link"] == .some(nil))
        #expect(links["data-link"] == .some(nil))
        #expect(links["link-without-a-host"] == .some(nil))
        #expect(links["link-with-an-escape"] == .some(nil), "a terminal escape inside a link")
        #expect(links["link-with-a-space"] == .some(nil))
        #expect(links["upper-case-web-link"]??.host == "www.kiwi.com")
        for offer in offers {
            for link in [offer.imageURL, offer.onlySource?.deepLink].compactMap({ $0 }) {
                #expect(["http", "https"].contains(link.scheme?.lowercased() ?? ""), "\(link)")
                #expect(link.host == "images.kiwi.com" || link.host == "www.kiwi.com", "\(link)")
            }
        }
    }

    @Test("an image key is one percent-encoded path component: ../../ cannot climb out of the photo folder")
    func imageKeysStayInTheirFolder() async throws {
        let offers = try await KiwiFixtures.search("hostile.json").offers
        let images = Dictionary(uniqueKeysWithValues: offers.map { ($0.onlySource?.reference ?? "", $0.imageURL) })
        let climbing = try #require(images["javascript-link"] ?? nil)
        #expect(climbing.absoluteString == Self.imageBase + "..%2F..%2Fx.jpg")
        #expect(climbing.standardized.absoluteString == climbing.absoluteString, "no dot segment to resolve")
        #expect(climbing.deletingLastPathComponent().absoluteString == Self.imageBase)
        let unicode = try #require(images["data-link"] ?? nil)
        #expect(unicode.absoluteString == Self.imageBase + "s%C3%A3o%20paulo%2F..%2F..%2Fetc%2Fpasswd%3Fx%23y.jpg")
        #expect(unicode.query == nil && unicode.fragment == nil)
        #expect(images["link-without-a-host"] == .some(URL(string: Self.imageBase + "%252e%252e.jpg")))
        #expect(images["upper-case-web-link"] == .some(URL(string: Self.imageBase + "...jpg")))
        #expect(images["file-link"] == .some(nil), "an empty key has no image")
        for case let image? in images.values {
            #expect(image.deletingLastPathComponent().absoluteString == Self.imageBase, "\(image)")
        }
    }

    @Test("control characters in names stay in the model for the renderers to sanitise; broken extras read as unknown")
    func oddValuesInAKeptRecord() async throws {
        let offers = try await KiwiFixtures.search("hostile.json").offers
        let offer = try #require(offers.first)
        let segment = try #require(offer.product.itinerary?.segments.first)
        #expect(segment.origin.cityName == "Vienna\u{1B}]0;owned\u{07}")
        #expect(segment.destination.cityName == "Barcelona\u{1B}[2J\u{9B}31m")
        #expect(segment.flightNumber == nil, "1.5 is no flight number")
        #expect(offer.seatsLeft == nil, "-3 seats")
        #expect(offer.onlySource?.bagFees == nil, "no entry of that bags_price is a fee")
        // 1e300 seconds is no duration: the leg's comes from its UTC times instead.
        #expect(offer.product.itinerary?.legs.first?.duration == .seconds(9600))
        #expect(
            offers.first { $0.onlySource?.reference == "file-link" }?.product.itinerary?.segments.first?.flightNumber
                == nil)
    }

    /// One record whose time fields hold `value`, in the shape the field belongs to.
    static func record(_ field: String, _ value: String) -> String {
        let tequila = field.contains("_")
        let times =
            tequila
            ? #""local_departure": "2026-12-18T07:05:00.000Z", "utc_departure": "2026-12-18T06:05:00.000Z""#
            : #""dTime": 1797577500, "dTimeUTC": 1797573900"#
        return #"""
            {"currency": "EUR", "data": [{"id": "probe", "price": 99, \#(times),
              "route": [{"flyFrom": "VIE", "flyTo": "BCN", "airline": "OS", "flight_no": 395, \#(times),
                         "\#(field)": \#(value)}]}]}
            """#
    }

    @Test(
        "any value in any time field either maps within the sane years or skips the record, never traps",
        arguments: [
            ("dTime", "-9223372036854775808", false), ("dTime", "9223372036854775807", false),
            ("dTimeUTC", "-2208988801", false), ("dTimeUTC", "-2208988800", true), ("aTime", "7289654399", true),
            ("aTime", "7289654400", false), ("aTimeUTC", "1e30", false), ("aTimeUTC", "-1e-30", false),
            ("aTimeUTC", "\"1797583500\"", true), ("dTime", "1797577500.0", true), ("dTime", "1797577500.5", false),
            ("dTime", "\"soon\"", false), ("dTime", "null", true),
            ("local_departure", "\"2200-12-31T23:59:59Z\"", true), ("utc_arrival", "\"2201-01-01T00:00:00Z\"", false),
            ("utc_departure", "\"1899-12-31T23:59:59Z\"", false), ("local_arrival", "\"\"", false),
            ("local_arrival", "\"2026-12-18T24:00:00Z\"", false),
            ("utc_arrival", "\"2026-12-18T09:45:00+25:00\"", false),
            ("utc_arrival", "\"2026-12-18T10:45:00+01:00\"", true), ("local_arrival", "\"2026-12-18 09:45\"", true),
            ("local_arrival", "\"2026-12-18T09:45:00.123456789Z\"", true), ("utc_arrival", "\"9999999999\"", false),
            ("local_departure", "\"2026-13-01T07:05:00Z\"", false), ("utc_departure", "[2026, 12, 18]", false),
            ("utc_departure", "null", true),
        ])
    func extremeTimes(field: String, value: String, kept: Bool) async throws {
        let response = try await KiwiProvider().search(
            SearchQuery(), using: KiwiFixtures.client(body: Self.record(field, value)))
        #expect(response.offers.count == (kept ? 1 : 0))
        #expect(response.skipped == (kept ? 0 : 1))
    }

    @Test(
        "a bag count is a member name that reads as a whole number from 1 to 10, as Int reads it; others are left out")
    func bagCountNames() async throws {
        let body = #"""
            {"currency": "EUR", "data": [{"id": "bags", "price": 99, "dTime": 1797577500, "dTimeUTC": 1797573900,
              "bags_price": {"+1": 10, "01": 12, "-2": 5, "0": 3, "11": 9, "2x": 1, " 3": 4, "4 ": 4, "\u0035": 50,
                             "0000000000000000000000000000006": 60, "99999999999999999999999999": 7, "": 8, "+": 8,
                             "-0": 2, "7": "free"},
              "route": [{"flyFrom": "VIE", "flyTo": "BCN", "airline": "OS", "flight_no": 395,
                         "dTime": 1797577500, "dTimeUTC": 1797573900}]}]}
            """#
        let response = try await KiwiProvider().search(SearchQuery(), using: KiwiFixtures.client(body: body))
        let fees = try #require(response.offers.first?.onlySource?.bagFees)
        #expect(fees.feesByCount == [1: 12, 5: 50, 6: 60], "the later of +1 and 01 counts; an escaped 5 is 5")
    }

    @Test("a UTC arrival with an offset is read as the instant it names")
    func utcOffset() async throws {
        let body = Self.record("utc_arrival", "\"2026-12-18T10:45:00+01:00\"")
        let response = try await KiwiProvider().search(SearchQuery(), using: KiwiFixtures.client(body: body))
        let segment = try #require(response.offers.first?.product.itinerary?.segments.first)
        #expect(segment.arrival?.utc == (try utc("2026-12-18T09:45:00Z")))
    }

    @Test("an answer that is not an object, or whose records are not objects, is an error or skipped, never a trap")
    func shapesThatAreNotAnswers() async throws {
        // An empty list is the MCP tool's answer with no itineraries.
        let empty = try await KiwiProvider().search(SearchQuery(), using: KiwiFixtures.client(body: "[]"))
        #expect(empty.offers.isEmpty && empty.skipped == 0)
        for body in ["[1, \"two\", null, [], {}]", "42", #"{"currency": "EUR", "data": [1, "two", null, [], {}]}"#] {
            do {
                let response = try await KiwiProvider().search(SearchQuery(), using: KiwiFixtures.client(body: body))
                #expect(response.offers.isEmpty)
                #expect(response.skipped == 5)
            } catch {
                #expect(error.code == .malformedResponse)
            }
        }
    }
}
