import Foundation
import ProviderKit

/// A remark about one provider's part in a search, typed so that the command line words it (with its
/// own flag names) and programs can tell remarks apart.
public enum ProviderNote: Sendable, Hashable {
    /// It lacks a capability the query relies on, so it cannot honour these fields: an undated provider
    /// asked for a date, a one-way provider asked for round trips.
    case cannotHonour([QueryField], lacking: ProviderCapability)
    /// Its answer came from the response cache, retrieved at that time: asked for (offline), or standing
    /// in after its live request failed.
    case answeredFromCache(retrievedAt: Date?, afterLiveFailure: Bool)
    /// Its good answer could not be written to the cache, for this reason.
    case notStoredInCache(String)
    /// Something the provider itself says about its answer, one sentence.
    case remark(String)
    /// This many links in its answer were not web links (`http` or `https` with a host) and were removed
    /// (see ``ResponseScreen``).
    case nonWebLinksDropped(Int)
}
