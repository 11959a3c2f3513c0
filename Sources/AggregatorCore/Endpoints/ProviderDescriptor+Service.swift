import Foundation
import ProviderKit

extension ProviderDescriptor {
    /// The live service a live endpoint at `url` is: the one at that very URL, else the first one, whose
    /// sign-in and fixed headers then go to the URL given (a test server, a proxy, a regional host). A token
    /// URL under the service's own URL moves with it, so that a sign-in goes where its requests go and never
    /// to the real service while the endpoint points elsewhere.
    /// - Parameter url: the endpoint's URL.
    /// - Returns: the service as reached at `url`, or `nil` for a provider without one.
    public func service(at url: URL) -> LiveService? {
        if let exact = live.first(where: { $0.url == url }) { return exact }
        guard var service = live.first else { return nil }
        if case .oauth2(var grant) = service.signIn, let moved = Self.rebase(grant.tokenURL, from: service.url, to: url)
        {
            grant.tokenURL = moved
            service.signIn = .oauth2(grant)
        }
        service.url = url
        return service
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
