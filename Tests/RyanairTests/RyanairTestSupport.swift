import AggregatorCore
import AggregatorTestSupport
import Foundation
import ProviderKit
import ProviderTestKit
import Ryanair
import Testing

/// The embedded answers, clients that serve them or edited copies, and a server that plays the fare finder.
enum RyanairFixtures {
    /// The clock every fixture client reports, so that `retrievedAt` can be asserted.
    static let retrievedAt = Date(timeIntervalSince1970: 1_790_000_000)

    /// The embedded answers.
    static var samples: EmbeddedResponses { RyanairProvider().descriptor.samples.responses }
    /// One embedded answer by its name.
    static func sample(_ name: String) -> String { samples.bodies[name] ?? "" }
    /// Vienna to Barcelona on 18 December 2026.
    static var vieBcn: String { sample("oneWayFares?departureAirportIataCode=VIE&arrivalAirportIataCode=BCN") }
    /// Dublin to Barcelona overnight.
    static var dubBcn: String { sample("oneWayFares?departureAirportIataCode=DUB&arrivalAirportIataCode=BCN") }
    /// From Vienna to anywhere.
    static var fromVienna: String { sample("oneWayFares?departureAirportIataCode=VIE") }
    /// Vienna to Barcelona and back.
    static var vieBcnReturn: String {
        sample("roundTripFares?departureAirportIataCode=VIE&arrivalAirportIataCode=BCN")
    }
    /// Vienna to Barcelona, December's days.
    static var december: String { sample("cheapestPerDay?outboundMonthOfDate=2026-12-01") }

    /// A client on the embedded answers.
    static func client() -> ProviderClient {
        ProviderClient(
            testing: "ryanair", on: .embedded, samples: samples, transport: UnreachableTransport(),
            now: { retrievedAt })
    }

    /// A client that answers every `oneWayFares` call with `fares`.
    static func client(fares: String) -> ProviderClient {
        ProviderClient(
            testing: "ryanair", on: .embedded, samples: EmbeddedResponses(["oneWayFares": fares]),
            transport: UnreachableTransport(), now: { retrievedAt })
    }

    /// A client that answers every `cheapestPerDay` call with `days`.
    static func client(days: String) -> ProviderClient {
        ProviderClient(
            testing: "ryanair", on: .embedded, samples: EmbeddedResponses(["cheapestPerDay": days]),
            transport: UnreachableTransport(), now: { retrievedAt })
    }

    /// A client on a server on loopback.
    static func client(server: LoopbackHTTPServer) -> ProviderClient {
        ProviderClient(
            testing: "ryanair", on: .remote(server.baseURL), transport: URLSessionTransport(),
            requestTimeout: .seconds(120), now: { retrievedAt })
    }

    /// A server that answers as the fare finder does, from the embedded answers chosen by the request's
    /// route, and 404 to any other path.
    static func server() throws -> LoopbackHTTPServer {
        let samples = samples
        return try LoopbackHTTPServer { request in
            let parameters = EmbeddedResponses.parameters(ofQuery: request.queryItems)
            switch request.path {
            case "/oneWayFares":
                return .json(samples.body(for: "oneWayFares", parameters: parameters) ?? "")
            case "/roundTripFares":
                return .json(samples.body(for: "roundTripFares", parameters: parameters) ?? "")
            case let path where path.hasPrefix("/oneWayFares/") && path.hasSuffix("/cheapestPerDay"):
                return .json(samples.body(for: "cheapestPerDay", parameters: parameters) ?? "")
            default:
                return .json("{\"code\": \"NOT_FOUND\", \"message\": \"not found\"}", status: 404)
            }
        }
    }

    /// A one-way query, Vienna to Barcelona on 18 December 2026 unless said otherwise.
    static func query(
        from origin: String = "VIE", to destination: String? = "BCN", on days: String = "2026-12-18"
    ) -> SearchQuery {
        SearchQuery(origin: origin, destination: destination, departureDates: DateRange(parsing: days))
    }

    /// A request's query items by name.
    static func items(_ request: LoopbackHTTPServer.Request) -> [String: String] {
        Dictionary(request.queryItems.map { ($0.name, $0.value ?? "") }, uniquingKeysWith: { first, _ in first })
    }
}

extension Offer {
    /// Each segment as the table shows it: `FR 504 DUB→BCN`.
    var flights: [String] {
        product.itinerary?.segments.map {
            "\($0.flightDesignator) \($0.origin.code ?? "?")→\($0.destination.code ?? "?")"
        } ?? []
    }
}
