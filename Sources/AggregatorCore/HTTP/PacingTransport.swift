import Foundation
import ProviderKit

/// Spaces the requests to each host: at most one every `interval` per host, however many providers and
/// requests of a run share it. The politeness stage in front of public servers that ask guests for at most
/// two requests a second.
public struct PacingTransport: HTTPTransport {
    /// What sends the requests.
    public let base: any HTTPTransport
    let pacer: HostPacer
    /// The least time between two requests to one host, when it is not the pacer's own.
    let interval: Duration?

    /// Wraps a transport with a pacer of its own.
    /// - Parameters:
    ///   - base: what sends the requests.
    ///   - interval: the least time between two requests to one host; half a second by default.
    public init(_ base: any HTTPTransport, interval: Duration = .milliseconds(500)) {
        self.init(base, pacer: HostPacer(interval: interval))
    }

    /// Wraps a transport with a shared pacer.
    /// - Parameters:
    ///   - base: what sends the requests.
    ///   - pacer: the slots of every host, shared by the transports of one run.
    ///   - interval: the least time after each of these requests before the host's next one; the pacer's own
    ///     when `nil`.
    init(_ base: any HTTPTransport, pacer: HostPacer, interval: Duration? = nil) {
        self.base = base
        self.pacer = pacer
        self.interval = interval
    }

    /// Waits for the host's next slot, then sends.
    /// - Parameter request: what to send.
    /// - Returns: the answer.
    /// - Throws: `CancellationError` when cancelled while waiting; whatever the base throws.
    public func send(_ request: HTTPRequest) async throws -> HTTPResponse {
        try await pacer.wait(for: request.url.host?.lowercased() ?? "", interval: interval)
        return try await base.send(request)
    }
}

/// The next free slot of every host, shared by the transports of one run.
actor HostPacer {
    let interval: Duration
    private var next: [String: ContinuousClock.Instant] = [:]

    init(interval: Duration) { self.interval = interval }

    /// Takes the host's next slot and waits until it comes.
    /// - Parameters:
    ///   - host: the host, lower case.
    ///   - interval: the least time until the host's next slot, when longer than the pacer's own.
    func wait(for host: String, interval: Duration? = nil) async throws {
        let now = ContinuousClock.now
        let slot = max(now, next[host] ?? now)
        next[host] = slot.advanced(by: max(self.interval, interval ?? .zero))
        if slot > now { try await Task.sleep(until: slot, clock: .continuous) }
    }
}
