/// How a live service takes its API key: the part of a provider's descriptor that lets the tool send
/// a key it holds without the provider touching it.
///
/// The key itself never passes through a provider: the tool reads it from its own settings and a
/// ``CredentialTransport`` adds it to each live request in the declared way, marks it sensitive so it
/// never follows a redirect to another origin, and keeps it out of the response cache.
public enum ProviderAuthentication: Sendable, Hashable {
    /// The service takes no key.
    case none
    /// A header field of its own holds the key: `apikey: KEY`.
    case header(String)
    /// `Authorization: Bearer KEY`.
    case bearer
    /// A query parameter holds the key: `token=KEY`.
    case queryParameter(String)

    /// Whether the service takes a key at all.
    public var takesKey: Bool { self != .none }
}
