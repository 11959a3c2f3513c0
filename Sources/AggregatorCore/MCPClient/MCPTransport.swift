import Foundation
import ProviderKit

/// Calls tools on an MCP server: the bottom of a provider's transport stack when its endpoint is an MCP
/// server, below the size cap, cache, sign-in and retry stages like any network.
///
/// What comes down the stack is a tool call written by ``MCPToolCall`` (`POST` to the server's URL of
/// `{"name", "arguments"}`); what goes back up is 200 with the tool's result as the body, or the server's
/// HTTP answer when it was not a success (a 429 with its `Retry-After`, a 502), for the retry stage to judge.
/// The exchange itself (initialization, sessions, JSON-RPC, event streams) is ``MCPClientSession``'s, and
/// the header fields of the call (a sign-in's among them) go with every message of it.
public struct MCPTransport: HTTPTransport {
    /// What sends each message.
    public let network: any HTTPTransport
    let session: MCPClientSession
    /// The provider whose calls these are.
    public let provider: ProviderID

    /// Creates the transport over a session of its own.
    /// - Parameters:
    ///   - network: what sends each message.
    ///   - provider: the provider, for errors.
    ///   - clientVersion: the version the client names in `clientInfo`.
    public init(network: any HTTPTransport, provider: ProviderID, clientVersion: String = ToolIdentity.version) {
        self.init(network: network, session: MCPClientSession(provider: provider, clientVersion: clientVersion))
    }

    init(network: any HTTPTransport, session: MCPClientSession) {
        self.network = network
        self.session = session
        provider = session.provider
    }

    /// Makes the tool call the request holds.
    /// - Parameter request: a tool call.
    /// - Returns: 200 with the tool's result, or the server's answer when it was not a success.
    /// - Throws: ``ProviderError`` for a request that is not a tool call, a JSON-RPC or tool error, or an
    ///   answer that is not JSON-RPC; whatever the network throws.
    public func send(_ request: HTTPRequest) async throws -> HTTPResponse {
        let call = try MCPToolCall(body: request.body ?? Data(), provider: provider)
        return try await session.call(call, template: request, network: network)
    }
}

/// The MCP sessions of one runner, one per provider and server, so that a long-running process keeps its
/// sessions between searches.
final class MCPSessions: @unchecked Sendable {
    private struct Key: Hashable {
        var provider: ProviderID
        var url: URL
    }

    private let lock = NSLock()
    private var sessions: [Key: MCPClientSession] = [:]

    /// The session of a provider with a server, made on first use.
    func session(for provider: ProviderID, at url: URL) -> MCPClientSession {
        lock.withLock {
            let key = Key(provider: provider, url: url)
            if let session = sessions[key] { return session }
            let session = MCPClientSession(provider: provider, clientVersion: ToolIdentity.version)
            sessions[key] = session
            return session
        }
    }
}
