import Foundation
import ProviderKit

extension ProviderDescriptor {
    /// The live service a live endpoint is: the one at that very address, else the first one of the same
    /// kind (an HTTP service for `https://…`, an MCP server for `mcp+https://…`), whose sign-in and fixed
    /// headers then go to the URL given (a test server, a proxy, a regional host). A token URL under the
    /// service's own URL moves with it, so that a sign-in goes where its requests go and never to the real
    /// service while the endpoint points elsewhere.
    /// - Parameter endpoint: the endpoint setting.
    /// - Returns: the service as reached there, or `nil` for an endpoint that is not live or a provider
    ///   without a service of its kind.
    public func service(for endpoint: Endpoint) -> LiveService? {
        let url: URL
        switch endpoint {
        case .remote(let address), .mcp(let address): url = address
        case .embedded, .file, .notLive: return nil
        }
        let sameKind = live.filter { Self.sameKind(Endpoint($0), endpoint) }
        if let exact = sameKind.first(where: { Endpoint($0) == endpoint }) { return exact }
        guard var service = sameKind.first, let own = Endpoint(service).url else { return nil }
        if case .oauth2(var grant) = service.signIn, let moved = Self.rebase(grant.tokenURL, from: own, to: url) {
            grant.tokenURL = moved
            service.signIn = .oauth2(grant)
        }
        service.url = URL(string: endpoint.description) ?? url
        return service
    }

    private static func sameKind(_ lhs: Endpoint, _ rhs: Endpoint) -> Bool {
        switch (lhs, rhs) {
        case (.remote, .remote), (.mcp, .mcp): true
        default: false
        }
    }

    /// `address` with the prefix `old` replaced by `new`, when it starts with it.
    private static func rebase(_ address: URL, from old: URL, to new: URL) -> URL? {
        let prefix = old.absoluteString.hasSuffix("/") ? old.absoluteString : old.absoluteString + "/"
        guard address.absoluteString.hasPrefix(prefix) else { return nil }
        let rest = address.absoluteString.dropFirst(prefix.count)
        let base = new.absoluteString.hasSuffix("/") ? new.absoluteString : new.absoluteString + "/"
        return URL(string: base + rest)
    }
}

extension Endpoint {
    /// The `http(s)` URL requests go to, for a live endpoint.
    public var url: URL? {
        switch self {
        case .remote(let url), .mcp(let url): url
        case .embedded, .file, .notLive: nil
        }
    }
}
