import Foundation

/// Recorded responses compiled into a provider module and served for the `embedded` endpoint, so
/// the tool answers offline on a fresh machine. Keys are the last component of the request path
/// (`flights` for `GET …/flights`), exactly like the files of a `file://` folder endpoint.
public struct EmbeddedResponses: Sendable, Hashable {
    /// Response bodies by request name.
    public var bodies: [String: String]

    /// Creates the set of responses.
    /// - Parameter bodies: response bodies keyed by the request path's last component.
    public init(_ bodies: [String: String]) { self.bodies = bodies }
}
