import AggregatorCore
import Foundation
import HTTPServer
import ProviderKit

/// What `aggregate serve` counts, written in Prometheus's text format for `GET /metrics`: requests by
/// route and status and how long they took, and what the transport stacks did for each provider (requests
/// upstream and how they ended, answers from the store, requests that waited for another, budgets refused,
/// shared state out of reach, shared answers not served for their signature or time).
///
/// Every label's values come from a fixed set (the routes, the installed providers, status classes), so
/// nothing a client sends can add a series.
package final class ServeMetrics: TransportObserver, @unchecked Sendable {
    /// The upper bounds of the latency histogram's buckets, in seconds.
    package static let buckets: [Double] = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30]
    /// How long a shared state failure counts against health.
    package static let unavailableWindow: Duration = .seconds(10)

    private struct RouteStatus: Hashable {
        var route: String
        var status: Int
    }

    private struct Histogram {
        var counts = [Int](repeating: 0, count: ServeMetrics.buckets.count)
        var sum = 0.0
        var total = 0
    }

    private struct ProviderCounters {
        var upstream: [String: Int] = [:]
        var freshHits = 0
        var staleHits = 0
        var misses = 0
        var coalesced = 0
        var budgetRefused = 0
        var rejected = 0
    }

    private let lock = NSLock()
    private var requests: [RouteStatus: Int] = [:]
    private var latency: [String: Histogram] = [:]
    private var providers: [ProviderID: ProviderCounters] = [:]
    private var unavailable = 0
    private var lastUnavailable: (at: ContinuousClock.Instant, reason: String)?
    private let known: Set<ProviderID>

    /// Creates the counters, every one at zero.
    /// - Parameter providers: the providers the server offers: the only ones counted by name.
    package init(providers: [ProviderID]) {
        known = Set(providers)
        for provider in providers { self.providers[provider] = ProviderCounters() }
    }

    /// Counts a request once its response is out.
    /// - Parameters:
    ///   - route: the route's label (``ServeRoute/label``).
    ///   - status: the status sent.
    ///   - latency: how long it took, or `nil` for a response whose length is not a latency (a listening event
    ///     stream, open for as long as its client keeps it): counted, but not in the latency histogram.
    package func record(route: String, status: Int, latency: Duration?) {
        lock.withLock {
            requests[RouteStatus(route: route, status: status), default: 0] += 1
            guard let latency else { return }
            let seconds = Double(latency.components.seconds) + Double(latency.components.attoseconds) / 1e18
            var histogram = self.latency[route] ?? Histogram()
            for (index, bound) in Self.buckets.enumerated() where seconds <= bound { histogram.counts[index] += 1 }
            histogram.sum += seconds
            histogram.total += 1
            self.latency[route] = histogram
        }
    }

    /// Takes note of what a transport stack did.
    /// - Parameter event: the event.
    package func observe(_ event: TransportEvent) {
        lock.withLock {
            switch event {
            case .upstream(let provider, let status):
                update(provider) { $0.upstream[Self.outcome(status), default: 0] += 1 }
            case .storeHit(let provider, let fresh):
                update(provider) { fresh ? ($0.freshHits += 1) : ($0.staleHits += 1) }
            case .storeMiss(let provider):
                update(provider) { $0.misses += 1 }
            case .coalesced(let provider):
                update(provider) { $0.coalesced += 1 }
            case .budgetRefused(let provider):
                update(provider) { $0.budgetRefused += 1 }
            case .sharedStateUnavailable(let reason):
                unavailable += 1
                lastUnavailable = (.now, reason)
            }
        }
    }

    /// Counts a shared answer not served: it was not signed with the instances' key, or claimed to be
    /// from the future.
    /// - Parameter provider: whose answer it claimed to be.
    package func answerRejected(_ provider: ProviderID) {
        lock.withLock { update(provider) { $0.rejected += 1 } }
    }

    /// The reason shared state was last out of reach, when that was within ``unavailableWindow``.
    package var recentUnavailability: String? {
        lock.withLock {
            guard let last = lastUnavailable, ContinuousClock.now - last.at < Self.unavailableWindow else { return nil }
            return last.reason
        }
    }

    /// How many requests went upstream for a provider, whatever their outcome.
    /// - Parameter provider: the provider.
    /// - Returns: the count.
    package func upstreamRequests(of provider: ProviderID) -> Int {
        lock.withLock { providers[provider]?.upstream.values.reduce(0, +) ?? 0 }
    }

    private func update(_ provider: ProviderID, _ change: (inout ProviderCounters) -> Void) {
        // A provider the server does not offer cannot be asked; if one ever is, it is not given a series.
        guard known.contains(provider) else { return }
        change(&providers[provider, default: ProviderCounters()])
    }

    /// `ok` for 2xx, `rate_limited` for 429, `client_error`, `server_error`, `other`, or `no_answer`.
    package static func outcome(_ status: Int?) -> String {
        switch status {
        case nil: "no_answer"
        case 429: "rate_limited"
        case let status? where (200..<300).contains(status): "ok"
        case let status? where (400..<500).contains(status): "client_error"
        case let status? where (500..<600).contains(status): "server_error"
        default: "other"
        }
    }

    /// The counters in Prometheus's text exposition format (version 0.0.4).
    /// - Parameters:
    ///   - inFlight: searches running now.
    ///   - sessions: MCP sessions open now.
    /// - Returns: the text.
    package func exposition(inFlight: Int, sessions: Int) -> String {
        lock.withLock {
            var text = ""
            func family(_ name: String, _ type: String, _ help: String) {
                text += "# HELP \(name) \(help)\n# TYPE \(name) \(type)\n"
            }
            family("aggregate_http_requests_total", "counter", "HTTP requests answered, by route and status.")
            for (key, count) in requests.sorted(by: { ($0.key.route, $0.key.status) < ($1.key.route, $1.key.status) }) {
                text += "aggregate_http_requests_total{route=\"\(key.route)\",status=\"\(key.status)\"} \(count)\n"
            }
            family(
                "aggregate_http_request_duration_seconds", "histogram",
                "Time from a request's first byte to its response's last, by route.")
            for (route, histogram) in latency.sorted(by: { $0.key < $1.key }) {
                for (index, bound) in Self.buckets.enumerated() {
                    text +=
                        "aggregate_http_request_duration_seconds_bucket{route=\"\(route)\",le=\"\(Self.number(bound))\"} "
                        + "\(histogram.counts[index])\n"
                }
                text +=
                    "aggregate_http_request_duration_seconds_bucket{route=\"\(route)\",le=\"+Inf\"} \(histogram.total)\n"
                text +=
                    "aggregate_http_request_duration_seconds_sum{route=\"\(route)\"} \(Self.number(histogram.sum))\n"
                text += "aggregate_http_request_duration_seconds_count{route=\"\(route)\"} \(histogram.total)\n"
            }
            let sorted = providers.sorted { $0.key.rawValue < $1.key.rawValue }
            family(
                "aggregate_upstream_requests_total", "counter",
                "Requests sent to a provider's service, by how they ended.")
            for (provider, counters) in sorted {
                for outcome in ["ok", "rate_limited", "client_error", "server_error", "other", "no_answer"] {
                    text +=
                        "aggregate_upstream_requests_total{provider=\"\(provider)\",outcome=\"\(outcome)\"} "
                        + "\(counters.upstream[outcome] ?? 0)\n"
                }
            }
            family(
                "aggregate_store_hits_total", "counter",
                "Requests answered from the shared store: fresh ones served as they are, stale ones as fallbacks.")
            for (provider, counters) in sorted {
                text += "aggregate_store_hits_total{provider=\"\(provider)\",fresh=\"true\"} \(counters.freshHits)\n"
                text += "aggregate_store_hits_total{provider=\"\(provider)\",fresh=\"false\"} \(counters.staleHits)\n"
            }
            family("aggregate_store_misses_total", "counter", "Requests that found no fresh answer in the store.")
            for (provider, counters) in sorted {
                text += "aggregate_store_misses_total{provider=\"\(provider)\"} \(counters.misses)\n"
            }
            family(
                "aggregate_coalesced_requests_total", "counter",
                "Requests that waited for the same request of another search instead of going upstream.")
            for (provider, counters) in sorted {
                text += "aggregate_coalesced_requests_total{provider=\"\(provider)\"} \(counters.coalesced)\n"
            }
            family(
                "aggregate_budget_refusals_total", "counter",
                "Requests not sent because the provider's budget was spent.")
            for (provider, counters) in sorted {
                text += "aggregate_budget_refusals_total{provider=\"\(provider)\"} \(counters.budgetRefused)\n"
            }
            family(
                "aggregate_shared_state_unavailable_total", "counter",
                "Times the shared store, the sharing of questions or the budget counter could not be reached.")
            text += "aggregate_shared_state_unavailable_total \(unavailable)\n"
            family(
                "aggregate_shared_answers_rejected_total", "counter",
                "Shared answers not served: not signed with the instances' key, or retrieved in the future.")
            for (provider, counters) in sorted {
                text += "aggregate_shared_answers_rejected_total{provider=\"\(provider)\"} \(counters.rejected)\n"
            }
            family("aggregate_searches_in_flight", "gauge", "Searches running now.")
            text += "aggregate_searches_in_flight \(inFlight)\n"
            family("aggregate_mcp_sessions", "gauge", "MCP sessions open now.")
            text += "aggregate_mcp_sessions \(sessions)\n"
            return text
        }
    }

    /// A number as Prometheus reads it, without a locale.
    private static func number(_ value: Double) -> String {
        value == value.rounded() && abs(value) < 1e15 ? String(Int64(value)) : String(value)
    }
}
