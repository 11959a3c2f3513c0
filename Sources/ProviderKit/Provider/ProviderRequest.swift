import Foundation

/// A request as a provider writes it: relative to its endpoint, without credentials, which the tool
/// adds in the way the provider's descriptor declares.
///
/// The same request is answered from the embedded samples and from a recorded folder by the last
/// component of its path (`offer_requests` for `POST air/offer_requests`), and from the live service
/// by appending the path to the endpoint's URL.
public struct ProviderRequest: Sendable, Hashable {
    /// The method.
    public var method: HTTPMethod
    /// The path relative to the endpoint, such as `flights` or `air/offer_requests`.
    public var path: String
    /// Query items, in order.
    public var query: [URLQueryItem]
    /// Header fields of this request, on top of the descriptor's fixed ones.
    public var headers: [String: String]
    /// The body, for methods that carry one.
    public var body: Data?

    /// Creates a request.
    /// - Parameters:
    ///   - method: the method.
    ///   - path: the path relative to the endpoint.
    ///   - query: query items.
    ///   - headers: header fields.
    ///   - body: the body.
    public init(
        method: HTTPMethod, path: String, query: [URLQueryItem] = [], headers: [String: String] = [:],
        body: Data? = nil
    ) {
        self.method = method
        self.path = path
        self.query = query
        self.headers = headers
        self.body = body
    }

    /// A `GET`.
    /// - Parameters:
    ///   - path: the path relative to the endpoint.
    ///   - query: query items.
    ///   - headers: header fields.
    /// - Returns: the request.
    public static func get(
        _ path: String, query: [URLQueryItem] = [], headers: [String: String] = [:]
    )
        -> ProviderRequest
    {
        ProviderRequest(method: .get, path: path, query: query, headers: headers)
    }

    /// A `POST` of a JSON body, with `Content-Type: application/json`.
    /// - Parameters:
    ///   - path: the path relative to the endpoint.
    ///   - query: query items.
    ///   - headers: header fields.
    ///   - json: the body, already encoded.
    /// - Returns: the request.
    public static func post(
        _ path: String, query: [URLQueryItem] = [], headers: [String: String] = [:], json: Data
    ) -> ProviderRequest {
        var fields = headers
        if !fields.keys.contains(where: { $0.lowercased() == "content-type" }) {
            fields["Content-Type"] = "application/json"
        }
        return ProviderRequest(method: .post, path: path, query: query, headers: fields, body: json)
    }

    /// The name a recording of this request is kept under: the path's last component.
    public var recordingName: String {
        path.split(separator: "/").last.map(String.init) ?? path
    }
}
