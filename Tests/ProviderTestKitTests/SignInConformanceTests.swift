import Foundation
import ProviderChecks
import ProviderKit
import Testing

/// A provider of an OAuth2 service; with `ownSignIn` it signs in by itself instead of leaving it to the tool,
/// as a provider written around the kit did, and fails to when its own variable is not set.
private struct TokenFlights: OfferProvider {
    let ownSignIn: Bool
    let descriptor = ProviderDescriptor(
        id: "tokenflights", displayName: "Token flights", summary: "Flights behind an OAuth2 sign-in.",
        categories: [.flights], nativeCurrency: .eur,
        live: [
            LiveService(
                "https://api.tokenflights.example",
                signIn: .oauth2(OAuth2ClientCredentials(tokenURL: "https://api.tokenflights.example/oauth2/token")))
        ],
        samples: ProviderSamples(EmbeddedResponses(["flights": "[98]"]), priceKeys: []))

    func search(_ query: SearchQuery, using client: ProviderClient) async throws(ProviderError) -> ProviderResponse {
        if ownSignIn, client.isLive {
            throw ProviderError(
                .unauthorized, provider: client.provider, "cannot sign in: TOKENFLIGHTS_SECRET is not set")
        }
        let prices = try await client.read(.get("flights")) { root in
            try root.elements.map { try $0.decimal }
        }
        return ProviderResponse(
            offers: prices.map { price in
                let segment = Segment(
                    carrier: Carrier(code: "VY"), flightNumber: "1815", origin: Place(airport: "VIE"),
                    destination: Place(airport: "BCN"),
                    departure: LocalDateTime(parsing: "2026-12-18T12:30").map { FlightTime(local: $0) })
                return Offer(
                    id: StableIdentifier.make(prefix: client.provider.rawValue, ["VY", "1815"]),
                    product: .flight(Itinerary(legs: [Leg(segments: [segment])])), priceBasis: .total,
                    source: OfferSource(
                        provider: client.provider, reference: "VY1815", price: Money(price, .eur),
                        retrievedAt: client.now()))
            })
    }
}

@Suite("The conformance checks sign in as the live service does")
struct SignInConformanceTests {
    @Test func aProviderThatLeavesTheSignInToTheToolPasses() async {
        let report = await ConformanceCheck(aspects: [.sampleSearch, .livePaths]).run(TokenFlights(ownSignIn: false))
        #expect(report.checked == [.sampleSearch, .livePaths])
        #expect(report.findings.isEmpty, "\(report.findings)")
    }

    @Test func aFailedSignInIsReportedAsSuchNotAsWrongPaths() async {
        let report = await ConformanceCheck(aspects: [.sampleSearch, .livePaths]).run(TokenFlights(ownSignIn: true))
        let findings = report.findings(for: .livePaths).map(\.message)
        #expect(findings.count == 1)
        #expect(findings.first == "tokenflights: signing in failed: cannot sign in: TOKENFLIGHTS_SECRET is not set")
        #expect(findings.first?.contains("paths") == false)
    }
}
