import AggregatorCore
import Foundation
import ProviderKit

extension QueryOptions {
    /// Runs a query with the selected providers and settings: the one place `search`, `compare` and `dates`
    /// build their aggregator, so that a setting added for one reaches all.
    /// - Parameters:
    ///   - query: the query, which `compare` runs without its limit.
    ///   - progress: told how the search is going; `nil` for nobody.
    /// - Returns: the result, and the warnings reading the favourites gave, if they were read.
    /// - Throws: ``AggregatorSetupError`` when the set-up is inconsistent.
    package func search(
        _ query: SearchQuery, progress: (@Sendable (SearchProgress) -> Void)?
    ) async throws(AggregatorSetupError) -> (result: SearchResult, warnings: [Notice]) {
        // A server's searches share its aggregators, made with its settings; any other search gets its own on
        // the process's connections, so that the searches of one process sign in once. The favourites are read
        // when a pipeline is made, not for every search a kept aggregator runs.
        var warnings: [Notice] = []
        let aggregator = try engine.aggregator(for: providers, settings: settings) {
            let (favorites, found) = FavoritesLocation.read(from: favoritesFolder)
            warnings = found
            return SearchPipeline(rates: rates, favorites: FavoriteCarriers(favorites))
        }
        return (await aggregator.search(query, progress: progress), warnings)
    }

    /// The lines a search's result has for people (see ``Diagnostics``).
    /// - Parameter result: the result.
    /// - Returns: the lines.
    package func notices(for result: SearchResult) -> [Notice] {
        Diagnostics(
            verbose: verbose, endpoints: endpointOrigins, settings: settings, providersNamed: providersNamed,
            providers: providers
        )
        .notices(for: result)
    }
}
