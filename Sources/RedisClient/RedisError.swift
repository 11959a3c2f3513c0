import Foundation

/// What went wrong talking to Redis, in one line a person can act on. A message never holds a password, and
/// text a server sent is cut short and stripped of control characters before it is quoted.
public struct RedisError: Error, Sendable, Hashable, CustomStringConvertible {
    /// What kind of failure it is.
    public enum Kind: Sendable, Hashable {
        /// The configuration or URL cannot be used; nothing was sent.
        case configuration
        /// The server could not be reached, or the connection broke.
        case connection
        /// No answer came within the timeout.
        case timeout
        /// The server sent something that is not RESP.
        case protocolViolation
        /// The server's reply is over the size or count limits.
        case replyTooLarge
        /// The server answered with an error reply, such as `WRONGPASS` or `ERR unknown command`.
        case server
        /// The server failed just before, and the client waits before it tries again.
        case unavailable
    }

    /// What kind of failure it is.
    public let kind: Kind
    /// One line: what went wrong and, where it helps, what to do.
    public let message: String

    /// Creates an error.
    /// - Parameters:
    ///   - kind: what kind of failure it is.
    ///   - message: one line, free of secrets.
    public init(_ kind: Kind, _ message: String) {
        self.kind = kind
        self.message = message
    }

    /// The message.
    public var description: String { message }

    /// Whether the connection the failure happened on can no longer be trusted: everything but an error
    /// reply, after which the stream is still in step.
    var breaksConnection: Bool { kind != .server && kind != .configuration && kind != .unavailable }

    /// Text a server sent, made safe to quote: at most 200 characters, control characters replaced.
    static func quoted(_ text: some StringProtocol) -> String {
        var safe = String(text.unicodeScalars.map { $0.properties.generalCategory == .control ? " " : Character($0) })
        if safe.count > 200 { safe = String(safe.prefix(200)) + "…" }
        return safe
    }
}
