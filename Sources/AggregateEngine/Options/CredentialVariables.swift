import AggregatorCore
import Foundation
import ProviderKit

/// Providers' credentials, from the environment only (`AGGREGATE_<ID>_API_KEY`, `AGGREGATE_<ID>_CLIENT_ID`,
/// `AGGREGATE_<ID>_CLIENT_SECRET`: one variable per credential its descriptor names): never from a flag or
/// a file, so they never sit in a shell history or a shared config. They are never printed: output shows
/// only which variables are set.
package enum CredentialVariables {
    /// The credentials set for every provider whose live services sign in.
    /// - Parameters:
    ///   - environment: the process environment.
    ///   - providers: the installed providers.
    /// - Returns: each provider's credentials, for those that have any set.
    package static func credentials(
        from environment: [String: String], providers: [any OfferProvider]
    ) -> [ProviderID: Credentials] {
        var all: [ProviderID: Credentials] = [:]
        for provider in providers {
            let credentials = credentials(for: provider.descriptor, in: environment)
            if !credentials.isEmpty { all[provider.descriptor.id] = credentials }
        }
        return all
    }

    /// The credentials set for one provider, without surrounding white space; blank ones are unset.
    package static func credentials(for descriptor: ProviderDescriptor, in environment: [String: String]) -> Credentials
    {
        Credentials(
            Dictionary(
                descriptor.credentials.compactMap { name in
                    environment[EnvironmentNames.credential(name, of: descriptor.id)].map { (name, $0) }
                }, uniquingKeysWith: { first, _ in first }))
    }

    /// The variables a sign-in reads, in its order: `AGGREGATE_KIWI_API_KEY`.
    package static func variables(of signIn: SignIn, for id: ProviderID) -> [String] {
        signIn.credentials.map { EnvironmentNames.credential($0, of: id) }
    }

    /// The variables of every credential a provider's live services need.
    package static func variables(of descriptor: ProviderDescriptor) -> [String] {
        descriptor.credentials.map { EnvironmentNames.credential($0, of: descriptor.id) }
    }

    /// `set`, `not set`, `partly set` (some of several), or `-` for a provider that needs none: never a value.
    package static func state(of descriptor: ProviderDescriptor, in environment: [String: String]) -> String {
        let names = descriptor.credentials
        guard !names.isEmpty else { return "-" }
        let credentials = credentials(for: descriptor, in: environment)
        if credentials.has(names) { return "set" }
        return credentials.isEmpty ? "not set" : "partly set"
    }
}
