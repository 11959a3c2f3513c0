import Foundation

/// The revisions of the Model Context Protocol this package speaks, in one list: `aggregate mcp` and
/// `aggregate serve`'s `/mcp` accept them in `initialize` (answering with the client's own when it is here),
/// and the client of an MCP provider understands them in a server's answer.
public enum MCPRevision {
    /// The revisions, oldest first.
    public static let supported = ["2025-03-26", "2025-06-18", "2025-11-25"]

    /// The newest revision: what the client asks for, and what the server offers a client asking for one it
    /// does not speak.
    public static var latest: String { supported[supported.count - 1] }

    /// The revisions as prose: `2025-03-26, 2025-06-18 and 2025-11-25`.
    public static var listed: String {
        supported.dropLast().joined(separator: ", ") + " and " + latest
    }
}
