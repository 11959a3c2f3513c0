import AggregatorCore
import Foundation
import ProviderKit

/// A provider whose behaviour a test sets: offers after a delay, or an error.
public struct FakeProvider: OfferProvider {
    /// What the fake does when searched.
    public enum Behaviour: Sendable {
        /// Returns these offers after the delay.
        case offers([Offer], skipped: Int = 0, notes: [String] = [])
        /// Throws this error after the delay.
        case failure(ProviderError)
        /// Returns these airline records (and no offers) after the delay, as an airline directory does.
        case airlines([AirlineRecord], skipped: Int = 0)
    }

    /// The descriptor, with the id and categories given.
    public let descriptor: ProviderDescriptor
    private let behaviour: Behaviour
    private let delay: Duration

    /// Creates a fake.
    /// - Parameters:
    ///   - id: the provider id.
    ///   - categories: what it offers.
    ///   - currency: its native currency.
    ///   - delay: how long a search takes (cancellable).
    ///   - behaviour: what a search does.
    public init(
        _ id: ProviderID, categories: Set<OfferCategory> = [.flights], currency: CurrencyCode = .eur,
        capabilities: Set<ProviderCapability> = [.dates, .roundTrips],
        delay: Duration = .zero, behaviour: Behaviour
    ) {
        descriptor = ProviderDescriptor(
            id: id, displayName: id.rawValue.capitalized, summary: "A fake for tests.", categories: categories,
            nativeCurrency: currency, capabilities: capabilities, samples: ProviderSamples(EmbeddedResponses([:])))
        self.behaviour = behaviour
        self.delay = delay
    }

    /// Waits, then answers as configured.
    /// - Parameters:
    ///   - query: ignored.
    ///   - client: ignored.
    /// - Returns: the configured offers.
    /// - Throws: the configured error, or `timeout` when cancelled while waiting.
    public func search(
        _ query: SearchQuery, using client: ProviderClient
    ) async throws(ProviderError) -> ProviderResponse {
        if delay > .zero {
            do {
                try await Task.sleep(for: delay)
            } catch {
                throw ProviderError(.timeout, provider: client.provider, "was cancelled at the deadline")
            }
        }
        switch behaviour {
        case .offers(let offers, let skipped, let notes):
            return ProviderResponse(offers: offers, skipped: skipped, notes: notes)
        case .failure(let error): throw error
        case .airlines(let records, let skipped):
            return ProviderResponse(offers: [], skipped: skipped, airlines: records)
        }
    }
}
