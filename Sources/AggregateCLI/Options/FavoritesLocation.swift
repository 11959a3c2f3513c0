import AggregatorCore
import Foundation
import ProviderKit

/// Where the favourites live: `$XDG_DATA_HOME/aggregate`, else `$HOME/.local/share/aggregate`.
enum FavoritesLocation {
    /// The folder, or `nil` when neither `XDG_DATA_HOME` nor `HOME` gives an absolute path.
    static func folder(environment: [String: String]) -> URL? { UserFolders(environment: environment).data }

    /// The favourites for marking offers and airlines; problems become warnings on standard error,
    /// because a search should not fail over its decoration.
    static func load(from folder: URL?, console: Console) -> Set<String> {
        guard let folder else { return [] }
        do {
            let snapshot = try FavoritesStore(folder: folder).list()
            for warning in snapshot.warnings { console.printError("warning: \(warning)") }
            return Set(snapshot.entries)
        } catch {
            console.printError("warning: favourites are not marked: \(error.message)")
            return []
        }
    }
}
