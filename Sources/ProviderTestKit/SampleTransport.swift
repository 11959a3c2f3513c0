import AggregatorCore
import Foundation
import ProviderKit

/// A transport that serves a set of bodies by the request path's last component (the one named for its
/// query items first, as ``EmbeddedResponses`` chooses), and 404 otherwise.
/// It records every request it is sent.
public final class SampleTransport: HTTPTransport, @unchecked Sendable {
    private let samples: EmbeddedResponses
    private let lock = NSLock()
    private var sent: [HTTPRequest] = []

    /// Creates the transport.
    /// - Parameter samples: bodies by request name.
    public init(samples: EmbeddedResponses) { self.samples = samples }

    /// Every request sent so far.
    public var requests: [HTTPRequest] { lock.withLock { sent } }

    /// Answers from the samples.
    /// - Parameter request: the request.
    /// - Returns: 200 with the sample, or 404.
    public func send(_ request: HTTPRequest) async throws -> HTTPResponse {
        lock.withLock { sent.append(request) }
        let query = URLComponents(url: request.url, resolvingAgainstBaseURL: false)?.queryItems ?? []
        guard
            let body = samples.body(
                for: request.url.lastPathComponent, parameters: EmbeddedResponses.parameters(ofQuery: query))
        else {
            return HTTPResponse(status: 404, body: Data("not found".utf8))
        }
        return HTTPResponse(status: 200, headers: ["Content-Type": "application/json"], body: Data(body.utf8))
    }
}
