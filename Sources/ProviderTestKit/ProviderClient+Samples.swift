import AggregatorCore
import Foundation
import ProviderKit

extension ProviderClient {
    /// A client that serves the provider's embedded samples. With `servedOver`, it serves them as a
    /// live endpoint at that URL (with the first live service's fixed header fields) through
    /// ``SampleTransport``, which answers 404 to any path whose last component is not a sample's name: a
    /// check that live requests ask for the right paths.
    /// - Parameters:
    ///   - provider: the provider whose samples to serve.
    ///   - servedOver: a base URL to serve them at over a stub transport.
    ///   - transport: the stub transport to use, so a test can read the requests it was sent.
    ///   - now: the clock for `retrievedAt`.
    /// - Returns: the client.
    public static func embedded(
        for provider: some OfferProvider, servedOver: URL? = nil, transport: SampleTransport? = nil,
        now: @escaping @Sendable () -> Date = { Date(timeIntervalSince1970: 1_790_000_000) }
    ) -> ProviderClient {
        let descriptor = provider.descriptor
        let samples = descriptor.samples.responses
        let endpoint: any ProviderEndpoint =
            if let servedOver {
                HTTPEndpoint(
                    provider: descriptor.id, base: servedOver,
                    transport: transport ?? SampleTransport(samples: samples),
                    fixedHeaders: descriptor.live.first?.fixedHeaders ?? [:],
                    credentials: descriptor.live.first?.signIn.credentials ?? [])
            } else {
                EmbeddedEndpoint(provider: descriptor.id, samples: samples)
            }
        return ProviderClient(provider: descriptor.id, endpoint: endpoint, now: now)
    }
}

extension ProviderClient {
    /// A client on an endpoint setting, made as the tool makes one for a search: the embedded samples given,
    /// a recording, or a live URL whose requests `transport` answers (a stub, or a real transport to a
    /// loopback server).
    /// - Parameters:
    ///   - provider: the provider's id.
    ///   - endpoint: the setting: `.embedded`, `.file(url)`, `.remote(url)` or `.mcp(url)`.
    ///   - samples: what the embedded endpoint serves.
    ///   - transport: what answers live requests (for an MCP server, each message of a tool call); nothing
    ///     is ever sent by default.
    ///   - fixedHeaders: header fields every live request carries.
    ///   - credentials: the credentials live requests sign in with, named in a refusal's remedy.
    ///   - requestTimeout: each request's time limit.
    ///   - maxResponseBytes: the largest answer accepted.
    ///   - now: the clock for `retrievedAt`.
    public init(
        testing provider: ProviderID, on endpoint: Endpoint, samples: EmbeddedResponses = EmbeddedResponses([:]),
        transport: any HTTPTransport = UnreachableTransport(), fixedHeaders: [String: String] = [:],
        credentials: [CredentialName] = [], requestTimeout: Duration = .seconds(10),
        maxResponseBytes: Int = HTTPResponse.defaultSizeCap,
        now: @escaping @Sendable () -> Date = { Date(timeIntervalSince1970: 1_790_000_000) }
    ) {
        let kind: any ProviderEndpoint =
            switch endpoint {
            case .embedded, .notLive: EmbeddedEndpoint(provider: provider, samples: samples)
            case .file(let location):
                RecordingEndpoint(provider: provider, location: location, maxBytes: maxResponseBytes)
            case .remote(let base):
                HTTPEndpoint(
                    provider: provider, base: base, transport: transport, fixedHeaders: fixedHeaders,
                    credentials: credentials, requestTimeout: requestTimeout, maxBytes: maxResponseBytes)
            case .mcp(let url):
                MCPEndpoint(
                    provider: provider, url: url, transport: MCPTransport(network: transport, provider: provider),
                    fixedHeaders: fixedHeaders, credentials: credentials, requestTimeout: requestTimeout,
                    maxBytes: maxResponseBytes)
            }
        self.init(
            provider: provider, endpoint: kind, requestTimeout: requestTimeout, maxResponseBytes: maxResponseBytes,
            now: now)
    }
}
