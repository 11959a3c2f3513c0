/// Runs one call per item, a few at a time, and gives back every call's result in the items' order: how a
/// provider that asks its service several questions for one search (one per day, route or page) keeps to the
/// service's limit on requests in flight.
public enum BoundedCalls {
    /// One call's result and its place. A named type rather than a tuple: Swift 6.3's optimiser miscompiles a
    /// task group whose children return an `(Int, Result<…>)` tuple made in a `do`/`catch`, handing the
    /// parent garbage in release builds.
    private struct Outcome<Value: Sendable>: Sendable {
        var index: Int
        var result: Result<Value, ProviderError>
    }

    /// Runs `call` for every item, at most `limit` at a time: past the limit, a call starts only when one in
    /// flight has finished.
    /// - Parameters:
    ///   - items: what to ask, in order.
    ///   - limit: the most calls in flight; at least one runs.
    ///   - call: one call, which turns its failure into a result rather than throwing it.
    /// - Returns: each item's result, in the items' order.
    /// - Throws: `CancellationError` when the search is cancelled.
    public static func run<Item: Sendable, Value: Sendable>(
        _ items: [Item], atMost limit: Int,
        _ call: @escaping @Sendable (Item) async -> Result<Value, ProviderError>
    ) async throws -> [Result<Value, ProviderError>] {
        // A plan made once the search was cancelled may hold no item at all: that is still a cancelled search.
        try Task.checkCancellation()
        return try await withThrowingTaskGroup(of: Outcome<Value>.self) { group in
            var results = [Result<Value, ProviderError>?](repeating: nil, count: items.count)
            for (index, item) in items.enumerated() {
                // However many items there are, none starts once the search is cancelled.
                try Task.checkCancellation()
                if index >= max(1, limit), let outcome = try await group.next() {
                    results[outcome.index] = outcome.result
                    try Task.checkCancellation()
                }
                group.addTask { Outcome(index: index, result: await call(item)) }
            }
            while let outcome = try await group.next() { results[outcome.index] = outcome.result }
            return results.compactMap { $0 }
        }
    }
}
