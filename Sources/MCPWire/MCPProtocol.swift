import AggregatorCore
import Foundation

/// The MCP revisions this server speaks and how it introduces itself.
package enum MCPProtocol {
    /// The revisions it supports, oldest first (``MCPRevision/supported``, the one list the client of MCP
    /// providers reads too); the last is the one offered to a client asking for any other.
    package static let versions = MCPRevision.supported

    /// The revision to use with a client that asked for `requested`: the same when supported, else the
    /// latest supported, which the client may accept or disconnect from, as MCP's negotiation says.
    /// - Parameter requested: the client's `protocolVersion`.
    /// - Returns: the revision to answer with.
    package static func negotiate(_ requested: String) -> String {
        versions.contains(requested) ? requested : versions[versions.count - 1]
    }

    /// The server's name in `serverInfo`.
    package static let serverName = "aggregate"

    /// What the server tells a client's model about using it, in `instructions`.
    package static let instructions = """
        Searches several travel providers at once and merges their answers: the same trip sold by \
        several providers is one offer listing every seller's price (converted into one currency) and \
        booking link. Use list_providers to see what is installed and which endpoints are live. A \
        provider that fails is reported in the result, not an error; a result is an error only when no \
        provider answered or the arguments were wrong, and its text says what to change. Dates are local \
        YYYY-MM-DD; places are IATA airport or city codes.
        """
}
