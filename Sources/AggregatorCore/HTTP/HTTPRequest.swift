import Foundation

/// An HTTP request: what a provider asks its client to fetch.
public struct HTTPRequest: Sendable, Hashable {
    /// The method, `GET` by default.
    public var method: String
    /// The full URL with its query.
    public var url: URL
    /// Header fields.
    public var headers: [String: String]
    /// How long the whole exchange may take.
    public var timeout: Duration

    /// Creates a request.
    /// - Parameters:
    ///   - method: the method.
    ///   - url: the URL.
    ///   - headers: header fields.
    ///   - timeout: the time limit.
    public init(method: String = "GET", url: URL, headers: [String: String] = [:], timeout: Duration = .seconds(10)) {
        self.method = method
        self.url = url
        self.headers = headers
        self.timeout = timeout
    }
}
