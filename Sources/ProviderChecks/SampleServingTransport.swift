import Foundation
import ProviderKit

/// What the conformance checks put under a provider's client: a stand-in for the network that answers a
/// request with the sample named after its path's last component, and 404 for any other path, so that a
/// provider served its samples "live" shows whether it asks for the paths they are named after. It never
/// touches the network.
struct SampleServingTransport: HTTPTransport {
    /// Bodies by request name, as in ``EmbeddedResponses``.
    let samples: EmbeddedResponses

    func send(_ request: HTTPRequest) async throws -> HTTPResponse {
        guard let body = samples.bodies[request.url.lastPathComponent] else {
            return HTTPResponse(status: 404, body: Data("not found".utf8))
        }
        return HTTPResponse(status: 200, headers: ["Content-Type": "application/json"], body: Data(body.utf8))
    }
}
