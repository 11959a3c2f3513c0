import Foundation
import ProviderKit

/// A JSON-RPC 2.0 error object: one of the standard codes and a one-line message.
package struct JSONRPCError: Error, Sendable, Equatable {
    /// The standard code, such as -32601.
    package var code: Int
    /// One line saying what was wrong.
    package var message: String

    /// A line that is not JSON, or longer than the server reads.
    package static func parseError(_ detail: String) -> JSONRPCError {
        JSONRPCError(code: -32700, message: "Parse error: \(detail)")
    }

    /// A message that is JSON but not a valid request.
    package static func invalidRequest(_ detail: String) -> JSONRPCError {
        JSONRPCError(code: -32600, message: "Invalid request: \(detail)")
    }

    /// A method the server does not have.
    package static func methodNotFound(_ method: String) -> JSONRPCError {
        JSONRPCError(code: -32601, message: "Method not found: \(PrintableText.excerpt(method, limit: 80))")
    }

    /// Parameters that do not fit the method: a missing or mistyped field, an unknown tool.
    package static func invalidParams(_ detail: String) -> JSONRPCError {
        JSONRPCError(code: -32602, message: "Invalid params: \(detail)")
    }

    /// A request the server cannot take now, such as a call past the number it runs at once (-32000, the
    /// first of the codes JSON-RPC leaves to servers).
    package static func serverBusy(_ detail: String) -> JSONRPCError {
        JSONRPCError(code: -32000, message: "Server busy: \(detail)")
    }

    /// Something that went wrong in the server itself.
    package static func internalError(_ detail: String) -> JSONRPCError {
        JSONRPCError(code: -32603, message: "Internal error: \(detail)")
    }

    /// Creates the value from each of its properties, as the memberwise initializer does.
    package init(code: Int, message: String) {
        self.code = code
        self.message = message
    }
}
