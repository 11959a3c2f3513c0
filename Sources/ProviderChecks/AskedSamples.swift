import AggregatorCore
import Foundation
import ProviderKit

/// The embedded samples, answering as the `embedded` endpoint does, and remembering which samples were
/// asked for: the checks that edit one sample at a time edit those the sample query reads, since a sample
/// named for another route's parameters never answers it.
final class AskedSamples: ProviderEndpoint, @unchecked Sendable {
    private let embedded: EmbeddedEndpoint
    private let lock = NSLock()
    private var asked: Set<String> = []

    /// Creates the endpoint.
    /// - Parameters:
    ///   - provider: the provider, for errors.
    ///   - samples: the samples.
    init(provider: ProviderID, samples: EmbeddedResponses) {
        embedded = EmbeddedEndpoint(provider: provider, samples: samples)
    }

    /// The names of the samples asked for so far.
    var names: Set<String> { lock.withLock { asked } }

    var kind: EndpointKind { embedded.kind }

    var description: String { embedded.description }

    func answer(_ request: ProviderRequest) async throws(ProviderError) -> EndpointAnswer {
        if let name = embedded.samples.sampleName(for: request.recordingName, parameters: request.sampleParameters) {
            lock.withLock { _ = asked.insert(name) }
        }
        return try await embedded.answer(request)
    }
}
