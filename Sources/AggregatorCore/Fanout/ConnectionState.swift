import Foundation
import ProviderKit

/// What a process keeps between the searches it runs, for the transport stacks they build: OAuth2 tokens,
/// MCP sessions and each host's pace.
///
/// One per process: every aggregator the process makes is given the same one, so that
/// a server or an MCP session signs in once per token lifetime, whatever settings each search was made with,
/// and a public host is paced once for the whole process. A command's one run starts afresh. The questions
/// being asked are each runner's own (``ProviderRunner``, ``MemoryQuestionSharing``): runners made with other
/// settings ask for themselves, and what several runners share is ``SharedServices/questions``'.
public final class ConnectionState: Sendable {
    /// OAuth2 sessions, one per provider and client.
    let signIns = SignInSessions()
    /// MCP sessions, one per provider and server.
    let mcpSessions = MCPSessions()
    /// The next free slot of each public host.
    let pacer = HostPacer(interval: .milliseconds(500))

    /// Creates empty state: no token, session or request in flight yet.
    public init() {}
}
