import Foundation
import ProviderKit

/// What a runner keeps between the searches it runs, for the transport stacks it builds: OAuth2 tokens,
/// MCP sessions, the requests in flight (so that the same one goes out once) and each host's pace. One per
/// runner, so that a long-running process shares them and a command's run starts afresh.
final class ConnectionState: Sendable {
    /// OAuth2 sessions, one per provider and client.
    let signIns = SignInSessions()
    /// MCP sessions, one per provider and server.
    let mcpSessions = MCPSessions()
    /// The requests in flight.
    let flights = InFlightRequests()
    /// The next free slot of each public host.
    let pacer = HostPacer(interval: .milliseconds(500))
}
