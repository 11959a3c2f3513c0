import Foundation
import ProviderKit

/// The OAuth2 sessions of one runner, one per provider and client: a token outlives the search that got it,
/// so a long-running process (a server) asks for one per token lifetime, not one per search.
final class SignInSessions: @unchecked Sendable {
    private struct Key: Hashable {
        var provider: ProviderID
        var grant: OAuth2ClientCredentials
        var clientID: String
        var clientSecret: String
    }

    private let lock = NSLock()
    private var sessions: [Key: OAuth2Session] = [:]

    /// The session of a provider's client, made on first use.
    /// - Parameters:
    ///   - provider: the provider.
    ///   - grant: its token URL and scope.
    ///   - clientID: the client id.
    ///   - clientSecret: the client secret.
    ///   - now: the clock a new session measures token lifetimes on.
    /// - Returns: the session.
    func session(
        for provider: ProviderID, grant: OAuth2ClientCredentials, clientID: String, clientSecret: String,
        now: @escaping @Sendable () -> Date
    ) -> OAuth2Session {
        let key = Key(provider: provider, grant: grant, clientID: clientID, clientSecret: clientSecret)
        return lock.withLock {
            if let session = sessions[key] { return session }
            let session = OAuth2Session(
                provider: provider, grant: grant, clientID: clientID, clientSecret: clientSecret, now: now)
            sessions[key] = session
            return session
        }
    }
}
