import Foundation

/// The revisions of the Model Context Protocol this package speaks, in one list: `aggregate mcp` and
/// `aggregate serve`'s `/mcp` accept them in `initialize` (answering with the client's own when it is here),
/// and the client of an MCP provider asks for the newest and understands them all in a server's answer.
package enum MCPRevision {
    /// The revisions, oldest first.
    package static let supported = ["2025-03-26", "2025-06-18", "2025-11-25"]

    /// The newest revision: what the client asks for, and what the server offers a client asking for one it
    /// does not speak.
    package static var latest: String { supported[supported.count - 1] }

    /// The revisions as prose: `2025-03-26, 2025-06-18 and 2025-11-25`.
    package static var listed: String {
        supported.dropLast().joined(separator: ", ") + " and " + latest
    }

    /// Whether a revision is one of ``supported``.
    /// - Parameter revision: a revision's date, as `initialize` or `MCP-Protocol-Version` names it.
    /// - Returns: `true` when it is spoken here.
    package static func isSupported(_ revision: String) -> Bool {
        supported.contains(revision)
    }

    /// The revision a server uses with a client that asked for `requested`: the same when supported, else the
    /// latest, which the client may accept or disconnect from, as MCP's negotiation says.
    /// - Parameter requested: the client's `protocolVersion`.
    /// - Returns: the revision to answer with.
    package static func negotiate(_ requested: String) -> String {
        isSupported(requested) ? requested : latest
    }
}
