import Foundation
import ProviderKit

/// Answers from the sample answers compiled into a provider's module: the default endpoint, which works
/// offline on a fresh machine. A request is answered by the sample named after its path's last component
/// (or its tool), the one named for its parameters first (see ``EmbeddedResponses``).
public struct EmbeddedEndpoint: ProviderEndpoint {
    /// The provider whose samples these are.
    public let provider: ProviderID
    /// The samples, by request name.
    public let samples: EmbeddedResponses

    /// Creates the endpoint.
    /// - Parameters:
    ///   - provider: the provider, for errors.
    ///   - samples: the samples, by request name.
    public init(provider: ProviderID, samples: EmbeddedResponses) {
        self.provider = provider
        self.samples = samples
    }

    /// The samples are compiled in.
    public var kind: EndpointKind { .samples }

    /// `embedded`, as the setting is written.
    public var description: String { Endpoint.embedded.description }

    /// The sample that answers the request.
    /// - Parameter request: the request.
    /// - Returns: the sample's body.
    /// - Throws: ``ProviderError`` `configuration` when there is no sample of that name.
    public func answer(_ request: ProviderRequest) async throws(ProviderError) -> EndpointAnswer {
        guard let body = samples.body(for: request.recordingName, parameters: request.sampleParameters) else {
            throw ProviderError(
                .configuration, provider: provider, "has no embedded sample for '\(request.recordingName)'",
                remedy: .setEndpoint)
        }
        return .body(Data(body.utf8))
    }
}
