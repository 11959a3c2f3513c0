/// A set-up that cannot work, found before any request is made.
public struct AggregatorSetupError: Error, Sendable, Equatable, CustomStringConvertible {
    /// What is wrong.
    public var message: String

    /// Creates an error.
    /// - Parameter message: what is wrong.
    public init(_ message: String) { self.message = message }

    /// The message.
    public var description: String { message }
}
