/// Why an outside program's spec cannot be used: one line a program's author can act on.
struct ExternalSpecError: Error, Sendable, Hashable, CustomStringConvertible {
    /// What is wrong, such as `offers[1] is not flights or cars`.
    var message: String

    /// Creates an error.
    /// - Parameter message: what is wrong.
    init(_ message: String) { self.message = message }

    /// The message.
    var description: String { message }
}
