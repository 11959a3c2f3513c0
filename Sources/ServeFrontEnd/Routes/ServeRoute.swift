/// The routes `aggregate serve` answers, and the label each one has in metrics: a path no route has is
/// `other`, so that no client can add a series.
package enum ServeRoute: String, CaseIterable, Sendable {
    /// `POST`, `GET` and `DELETE /mcp`: the MCP Streamable HTTP transport.
    case mcp = "/mcp"
    /// `GET /v1/search`.
    case search = "/v1/search"
    /// `GET /v1/compare`.
    case compare = "/v1/compare"
    /// `GET /v1/dates`.
    case dates = "/v1/dates"
    /// `GET /v1/providers`.
    case providers = "/v1/providers"
    /// `GET /healthz`: open without a token.
    case health = "/healthz"
    /// `GET /metrics`.
    case metrics = "/metrics"

    /// The route of a path, `nil` for none.
    /// - Parameter path: the request's path, without its query.
    package init?(path: String) {
        // A trailing slash names the same route.
        let trimmed = path.count > 1 && path.hasSuffix("/") ? String(path.dropLast()) : path
        self.init(rawValue: trimmed)
    }

    /// The label of a path in metrics: its route, or `other`.
    /// - Parameter path: the path.
    /// - Returns: the label.
    package static func label(of path: String) -> String {
        ServeRoute(path: path)?.rawValue ?? "other"
    }

    /// The command a query route runs.
    package var command: String? {
        switch self {
        case .search: "search"
        case .compare: "compare"
        case .dates: "dates"
        case .providers: "providers"
        case .mcp, .health, .metrics: nil
        }
    }

    /// The methods the route takes, for `405`'s `Allow`.
    package var methods: [String] {
        switch self {
        case .mcp: ["POST", "GET", "DELETE"]
        default: ["GET", "HEAD"]
        }
    }
}
