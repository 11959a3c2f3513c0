import AggregatorCore
import AggregatorTestSupport
import Duffel
import Foundation
import ProviderKit
import ProviderTestKit
import Testing

/// The live request exactly as Duffel documents it, sent over a real socket through the runner's transport
/// stack (credentials, retries, size cap), and Duffel's documented answers: offers, `errors[]` and rate
/// limits.
@Suite("Duffel against a loopback server")
struct DuffelLiveTests {
    /// An aggregator that sends Duffel's requests to `server` with a key, as the command line sets it up.
    private func aggregator(_ server: LoopbackHTTPServer, retries: RetryPolicy = .never) throws -> Aggregator {
        let settings = try SearchSettings(
            deadline: .seconds(120), requestTimeout: .seconds(120), endpoints: ["duffel": .remote(server.baseURL)],
            credentials: ["duffel": Credentials([.apiKey: "duffel_test_KEY"])], retryPolicy: retries)
        return try Aggregator(providers: [DuffelProvider()], settings: settings)
    }

    @Test("the request: POST /air/offer_requests, its query items, headers and body field by field")
    func documentedRequest() async throws {
        let server = try LoopbackHTTPServer { _ in .json(DuffelFixtures.sample, status: 201) }
        defer { server.stop() }
        let query = SearchQuery(
            origin: "VIE", destination: "BCN", departureDate: day("2026-12-18"), returnDate: day("2026-12-22"),
            passengers: Passengers(adults: 2, infants: 1), cabin: .business, maxStops: 0)

        let result = try await aggregator(server).search(query)

        #expect(result.outcomes.first?.status == .ok)
        let request = try #require(server.requests.first)
        #expect(server.requests.count == 1)
        #expect(request.method == "POST")
        #expect(request.path == "/air/offer_requests")
        #expect(request.queryItems.map(\.name) == ["return_offers", "supplier_timeout"])
        #expect(request.queryItems.first?.value == "true")
        let timeout = try #require(request.queryItems.last?.value.flatMap { Int($0) })
        // 80 % of the two-minute deadline, at most Duffel's 60 s; the bound rules out a budget past either, not
        // a slow machine, which only lowers it.
        #expect((2000...60_000).contains(timeout) && timeout % 1000 == 0, "supplier_timeout=\(timeout)")
        #expect(request.headers["authorization"] == "Bearer duffel_test_KEY")
        #expect(request.headers["duffel-version"] == "v2")
        #expect(request.headers["content-type"] == "application/json")
        #expect(request.headers["accept"] == "application/json")

        let root = try #require(try JSONSerialization.jsonObject(with: request.body) as? [String: Any])
        #expect(root.keys.sorted() == ["data"])
        let data = try #require(root["data"] as? [String: Any])
        #expect(data.keys.sorted() == ["cabin_class", "max_connections", "passengers", "slices"])
        let slices = try #require(data["slices"] as? [[String: Any]])
        #expect(slices.count == 2)
        #expect(slices[0]["origin"] as? String == "VIE")
        #expect(slices[0]["destination"] as? String == "BCN")
        #expect(slices[0]["departure_date"] as? String == "2026-12-18")
        #expect(slices[1]["origin"] as? String == "BCN")
        #expect(slices[1]["destination"] as? String == "VIE")
        #expect(slices[1]["departure_date"] as? String == "2026-12-22")
        #expect(slices.allSatisfy { $0.count == 3 })
        let passengers = try #require(data["passengers"] as? [[String: Any]])
        #expect(passengers.map { $0["type"] as? String } == ["adult", "adult", "infant_without_seat"])
        #expect(data["cabin_class"] as? String == "business")
        #expect(data["max_connections"] as? Int == 0)
    }

    @Test("the documented success answer maps to offers with instants, durations and carriers")
    func documentedAnswer() async throws {
        // As a live answer would be: held for a while yet.
        let fresh = DuffelFixtures.sample.replacingOccurrences(
            of: "\"2026-11-23T00:10:12.502Z\"", with: "\"2099-01-01T00:00:00Z\"")
        let server = try LoopbackHTTPServer { _ in .json(fresh, status: 201) }
        defer { server.stop() }
        let result = try await aggregator(server).search(DuffelFixtures.query())
        let outcome = try #require(result.outcomes.first)
        #expect(outcome.status == .ok)
        #expect(outcome.offerCount == 6)
        #expect(outcome.notes.isEmpty, "fresh offers have not expired: \(outcome.notes)")
        let vueling = try #require(result.offers.first)
        #expect(vueling.price == Money(Decimal(string: "96.40")!, .eur))
        #expect(vueling.sources.count == 1, "Duffel's two VY 1815 fares are one trip, at the cheaper price")
        let segment = try #require(vueling.product.itinerary?.segments.first)
        #expect(segment.flightDesignator == "VY 1815")
        #expect(segment.departure?.utc == (try utc("2026-12-18T11:30:00Z")))
    }

    @Test("offers whose expires_at has passed (an answer kept too long) say so")
    func expiredOffers() async throws {
        // The sample was recorded on 2026-11-22 at 23:40 UTC, and Duffel held its prices for half an hour.
        let server = try LoopbackHTTPServer { _ in .json(DuffelFixtures.sample, status: 201) }
        defer { server.stop() }
        let settings = try SearchSettings(
            deadline: .seconds(120), endpoints: ["duffel": .remote(server.baseURL)],
            credentials: ["duffel": Credentials([.apiKey: "k"])], retryPolicy: .never)
        let later = Date(timeIntervalSince1970: 1_795_400_000)
        let result = try await Aggregator(providers: [DuffelProvider()], settings: settings, now: { later })
            .search(DuffelFixtures.query())
        #expect(
            result.outcomes.first?.notes == [
                .remark(
                    "6 offers had expired when the answer was read: Duffel holds a price for a short time, "
                        + "so book soon after searching")
            ])
        #expect(result.offers.count == 5, "expired prices are still shown, with the note")
    }

    @Test("422 with errors[]: a failure quoting Duffel's title and message, printable and short")
    func validationError() async throws {
        let body = try DuffelFixtures.text("errors-422.json")
        let server = try LoopbackHTTPServer { _ in .json(body, status: 422) }
        defer { server.stop() }
        let result = try await aggregator(server).search(DuffelFixtures.query())
        let outcome = try #require(result.outcomes.first)
        #expect(outcome.status == .failed)
        let error = try #require(outcome.error)
        #expect(error.code == .httpStatus)
        #expect(
            error.message.hasPrefix("the service answered HTTP 422 Unprocessable Content: Field 'origin' is invalid: "))
        #expect(error.message.contains("The airport 'XXX' could not be found."))
        #expect(!error.message.contains("\u{1B}"), "an escape in the message never reaches a terminal")
        #expect(!error.message.contains("{"), "Duffel's words, not its JSON")
        #expect(error.message.count <= 160)
        #expect(error.underlying is RejectedAnswer)
    }

    @Test("401 with errors[]: unauthorized, with the remedy to check the key and Duffel's message")
    func invalidToken() async throws {
        let body = try DuffelFixtures.text("errors-401.json")
        let server = try LoopbackHTTPServer { _ in .json(body, status: 401) }
        defer { server.stop() }
        let result = try await aggregator(server).search(DuffelFixtures.query())
        let error = try #require(result.outcomes.first?.error)
        #expect(result.outcomes.first?.status == .failed)
        #expect(error.code == .unauthorized)
        #expect(error.remedy == .checkCredentials([.apiKey]))
        #expect(
            error.message
                == "the service refused the request: HTTP 401 Unauthorized: Invalid access token: "
                + "The access token used is not recognised by our system")
        #expect(!error.message.contains("duffel_test_KEY"))
    }

    @Test("429 with only ratelimit-reset: rate limited, saying when the limit resets")
    func rateLimitedWithReset() async throws {
        let body = try DuffelFixtures.text("errors-429.json")
        let server = try LoopbackHTTPServer { _ in
            .json(
                body, status: 429,
                headers: [
                    "ratelimit-limit": "120", "ratelimit-remaining": "0",
                    "ratelimit-reset": "Mon, 23 Nov 2026 00:05:12 GMT",
                ])
        }
        defer { server.stop() }
        let result = try await aggregator(server).search(DuffelFixtures.query())
        let outcome = try #require(result.outcomes.first)
        #expect(outcome.status == .rateLimited)
        let error = try #require(outcome.error)
        #expect(error.code == .rateLimited)
        #expect(
            error.message
                == "the service is rate limiting requests: Rate limit exceeded: You have exceeded the rate limit. "
                + "Please wait before making more requests. (the rate limit resets at 2026-11-23 00:05:12 UTC)")
    }

    @Test("429 with Retry-After: the retry stage's wait is quoted, the reset is not repeated")
    func rateLimitedWithRetryAfter() async throws {
        let server = try LoopbackHTTPServer { _ in
            .json(#"{"errors": []}"#, status: 429, headers: ["retry-after": "300", "ratelimit-reset": "300"])
        }
        defer { server.stop() }
        let result = try await aggregator(server, retries: .standard).search(DuffelFixtures.query())
        let error = try #require(result.outcomes.first?.error)
        #expect(error.code == .rateLimited)
        #expect(error.message == "the service is rate limiting requests (Retry-After: 300)")
        #expect(server.requests.count == 1, "a wait past the deadline is not waited for")
    }

    @Test("ratelimit-reset in seconds, epoch seconds or an HTTP date; anything else is left unsaid")
    func resetForms() async throws {
        for (value, remark) in [
            ("42", "the rate limit resets in 42 s"),
            ("1795392312", "the rate limit resets at 2026-11-23 00:05:12 UTC"),
            ("2026-11-23T00:05:12Z", "the rate limit resets at 2026-11-23 00:05:12 UTC"),
            ("soon\u{1B}[2J", nil),
            (String(repeating: "9", count: 40), nil),
        ] as [(String, String?)] {
            let server = try LoopbackHTTPServer { _ in .json("{}", status: 429, headers: ["ratelimit-reset": value]) }
            defer { server.stop() }
            let result = try await aggregator(server).search(DuffelFixtures.query())
            let message = try #require(result.outcomes.first?.error?.message)
            let expected = "the service is rate limiting requests" + (remark.map { " (\($0))" } ?? "")
            #expect(message == expected, "ratelimit-reset: \(value.debugDescription)")
        }
    }

    @Test("a 503 HTML page from a proxy is named, not quoted, as the client names it")
    func htmlErrorPage() async throws {
        let server = try LoopbackHTTPServer { _ in
            .raw(
                status: 503, headers: ["Content-Type": "text/html"],
                body: Data("<html><body>Service Unavailable</body></html>".utf8))
        }
        defer { server.stop() }
        let result = try await aggregator(server).search(DuffelFixtures.query())
        let error = try #require(result.outcomes.first?.error)
        #expect(error.code == .httpStatus)
        #expect(error.message == "the service answered HTTP 503 Service Unavailable with an HTML page")
    }
}
