import Foundation
import HTTPServer

/// Identical searches at once share one run, and only that run takes a place of the cap on searches.
///
/// Rules:
/// - Two requests are identical when they ask the same route with the same parameters, in any order: the
///   answer of one is the answer of the other (the operator's settings are the server's, the same for all).
/// - The first request of a kind takes a place of the gate (or is `503` when there is none) and runs; every
///   identical request that arrives while it runs waits for its response without taking a place, so that a
///   team's dashboards polling one route get one upstream request and no `503`.
/// - The run belongs to no one request: a client that goes away does not cancel it for the others. The
///   search's own deadline still bounds it.
/// - A request that arrives after the run has ended starts a new one: responses kept between runs are
///   ``KeptSearches``' business, answers kept between runs the answer store's, not this one's.
package final class JoinedSearches: @unchecked Sendable {
    private let lock = NSLock()
    private var running: [String: Task<ServerResponse, Never>] = [:]
    private var joiners: [String: Int] = [:]

    /// Creates an empty table.
    package init() {}

    /// The response to a search: that of an identical one running, else that of a new run, if the gate has
    /// a place for it.
    /// - Parameters:
    ///   - route: the route asked.
    ///   - parameters: the request's query parameters.
    ///   - gate: the cap on searches at once.
    ///   - run: runs the search.
    /// - Returns: the response, or `nil` when a new run was needed and the gate had no place.
    package func response(
        route: String, parameters: [(name: String, value: String)], gate: ConcurrencyGate,
        run: @escaping @Sendable () async -> ServerResponse
    ) async -> ServerResponse? {
        await response(key: Self.key(route: route, parameters: parameters), gate: gate, run: run)
    }

    /// The response to a search: that of an identical one running, else that of a new run, if the gate has
    /// a place for it.
    /// - Parameters:
    ///   - key: the search's key (``key(route:parameters:)``).
    ///   - gate: the cap on searches at once.
    ///   - run: runs the search.
    /// - Returns: the response, or `nil` when a new run was needed and the gate had no place.
    package func response(
        key: String, gate: ConcurrencyGate, run: @escaping @Sendable () async -> ServerResponse
    ) async -> ServerResponse? {
        let task: Task<ServerResponse, Never>? = lock.withLock {
            if let task = running[key] {
                joiners[key, default: 0] += 1
                return task
            }
            guard let pass = gate.enter() else { return nil }
            let task = Task {
                let response = await run()
                pass.leave()
                self.finished(key)
                return response
            }
            running[key] = task
            return task
        }
        guard let task else { return nil }
        return await task.value
    }

    /// How many requests joined the run of an identical one that is still going, for tests and metrics.
    package var joined: Int { lock.withLock { joiners.values.reduce(0, +) } }

    /// How many runs are going.
    package var count: Int { lock.withLock { running.count } }

    private func finished(_ key: String) {
        lock.withLock {
            running[key] = nil
            joiners[key] = nil
        }
    }

    /// The route and its parameters sorted by name, then value: the same question asked in any order is one
    /// key. Each part is length-prefixed, so that no value can pass for another parameter.
    package static func key(route: String, parameters: [(name: String, value: String)]) -> String {
        let sorted = parameters.sorted { ($0.name, $0.value) < ($1.name, $1.value) }
        var key = "\(route.utf8.count):\(route)"
        for (name, value) in sorted { key += "|\(name.utf8.count):\(name)=\(value.utf8.count):\(value)" }
        return key
    }
}
