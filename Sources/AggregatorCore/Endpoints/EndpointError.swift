/// An endpoint setting that cannot be used.
public struct EndpointError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The setting as given.
    public var text: String
    /// Why it cannot be used.
    public var reason: String

    /// `'ftp://x' is not a usable endpoint: …`.
    public var description: String {
        "'\(text)' is not a usable endpoint: \(reason); use embedded, file:///path/response.json or https://host"
    }
}
