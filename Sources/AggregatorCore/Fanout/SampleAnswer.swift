import ProviderKit

/// Why an answer's prices are not real, when they are not: what marks a provider's outcome as a sample, so
/// that no output lets sample prices pass for live ones.
///
/// An answer from the live service, from the cache of live answers, or from a recording (`file://`) is a
/// real answer: its outcome has no sample mark. A recording is what the service once said; whoever points
/// the tool at it knows what it holds.
public enum SampleAnswer: String, Sendable, Hashable, CaseIterable {
    /// The answer came from the sample responses compiled into the provider (the `embedded` endpoint): the
    /// runner knows it, since it chose the endpoint.
    case embedded
    /// The service itself said the answer comes from its test mode (``ProviderResponse/testMode``, such as
    /// Duffel's `"live_mode": false`): real schedules perhaps, but prices nobody can buy at.
    case testMode = "test_mode"

    /// What an answer is, given where it came from and what the provider read in it.
    /// - Parameters:
    ///   - endpoint: the endpoint the answer came from.
    ///   - descriptor: the provider's descriptor; a provider with no embedded samples (an outside program,
    ///     which interprets the endpoint setting itself) is never taken to have answered from them.
    ///   - response: the answer.
    /// - Returns: `embedded` for an answer from the compiled-in samples, else `testMode` when the service said
    ///   so, else `nil`: real prices.
    public static func of(
        _ response: ProviderResponse, endpoint: Endpoint, descriptor: ProviderDescriptor
    ) -> SampleAnswer? {
        if endpoint == .embedded, !descriptor.samples.responses.bodies.isEmpty { return .embedded }
        return response.testMode ? .testMode : nil
    }
}
