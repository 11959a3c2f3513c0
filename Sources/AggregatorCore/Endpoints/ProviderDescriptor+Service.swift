import Foundation
import ProviderKit

extension ProviderDescriptor {
    /// The live service a live endpoint at `url` is: the one at that very URL, else the first one, whose
    /// sign-in and fixed headers then go to the URL given (a test server, a proxy, a regional host).
    /// - Parameter url: the endpoint's URL.
    /// - Returns: the service, or `nil` for a provider without one.
    public func service(at url: URL) -> LiveService? {
        live.first { $0.url == url } ?? live.first
    }
}
