import Foundation
import ProviderKit

/// Tells the observer about every request that goes to a provider's service and how it ended: the stage just
/// above the network in a provider's transport stack.
public struct ObservingTransport: HTTPTransport {
    /// What sends the requests.
    public let base: any HTTPTransport
    /// Whose requests these are.
    public let provider: ProviderID
    private let observer: any TransportObserver

    /// Wraps a transport.
    /// - Parameters:
    ///   - base: what sends the requests.
    ///   - provider: whose requests these are.
    ///   - observer: told about each request.
    public init(_ base: any HTTPTransport, provider: ProviderID, observer: any TransportObserver) {
        self.base = base
        self.provider = provider
        self.observer = observer
    }

    /// Sends the request and tells the observer how it ended.
    /// - Parameter request: what to send.
    /// - Returns: the answer.
    /// - Throws: whatever the base throws.
    public func send(_ request: HTTPRequest) async throws -> HTTPResponse {
        do {
            let response = try await base.send(request)
            observer.observe(.upstream(provider, status: response.status))
            return response
        } catch {
            observer.observe(.upstream(provider, status: nil))
            throw error
        }
    }
}
