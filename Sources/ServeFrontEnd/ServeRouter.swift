import AggregatorCore
import Foundation
import HTTPServer
import ProviderKit

/// What `aggregate serve` answers: every route, behind the checks every route shares.
///
/// Rules, in order:
/// - `/healthz` is answered to anyone: it says how the server is and nothing else.
/// - Every other request from a web origin other than this machine's or an allowed one is `403` (DNS
///   rebinding; see ``OriginPolicy``).
/// - With a token set, every other request without `Authorization: Bearer TOKEN` is `401`.
/// - A path no route has is `404`; a method its route does not take is `405` with `Allow`.
/// - Searches (`/v1/search`, `/v1/compare`, `/v1/dates`, and MCP's `tools/call`) share the cap on searches
///   running at once: past it, `503` with `Retry-After`. A search identical to one running joins it without
///   taking a place (``JoinedSearches``).
/// - A search asked again while every answer its response was made of is still fresh gets that response
///   again without running (``KeptSearches``), and takes no place either.
package struct ServeRouter: HTTPResponder {
    /// The token, if one is set.
    package let token: AccessToken?
    /// Which web origins may call.
    package let origins: OriginPolicy
    /// The cap on searches running at once.
    package let searches: ConcurrencyGate
    /// The searches running, which identical ones join.
    package let joined: JoinedSearches
    /// The responses of searches kept while their answers are fresh; `nil` keeps none.
    package var kept: KeptSearches? = nil
    /// The JSON API's routes, by route.
    package let queries: [ServeRoute: QueryRoute]
    /// The MCP endpoint.
    package let mcp: MCPHTTPEndpoint
    /// The health check.
    package let health: ServeHealth
    /// The counters.
    package let metrics: ServeMetrics
    /// The web pages, if the server offers them: they take their own paths and check their own access
    /// (a session cookie as well as the token), and leave every API route as it is.
    package var web: WebPages? = nil

    /// Answers a request.
    /// - Parameter request: the request.
    /// - Returns: the response.
    package func respond(to request: ServerRequest) async -> ServerResponse {
        let route = ServeRoute(path: request.path)
        if route == .health {
            guard ["GET", "HEAD"].contains(request.method) else { return Self.methodNotAllowed(.health) }
            return await health.response()
        }
        if let web, let page = await web.respond(to: request) { return page }
        if let refusal = origins.refusal(of: request) {
            return ServeErrorDocument.response(403, "error: \(refusal).")
        }
        if let token, !token.admits(request.headers["Authorization"]) {
            return ServeErrorDocument.response(
                401, "error: this server needs Authorization: Bearer TOKEN, with the token its operator gave you.",
                headers: ["WWW-Authenticate": "Bearer realm=\"aggregate\""])
        }
        guard let route else {
            return ServeErrorDocument.response(
                404,
                "error: no such route; the routes are "
                    + ServeRoute.allCases.map(\.rawValue).joined(separator: ", ") + ".")
        }
        if route == .mcp { return await mcp.respond(to: request) }
        guard route.methods.contains(request.method) else { return Self.methodNotAllowed(route) }
        switch route {
        case .metrics:
            return .text(
                200, contentType: "text/plain; version=0.0.4; charset=utf-8",
                metrics.exposition(inFlight: searches.inUse, sessions: mcp.sessions.count))
        case .providers:
            return await queries[route]?.respond(to: request) ?? Self.notInstalled(route)
        case .search, .compare, .dates:
            guard let query = queries[route] else { return Self.notInstalled(route) }
            let key = JoinedSearches.key(route: "\(request.method) \(route.rawValue)", parameters: request.queryItems)
            if let response = kept?.response(for: key) { return response }
            let response = await joined.response(key: key, gate: searches) { [kept] in
                let (response, freshUntil) = await query.answer(to: request)
                if let kept, let freshUntil { kept.keep(response, for: key, until: freshUntil) }
                return response
            }
            return response
                ?? ServeErrorDocument.response(
                    503,
                    "error: \(searches.limit) searches are running, the most this server runs at once. "
                        + "Try again in a moment.",
                    headers: ["Retry-After": "1"])
        case .mcp, .health:
            return Self.notInstalled(route)
        }
    }

    /// What the HTTP server refuses itself (a malformed request, one too slow, too many connections) is
    /// ``ServeErrorDocument`` JSON, as every route's error is.
    package func refusal(status: Int, reason: String) -> ServerResponse {
        ServeErrorDocument.response(status, "error: \(reason)")
    }

    private static func methodNotAllowed(_ route: ServeRoute) -> ServerResponse {
        ServeErrorDocument.response(
            405, "error: \(route.rawValue) takes \(route.methods.joined(separator: " and ")).",
            headers: ["Allow": route.methods.joined(separator: ", ")])
    }

    private static func notInstalled(_ route: ServeRoute) -> ServerResponse {
        ServeErrorDocument.response(404, "error: \(route.rawValue) is not offered by this server.")
    }

    /// Creates the value from each of its properties, as the memberwise initializer does.
    package init(
        token: AccessToken?, origins: OriginPolicy, searches: ConcurrencyGate, joined: JoinedSearches,
        queries: [ServeRoute: QueryRoute], mcp: MCPHTTPEndpoint, health: ServeHealth, metrics: ServeMetrics,
        web: WebPages? = nil, kept: KeptSearches? = nil
    ) {
        self.token = token
        self.origins = origins
        self.searches = searches
        self.joined = joined
        self.queries = queries
        self.mcp = mcp
        self.health = health
        self.metrics = metrics
        self.web = web
        self.kept = kept
    }
}
