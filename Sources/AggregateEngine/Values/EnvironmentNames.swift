import AggregatorCore
import ProviderKit

/// The environment variables the tool reads for a provider, named after its id: `AGGREGATE_KIWI_ENDPOINT`,
/// `AGGREGATE_KIWI_API_KEY`, `AGGREGATE_AMADEUS_CLIENT_ID`. A dash in an id becomes an underscore, since
/// shells do not allow dashes in variable names.
package enum EnvironmentNames {
    /// `AGGREGATE_KIWI_ENDPOINT`: sets a provider's endpoint.
    package static func endpoint(of id: ProviderID) -> String { "AGGREGATE_\(stem(id))_ENDPOINT" }

    /// `AGGREGATE_LIVE`: `1` (or `true`) asks every provider's live service, as `--live` does.
    package static let live = "AGGREGATE_LIVE"

    /// The bearer token `aggregate serve` requires, when `--token-file` is not given.
    package static let serveToken = "AGGREGATE_SERVE_TOKEN"

    /// The password of the Redis `aggregate serve --cache` names, when its URL has none.
    package static let redisPassword = "AGGREGATE_REDIS_PASSWORD"

    /// `AGGREGATE_KIWI_API_KEY`: holds a provider's API key.
    package static func apiKey(of id: ProviderID) -> String { credential(.apiKey, of: id) }

    /// `AGGREGATE_AMADEUS_CLIENT_SECRET`: holds one credential of a provider, named after the credential.
    package static func credential(_ name: CredentialName, of id: ProviderID) -> String {
        "AGGREGATE_\(stem(id))_\(name.rawValue.uppercased())"
    }

    private static func stem(_ id: ProviderID) -> String {
        String(id.rawValue.uppercased().map { $0.isASCII && ($0.isLetter || $0.isNumber) ? $0 : "_" })
    }
}
