/// Why an outside program's spec cannot be used: one line a program's author can act on.
package struct ExternalSpecError: Error, Sendable, Hashable, CustomStringConvertible {
    /// What is wrong, such as `offers[1] is not flights or cars`.
    package var message: String

    /// Creates an error.
    /// - Parameter message: what is wrong.
    package init(_ message: String) { self.message = message }

    /// The message.
    package var description: String { message }
}
