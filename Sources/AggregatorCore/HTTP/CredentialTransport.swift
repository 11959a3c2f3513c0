import Foundation
import ProviderKit

/// Adds a provider's API key to every request in the way its service takes it: the credential stage
/// of a provider's transport stack.
///
/// It sits below the response cache, so a key never becomes part of a cache key or a file on disk,
/// and it marks the header it adds as sensitive, so the network transport never sends it to another
/// origin (after a redirect, for instance).
public struct CredentialTransport: HTTPTransport {
    /// The transport that sends the request with its key.
    public let base: any HTTPTransport
    /// How the service takes the key.
    public let authentication: ProviderAuthentication
    private let key: String

    /// Wraps a transport.
    /// - Parameters:
    ///   - base: sends the requests.
    ///   - authentication: how the service takes the key.
    ///   - key: the key; never printed.
    public init(_ base: any HTTPTransport, authentication: ProviderAuthentication, key: String) {
        self.base = base
        self.authentication = authentication
        self.key = key
    }

    /// Sends the request with the key added.
    /// - Parameter request: what to send.
    /// - Returns: the answer.
    /// - Throws: whatever the base throws.
    public func send(_ request: HTTPRequest) async throws -> HTTPResponse {
        try await base.send(authenticated(request))
    }

    /// The request with the key added.
    /// - Parameter request: the request without a key.
    /// - Returns: the request as the service expects it.
    public func authenticated(_ request: HTTPRequest) -> HTTPRequest {
        var request = request
        switch authentication {
        case .none:
            break
        case .header(let name):
            request.headers[name] = key
            request.sensitiveHeaders.insert(name)
        case .bearer:
            request.headers["Authorization"] = "Bearer \(key)"
            request.sensitiveHeaders.insert("Authorization")
        case .queryParameter(let name):
            if var components = URLComponents(url: request.url, resolvingAgainstBaseURL: false) {
                components.queryItems = (components.queryItems ?? []) + [URLQueryItem(name: name, value: key)]
                if let url = components.url { request.url = url }
            }
        }
        return request
    }
}

extension CredentialTransport: CustomStringConvertible {
    /// Names the stage and how it sends the key, never the key itself.
    public var description: String { "CredentialTransport(\(authentication))" }
}
