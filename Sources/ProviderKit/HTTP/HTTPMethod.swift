/// An HTTP request method.
public struct HTTPMethod: RawRepresentable, Sendable, Hashable, CustomStringConvertible {
    /// The method's name, upper case: `GET`.
    public let rawValue: String

    /// Creates a method.
    /// - Parameter rawValue: the name; upper-cased.
    public init(rawValue: String) { self.rawValue = rawValue.uppercased() }

    /// The name.
    public var description: String { rawValue }

    /// `GET`: fetch, with no body.
    public static let get = HTTPMethod(rawValue: "GET")
    /// `POST`: send a body, such as a search request.
    public static let post = HTTPMethod(rawValue: "POST")
}
