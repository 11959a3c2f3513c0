import AggregatorCore
import Foundation
import ProviderKit

/// API keys, from `AGGREGATE_<ID>_API_KEY` only: never from a flag or a file, so they never sit in a
/// shell history or a shared config. They are never printed: output shows only whether a key is set.
enum APIKeys {
    /// The keys set for providers that take one.
    /// - Parameters:
    ///   - environment: the process environment.
    ///   - providers: the installed providers.
    /// - Returns: each provider's key, for those that take a key and have one set.
    static func keys(from environment: [String: String], providers: [any OfferProvider]) -> [ProviderID: String] {
        var keys: [ProviderID: String] = [:]
        for provider in providers where provider.descriptor.authentication.takesKey {
            if let key = key(for: provider.descriptor.id, in: environment) { keys[provider.descriptor.id] = key }
        }
        return keys
    }

    /// The key set for a provider, without surrounding white space; `nil` when unset or blank.
    static func key(for id: ProviderID, in environment: [String: String]) -> String? {
        let key = environment[EnvironmentNames.apiKey(of: id)]?.trimmingCharacters(in: .whitespacesAndNewlines) ?? ""
        return key.isEmpty ? nil : key
    }
}
