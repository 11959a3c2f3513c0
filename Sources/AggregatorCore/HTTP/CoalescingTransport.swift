import Foundation
import ProviderKit

/// Sends identical requests that are in flight at the same time once: a request asked for while the same
/// one (same provider, method, URL, header fields and body) is on its way waits for that one's answer
/// instead of going out again. The stage that keeps one question from reaching a service twice, whether
/// two searches of a long-running process ask it or one provider asks twice.
///
/// A request that may not be cached is never shared: its answer may hold something meant for it alone.
public struct CoalescingTransport: HTTPTransport {
    /// What sends the requests that go out.
    public let base: any HTTPTransport
    /// Whose requests these are: providers never share answers.
    public let provider: ProviderID
    let flights: InFlightRequests
    private let observer: any TransportObserver

    /// Wraps a transport with a table of requests in flight of its own.
    /// - Parameters:
    ///   - base: what sends the requests.
    ///   - provider: whose requests these are.
    ///   - observer: told about each request that waited for another.
    public init(
        _ base: any HTTPTransport, provider: ProviderID, observer: any TransportObserver = NoTransportObserver()
    ) {
        self.init(base, provider: provider, flights: InFlightRequests(), observer: observer)
    }

    init(_ base: any HTTPTransport, provider: ProviderID, flights: InFlightRequests, observer: any TransportObserver) {
        self.base = base
        self.provider = provider
        self.flights = flights
        self.observer = observer
    }

    /// Sends the request, or waits for the same request already on its way.
    /// - Parameter request: what to send.
    /// - Returns: the answer.
    /// - Throws: whatever sending it throws.
    public func send(_ request: HTTPRequest) async throws -> HTTPResponse {
        guard request.isCacheable else { return try await base.send(request) }
        let key = InFlightRequests.Key(
            provider: provider, method: request.method, url: request.url, headers: request.headers, body: request.body)
        let base = base
        let (response, shared) = try await flights.answer(key) { try await base.send(request) }
        if shared { observer.observe(.coalesced(provider)) }
        return response
    }
}

/// The requests in flight, shared by the transport stacks of one runner.
actor InFlightRequests {
    /// What makes two requests the same.
    struct Key: Hashable {
        var provider: ProviderID
        var method: HTTPMethod
        var url: URL
        var headers: [String: String]
        var body: Data?
    }

    private var flights: [Key: Task<HTTPResponse, any Error>] = [:]

    /// The answer to a request: the one on its way when there is one, else `send`'s.
    /// - Returns: the answer, and whether it was another request's.
    func answer(
        _ key: Key, send: @escaping @Sendable () async throws -> HTTPResponse
    ) async throws -> (HTTPResponse, shared: Bool) {
        if let flight = flights[key] { return (try await flight.value, true) }
        let flight = Task { try await send() }
        flights[key] = flight
        defer { flights[key] = nil }
        return (try await flight.value, false)
    }
}
