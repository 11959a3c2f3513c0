import Foundation

/// A successful answer's body, as an endpoint hands it over: in memory, or a recording left in its file so
/// that a large one is read in two passes without being held whole.
public struct EndpointAnswer: Sendable {
    enum Storage: Sendable {
        case body(Data)
        case file(path: String, maxBytes: Int)
    }

    let storage: Storage

    /// A body in memory.
    /// - Parameter data: the body.
    /// - Returns: the answer.
    public static func body(_ data: Data) -> EndpointAnswer { EndpointAnswer(storage: .body(data)) }

    /// A body in a regular file, read when the provider reads it.
    /// - Parameters:
    ///   - path: the file.
    ///   - maxBytes: the largest file read; a larger one is a `response_too_large` error.
    /// - Returns: the answer.
    public static func file(_ path: String, maxBytes: Int) -> EndpointAnswer {
        EndpointAnswer(storage: .file(path: path, maxBytes: maxBytes))
    }
}
