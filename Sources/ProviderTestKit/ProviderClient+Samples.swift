import AggregatorCore
import Foundation
import ProviderKit

extension ProviderClient {
    /// A client that serves the provider's embedded samples. With `servedOver`, it serves them as a
    /// live endpoint at that URL through ``SampleTransport``, which answers 404 to any path whose
    /// last component is not a sample's name: a check that live requests ask for the right paths.
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
        let samples = provider.descriptor.embeddedResponses
        return ProviderClient(
            provider: provider.descriptor.id, endpoint: servedOver.map(Endpoint.remote) ?? .embedded,
            embedded: samples, transport: transport ?? SampleTransport(samples: samples), now: now)
    }
}
