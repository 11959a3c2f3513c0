import Foundation

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

    /// Creates a snapshot.
    /// - Parameters:
    ///   - entries: the favourites.
    ///   - changed: whether the operation changed them.
    ///   - warnings: lines for the user.
    public init(entries: [String], changed: Bool = false, warnings: [String] = []) {
        self.entries = entries
        self.changed = changed
        self.warnings = warnings
    }
}
