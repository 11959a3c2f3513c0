import Foundation
import ProviderKit

/// What the conformance checks put under a provider's client: a stand-in for the network that answers a
/// request with the sample named after its path's last component (or, below an MCP endpoint, a tool call
/// with the sample named after the tool, as its result), and 404 for any other, so that a provider served
/// its samples "live" shows whether it asks for the paths (or tools) they are named after. An OAuth2
/// service's token URL answers with a stand-in token, and a request that signed in with another token than
/// that one is refused with 401, so that the sign-in is exercised too. It never touches the network.
struct SampleServingTransport: HTTPTransport {
    /// The token the stand-in token URL hands out.
    static let standInToken = "conformance-stand-in-token"

    /// Bodies by request name, as in ``EmbeddedResponses``.
    let samples: EmbeddedResponses
    /// How the live service signs in.
    var signIn: SignIn = .none
    /// Whether requests are tool calls of an MCP endpoint (`{"name": …, "arguments": …}`), named by the tool.
    var toolCalls = false

    func send(_ request: HTTPRequest) async throws -> HTTPResponse {
        if case .oauth2(let grant) = signIn {
            if request.url == grant.tokenURL {
                let token =
                    "{\"access_token\": \"\(Self.standInToken)\", \"token_type\": \"bearer\", \"expires_in\": 600}"
                return HTTPResponse(status: 200, headers: ["Content-Type": "application/json"], body: Data(token.utf8))
            }
            guard request.headers["Authorization"] == "Bearer \(Self.standInToken)" else {
                return HTTPResponse(status: 401, body: Data("{\"error\": \"not signed in\"}".utf8))
            }
        }
        let name: String?
        let parameters: [String: String]
        if toolCalls {
            let call = try? JSONDocument.read(request.body ?? Data()) { root in
                (try root["name"].string, try EmbeddedResponses.parameters(ofArguments: root["arguments"]))
            }
            name = call?.0
            parameters = call?.1 ?? [:]
        } else {
            name = request.url.lastPathComponent
            let query = URLComponents(url: request.url, resolvingAgainstBaseURL: false)?.queryItems ?? []
            parameters = EmbeddedResponses.parameters(ofQuery: query)
        }
        guard let name, let body = samples.body(for: name, parameters: parameters) else {
            return HTTPResponse(status: 404, body: Data("not found".utf8))
        }
        return HTTPResponse(status: 200, headers: ["Content-Type": "application/json"], body: Data(body.utf8))
    }
}
