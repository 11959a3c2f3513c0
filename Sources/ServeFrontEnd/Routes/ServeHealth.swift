import AggregatorCore
import Foundation
import HTTPServer
import ProviderKit

/// `GET /healthz`: whether the server answers with everything it is meant to have, `aggregate.health.v1`.
///
/// - `ok` (200): the shared state answers and has had no failure lately.
/// - `degraded` (200): the shared state says it is out of reach, or a search could not reach it within
///   the last ten seconds; the server still answers, asking the services directly, and the reasons say why.
/// - `stopping` (503): the server is shutting down, so a load balancer sends new requests elsewhere.
package struct ServeHealth: Sendable {
    /// The shared state.
    package let backend: any SharedBackend
    /// What the searches noticed.
    package let metrics: ServeMetrics
    /// Whether the server is stopping.
    package let stopping: @Sendable () -> Bool

    /// The response.
    package func response() async -> ServerResponse {
        var reasons: [String] = []
        if case .degraded(let reason) = await backend.health() {
            reasons.append("shared state: " + PrintableText.excerpt(reason, limit: 200))
        }
        if let recent = metrics.recentUnavailability {
            reasons.append("a search could not reach the shared state: " + PrintableText.excerpt(recent, limit: 200))
        }
        let status = stopping() ? "stopping" : reasons.isEmpty ? "ok" : "degraded"
        var json = JSONWriter(style: .compact)
        json.object { json in
            json.key("schema")
            json.string("aggregate.health.v1")
            json.key("status")
            json.string(status)
            json.key("reasons")
            json.array { list in
                for reason in reasons { list.string(reason) }
            }
            json.key("version")
            json.string(ToolIdentity.version)
        }
        return ServerResponse(
            status: status == "stopping" ? 503 : 200,
            headers: ["Content-Type": "application/json", "Cache-Control": "no-store"],
            body: .bytes(json.bytes + [0x0A]))
    }

    /// Creates the value from each of its properties, as the memberwise initializer does.
    package init(backend: any SharedBackend, metrics: ServeMetrics, stopping: @escaping @Sendable () -> Bool) {
        self.backend = backend
        self.metrics = metrics
        self.stopping = stopping
    }
}
