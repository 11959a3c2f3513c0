import Foundation

/// An HTTP response with its whole body.
public struct HTTPResponse: Sendable, Hashable {
    /// The status code.
    public var status: Int
    /// Header fields, names in lower case.
    public var headers: [String: String]
    /// The body.
    public var body: Data

    /// Creates a response.
    /// - Parameters:
    ///   - status: the status code.
    ///   - headers: header fields; names are lower-cased.
    ///   - body: the body.
    public init(status: Int, headers: [String: String] = [:], body: Data) {
        self.status = status
        self.headers = Dictionary(headers.map { ($0.key.lowercased(), $0.value) }, uniquingKeysWith: { $1 })
        self.body = body
    }
}
