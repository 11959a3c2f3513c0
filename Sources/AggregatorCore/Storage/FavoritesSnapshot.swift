import Foundation
import ProviderKit

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// The favourites after an operation, and what the caller should tell the user.
public struct FavoritesSnapshot: Sendable, Hashable {
    /// The favourites, sorted case- and accent-insensitively.
    public var entries: [String]
    /// Whether the operation changed them: `false` for an `add` of one already there, a `remove` of
    /// one that was not, and every `list`.
    public var changed: Bool
    /// One line each for the user, such as a corrupt file that was set aside.
    public var warnings: [String]
    /// For an add or a remove: whether each entry asked for, in the order given, changed the favourites;
    /// empty for a list.
    public var changes: [Bool]

    /// Creates a snapshot.
    /// - Parameters:
    ///   - entries: the favourites.
    ///   - changed: whether the operation changed them.
    ///   - warnings: lines for the user.
    ///   - changes: whether each entry of an add or a remove changed them.
    public init(entries: [String], changed: Bool = false, warnings: [String] = [], changes: [Bool] = []) {
        self.entries = entries
        self.changed = changed
        self.warnings = warnings
        self.changes = changes
    }
}
