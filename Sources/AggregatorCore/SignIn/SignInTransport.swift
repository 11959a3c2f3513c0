import Foundation
import ProviderKit

/// Signs every request of one provider in, the way its service's ``SignIn`` says: the sign-in stage of a
/// provider's transport stack.
///
/// Rules:
/// - It sits below the response cache, so a key or a token is never part of a cache key or a file on disk;
///   the header it adds is marked sensitive, so the network transport never sends it to another origin.
/// - An API key goes in its header, as `Authorization: Bearer`, or in its query parameter.
/// - An OAuth2 service's token comes from an ``OAuth2Session`` shared by every request of the provider
///   (and by later searches of the same runner): asked for once, kept for its lifetime less a margin. A
///   request answered 401 gets one new token (unless another request renewed it meanwhile) and is sent
///   once more; a second 401 is the answer.
public struct SignInTransport: HTTPTransport {
    /// The transport that sends the signed-in requests, and the token exchange.
    public let base: any HTTPTransport
    /// How the service signs in.
    public let signIn: SignIn
    private let key: String?
    private let session: OAuth2Session?

    /// Wraps a transport for a service that takes an API key.
    /// - Parameters:
    ///   - base: sends the requests.
    ///   - signIn: how the service takes the key (``SignIn/header(_:)``, ``SignIn/bearer`` or
    ///     ``SignIn/queryParameter(_:)``).
    ///   - key: the key; never printed.
    public init(_ base: any HTTPTransport, signIn: SignIn, key: String) {
        self.base = base
        self.signIn = signIn
        self.key = key
        session = nil
    }

    /// Wraps a transport for an OAuth2 service.
    /// - Parameters:
    ///   - base: sends the requests and the token exchange.
    ///   - session: where the provider's token is kept.
    public init(_ base: any HTTPTransport, session: OAuth2Session) {
        self.base = base
        signIn = .oauth2(session.grant)
        key = nil
        self.session = session
    }

    /// Sends the request signed in.
    /// - Parameter request: what to send.
    /// - Returns: the answer.
    /// - Throws: ``ProviderError`` when signing in fails; whatever the base throws.
    public func send(_ request: HTTPRequest) async throws -> HTTPResponse {
        guard let session else { return try await base.send(withKey(request)) }
        let token = try await session.token(using: base, timeout: request.timeout)
        let response = try await base.send(Self.bearer(request, token))
        guard response.status == 401 else { return response }
        let renewed = try await session.token(replacing: token, using: base, timeout: request.timeout)
        return try await base.send(Self.bearer(request, renewed))
    }

    /// The request with the API key added.
    /// - Parameter request: the request without a key.
    /// - Returns: the request as the service expects it.
    public func withKey(_ request: HTTPRequest) -> HTTPRequest {
        guard let key else { return request }
        var request = request
        switch signIn {
        case .none, .oauth2:
            break
        case .header(let name):
            request.headers[name] = key
            request.sensitiveHeaders.insert(name)
        case .bearer:
            request = Self.bearer(request, key)
        case .queryParameter(let name):
            if var components = URLComponents(url: request.url, resolvingAgainstBaseURL: false) {
                components.queryItems = (components.queryItems ?? []) + [URLQueryItem(name: name, value: key)]
                if let url = components.url { request.url = url }
            }
        }
        return request
    }

    private static func bearer(_ request: HTTPRequest, _ token: String) -> HTTPRequest {
        var request = request
        request.headers["Authorization"] = "Bearer \(token)"
        request.sensitiveHeaders.insert("Authorization")
        return request
    }
}

extension SignInTransport: CustomStringConvertible {
    /// Names the stage and how it signs in, never a key or a token.
    public var description: String { "SignInTransport(\(signIn))" }
}
