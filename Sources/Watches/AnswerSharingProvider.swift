import AggregatorCore
import Foundation
import ProviderKit

/// A provider whose live answers in one `watch run` come through ``SharedAnswers``: it runs the provider
/// it wraps on a client whose every request is first looked up among the answers the run already has.
/// Embedded samples and recordings are read as usual: nothing is sent for them.
package struct AnswerSharingProvider: OfferProvider {
    /// The provider.
    package let base: any OfferProvider
    /// The run's answers.
    package let answers: SharedAnswers

    package var descriptor: ProviderDescriptor { base.descriptor }

    package func search(
        _ query: SearchQuery, using client: ProviderClient
    ) async throws(ProviderError) -> ProviderResponse {
        guard client.isLive else { return try await base.search(query, using: client) }
        let shared = ProviderClient(
            provider: client.provider, endpoint: SharedEndpoint(client: client, answers: answers),
            requestTimeout: client.requestTimeout, maxResponseBytes: client.maxResponseBytes, now: client.now,
            deadline: client.deadline)
        return try await base.search(query, using: shared)
    }
}

/// The endpoint of an ``AnswerSharingProvider``'s client: the run's answer when it has one, else the
/// provider's own endpoint's.
private struct SharedEndpoint: ProviderEndpoint {
    let client: ProviderClient
    let answers: SharedAnswers

    var kind: EndpointKind { client.endpointKind }
    var description: String { client.endpointDescription }

    func answer(_ request: ProviderRequest) async throws(ProviderError) -> EndpointAnswer {
        let client = client
        guard request.caching == .allowed else { return .body(try await client.fetch(request)) }
        let key = SharedAnswers.Key(provider: client.provider, request: request)
        return .body(
            try await answers.answer(key) {
                do throws(ProviderError) {
                    return .success(try await client.fetch(request))
                } catch {
                    return .failure(error)
                }
            })
    }
}
