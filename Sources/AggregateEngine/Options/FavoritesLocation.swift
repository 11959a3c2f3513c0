import AggregatorCore
import Foundation
import ProviderKit

/// Where the favourites live: `$XDG_DATA_HOME/aggregate`, else `$HOME/.local/share/aggregate`.
package enum FavoritesLocation {
    /// The folder, or `nil` when neither `XDG_DATA_HOME` nor `HOME` gives an absolute path.
    package static func folder(environment: [String: String]) -> URL? { UserFolders(environment: environment).data }

    /// The favourites for marking offers and airlines; problems become warnings on standard error,
    /// because a search should not fail over its decoration.
    package static func load(from folder: URL?, console: Console) -> Set<String> {
        let (favorites, warnings) = read(from: folder)
        for warning in warnings { console.printError(warning.line) }
        return favorites
    }

    /// The favourite airlines kept in a folder, and the warnings reading them gave, as values.
    /// - Parameter folder: the data folder, or `nil` where none can be told.
    /// - Returns: the airlines (none when the file cannot be read) and the warnings.
    package static func read(from folder: URL?) -> (favorites: Set<String>, warnings: [Notice]) {
        guard let folder else { return ([], []) }
        do {
            let snapshot = try FavoritesStore(folder: folder).list()
            return (Set(snapshot.entries), snapshot.warnings.map { .warning("\($0)") })
        } catch {
            return ([], [.warning("favourites are not marked: \(error.message)")])
        }
    }
}
