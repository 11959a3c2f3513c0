import AggregatorCore
import Foundation
import ProviderKit

/// `aggregate providers --check`: one small real request per live provider, to show that its key and
/// endpoint work and how long it takes to answer.
///
/// Each provider is asked its own ``ProviderSamples/query``, the question its samples answer,
/// with its dates moved a month ahead when they lie in the past or are missing but needed: a live service
/// refuses a search for yesterday. All providers are asked at once under the command's deadline, so a
/// machine without a network learns it within that deadline, from each provider's own error.
package struct ProviderCheck {
    /// What one provider's check found.
    package struct Result {
        /// The provider checked.
        package var descriptor: ProviderDescriptor
        /// Where it was asked.
        package var endpoint: Endpoint
        /// How it answered.
        package var outcome: ProviderOutcome

        /// Creates the value from each of its properties, as the memberwise initializer does.
        package init(descriptor: ProviderDescriptor, endpoint: Endpoint, outcome: ProviderOutcome) {
            self.descriptor = descriptor
            self.endpoint = endpoint
            self.outcome = outcome
        }
    }

    /// The providers to check, and the settings to ask them with.
    package let providers: [any OfferProvider]
    package let settings: SearchSettings

    /// The question to ask a provider.
    /// - Parameters:
    ///   - descriptor: the provider's descriptor.
    ///   - today: today's date.
    /// - Returns: its sample query, dated a month ahead where it needs a date and has none in the future.
    package static func query(for descriptor: ProviderDescriptor, today: LocalDate) -> SearchQuery {
        var query = descriptor.samples.query
        let ahead = LocalDate(daysSinceEpoch: today.daysSinceEpoch + 30)
        let needsDate = query.departureDates != nil || descriptor.requiredFields.contains(.departureDate)
        if needsDate, (query.departureDates?.first ?? today) <= today {
            let stay = query.returnDates.map {
                $0.first.daysSinceEpoch - (query.departureDates?.first ?? $0.first).daysSinceEpoch
            }
            query.departureDates = DateRange(ahead)
            if let stay {
                query.returnDates = DateRange(LocalDate(daysSinceEpoch: ahead.daysSinceEpoch + max(stay, 1)))
            }
        }
        return query
    }

    /// Asks every provider at once, each its own question.
    /// - Parameter today: today's date, for the questions' dates.
    /// - Returns: one result per provider, in the given order.
    package func run(today: LocalDate) async -> [Result] {
        await withTaskGroup(of: IndexedResult.self) { group in
            for (index, provider) in providers.enumerated() {
                group.addTask {
                    let descriptor = provider.descriptor
                    let runner = ProviderRunner(network: URLSessionTransport(), settings: settings)
                    let runs = await runner.run([provider], query: Self.query(for: descriptor, today: today))
                    // The runner answers with one run per provider asked, whatever happens to it.
                    return IndexedResult(
                        index: index,
                        result: Result(
                            descriptor: descriptor, endpoint: settings.endpoint(of: descriptor.id),
                            outcome: runs[0].outcome))
                }
            }
            var results: [Result?] = Array(repeating: nil, count: providers.count)
            for await indexed in group { results[indexed.index] = indexed.result }
            return results.compactMap { $0 }
        }
    }

    /// A task's result with its place, as a named type: the release optimiser mishandles tuples returned
    /// from task-group children.
    private struct IndexedResult: Sendable {
        var index: Int
        var result: Result
    }
}

extension ProviderCheck.Result: Sendable {}
