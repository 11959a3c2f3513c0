import Foundation

/// An HTTP response with its whole body.
public struct HTTPResponse: Sendable, Hashable {
    /// The largest body accepted unless a setting says otherwise: 32 MiB, far above any real answer and far
    /// below what would hurt the machine. Every stage that caps a body defaults to it.
    public static let defaultSizeCap = 32 << 20

    /// The status code.
    public var status: Int
    /// Header fields, names in lower case.
    public var headers: [String: String]
    /// The body.
    public var body: Data
    /// How many times the request was sent to get this answer: more than one after retries.
    public var attempts: Int

    /// Creates a response.
    /// - Parameters:
    ///   - status: the status code.
    ///   - headers: header fields; names are lower-cased.
    ///   - body: the body.
    ///   - attempts: how many times the request was sent.
    public init(status: Int, headers: [String: String] = [:], body: Data, attempts: Int = 1) {
        self.status = status
        self.headers = Dictionary(headers.map { ($0.key.lowercased(), $0.value) }, uniquingKeysWith: { $1 })
        self.body = body
        self.attempts = attempts
    }
}
