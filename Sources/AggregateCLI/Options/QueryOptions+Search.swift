import AggregatorCore
import Foundation
import ProviderKit

extension QueryOptions {
    /// Runs a query with the selected providers and settings: the one place `search` and `compare` build
    /// their aggregator, so that a setting added for one reaches both.
    /// - Parameters:
    ///   - query: the query, which `compare` runs without its limit.
    ///   - console: where a progress line and favourites warnings go.
    /// - Returns: the result.
    /// - Throws: ``AggregatorSetupError`` when the set-up is inconsistent.
    func search(_ query: SearchQuery, console: Console) async throws(AggregatorSetupError) -> SearchResult {
        let pipeline = {
            SearchPipeline(
                rates: rates,
                favorites: FavoriteCarriers(FavoritesLocation.load(from: favoritesFolder, console: console)))
        }
        // A server's searches share its aggregators, made with its settings; a command's run makes its own.
        let aggregator: Aggregator
        if let aggregators {
            aggregator = try aggregators.aggregator(for: providers, pipeline: pipeline)
        } else {
            aggregator = try Aggregator(
                providers: providers, transport: URLSessionTransport(maxResponseBytes: settings.maxResponseBytes),
                settings: settings, pipeline: pipeline())
        }
        let progress = console.errorIsTerminal ? ProgressLine(console: console) : nil
        var report: (@Sendable (SearchProgress) -> Void)?
        if let progress { report = { progress.show($0) } }
        let result = await aggregator.search(query, progress: report)
        progress?.clear()
        return result
    }
}
