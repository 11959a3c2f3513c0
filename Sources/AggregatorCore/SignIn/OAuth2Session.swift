import Foundation
import ProviderKit

/// One provider's OAuth2 client-credentials sign-in: the token it holds, shared by every request made
/// meanwhile, and the exchange that gets a new one.
///
/// Rules:
/// - A token is asked for when there is none or the one held ends within the grant's renewal margin;
///   requests that need one while an exchange is under way wait for that exchange instead of starting
///   their own.
/// - ``token(replacing:using:timeout:)`` renews only when the token refused is still the one held, so that
///   several requests refused at once cause one exchange.
/// - The exchange is a form `POST` to the token URL that is never cached and never follows a redirect to
///   another origin; the secret and the token are never printed. A refusal is an `unauthorized` error that
///   says signing in failed, quoting the service's OAuth2 error, with the remedy to check the client id and
///   secret; a token answer that cannot be read is a failure to sign in as well.
/// - Without `expires_in` a token is kept until the service refuses it.
public actor OAuth2Session {
    /// The provider it signs in.
    public let provider: ProviderID
    /// Where and how tokens are asked for.
    public let grant: OAuth2ClientCredentials
    private let clientID: String
    private let clientSecret: String
    private let now: @Sendable () -> Date
    private var held: Token?
    private var exchange: Task<Token, any Error>?

    /// A token and when it stops being used.
    struct Token: Sendable {
        var value: String
        var renewAt: Date?
    }

    /// Creates a session without a token.
    /// - Parameters:
    ///   - provider: the provider, for errors.
    ///   - grant: where and how tokens are asked for.
    ///   - clientID: the client id.
    ///   - clientSecret: the client secret; never printed.
    ///   - now: the clock a token's lifetime is measured on.
    public init(
        provider: ProviderID, grant: OAuth2ClientCredentials, clientID: String, clientSecret: String,
        now: @escaping @Sendable () -> Date = { Date() }
    ) {
        self.provider = provider
        self.grant = grant
        self.clientID = clientID
        self.clientSecret = clientSecret
        self.now = now
    }

    /// A token to send: the one held while it lasts, else a new one.
    /// - Parameters:
    ///   - transport: sends the exchange.
    ///   - timeout: the exchange's time limit.
    /// - Returns: the token.
    /// - Throws: ``ProviderError`` when signing in fails.
    public func token(using transport: any HTTPTransport, timeout: Duration) async throws -> String {
        if let held, held.renewAt.map({ now() < $0 }) ?? true { return held.value }
        return try await exchanged(using: transport, timeout: timeout)
    }

    /// A token to send instead of one the service refused: a new one, unless the one held is already
    /// another.
    /// - Parameters:
    ///   - refused: the token the service answered 401 to.
    ///   - transport: sends the exchange.
    ///   - timeout: the exchange's time limit.
    /// - Returns: the token.
    /// - Throws: ``ProviderError`` when signing in fails.
    public func token(
        replacing refused: String, using transport: any HTTPTransport, timeout: Duration
    ) async throws -> String {
        if let held, held.value != refused { return held.value }
        held = nil
        return try await exchanged(using: transport, timeout: timeout)
    }

    /// Waits for the exchange under way, or starts one.
    private func exchanged(using transport: any HTTPTransport, timeout: Duration) async throws -> String {
        if let exchange { return try await exchange.value.value }
        let request = exchangeRequest(timeout: timeout)
        let (provider, grant, now) = (provider, grant, now)
        let task = Task { try await Self.exchange(request, provider: provider, grant: grant, via: transport, now: now) }
        exchange = task
        defer { exchange = nil }
        let token = try await task.value
        held = token
        return token.value
    }

    /// The form `POST` that asks for a token.
    private func exchangeRequest(timeout: Duration) -> HTTPRequest {
        var form = [("grant_type", "client_credentials"), ("client_id", clientID), ("client_secret", clientSecret)]
        if let scope = grant.scope { form.append(("scope", scope)) }
        return HTTPRequest(
            method: .post, url: grant.tokenURL,
            headers: ["Content-Type": "application/x-www-form-urlencoded", "Accept": "application/json"],
            body: Data(FormEncoding.encode(form).utf8), timeout: timeout, isCacheable: false, bodyIsSensitive: true)
    }

    /// Sends the exchange and reads the token.
    private static func exchange(
        _ request: HTTPRequest, provider: ProviderID, grant: OAuth2ClientCredentials, via transport: any HTTPTransport,
        now: @Sendable () -> Date
    ) async throws -> Token {
        let host = grant.tokenURL.host ?? grant.tokenURL.absoluteString
        func failure(_ reason: String, underlying: (any Error)? = nil) -> ProviderError {
            ProviderError(
                .unauthorized, provider: provider,
                "could not sign in at \(PrintableText.excerpt(host, limit: 80)): \(reason)",
                remedy: .checkCredentials([.clientID, .clientSecret]), underlying: underlying)
        }
        let response: HTTPResponse
        do {
            response = try await transport.send(request)
        } catch let error as TransportError {
            throw ProviderError(
                error.kind == .timedOut ? .timeout : .transport, provider: provider,
                "could not sign in at \(PrintableText.excerpt(host, limit: 80)): \(error.detail)", underlying: error)
        }
        guard (200..<300).contains(response.status) else {
            var status = "HTTP \(response.status)"
            if let reason = HTTPStatus.reason(response.status) { status += " \(reason)" }
            let said = OAuth2Answer.error(in: response.body).map { ": \(PrintableText.excerpt($0, limit: 120))" }
            throw failure("the token service answered \(status)\(said ?? "")")
        }
        do {
            let answer = try OAuth2Answer(response.body)
            let renewAt = answer.lifetime.map { now().addingTimeInterval(max(0, $0 - grant.renewalMargin.seconds)) }
            return Token(value: answer.accessToken, renewAt: renewAt)
        } catch {
            throw failure("the token service's answer is not a token (\(error.reason))", underlying: error)
        }
    }
}
