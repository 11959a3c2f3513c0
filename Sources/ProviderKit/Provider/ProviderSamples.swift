import Foundation

/// A provider's test data: the sample answers compiled into its module, the question they answer, and what
/// the conformance checks need to know about its answers' keys.
public struct ProviderSamples: Sendable, Hashable {
    /// The sample answers served by the embedded endpoint, so the tool answers offline on a fresh machine.
    public var responses: EmbeddedResponses
    /// A query the samples answer with offers (or records, for a directory): what the conformance checks
    /// search with.
    public var query: SearchQuery
    /// Keys in the service's answers whose values the service mints anew for every request (a search id, a
    /// booking token, a per-request offer id). Offer ids must not depend on them; the conformance checks
    /// change them and check that the ids stay.
    public var perRequestKeys: Set<String>
    /// Keys in the service's answers that hold a record's price; the conformance checks set one to zero and
    /// to a negative amount and check that the record is skipped and counted.
    public var priceKeys: Set<String>
    /// When the samples were recorded: one date for the whole set, which every offer answered from them
    /// carries as its `retrievedAt`, so that no sample passes for a fresh answer. `nil` when the provider does
    /// not say; its sample offers are then still marked as samples.
    public var recordedAt: Date?

    /// Describes a provider's test data.
    /// - Parameters:
    ///   - responses: the sample answers.
    ///   - query: a query the samples answer; every offer by default.
    ///   - perRequestKeys: keys whose values change with every request.
    ///   - priceKeys: keys that hold a record's price.
    ///   - recordedAt: when the samples were recorded.
    public init(
        _ responses: EmbeddedResponses, query: SearchQuery = SearchQuery(), perRequestKeys: Set<String> = [],
        priceKeys: Set<String> = [], recordedAt: Date? = nil
    ) {
        self.responses = responses
        self.query = query
        self.perRequestKeys = perRequestKeys
        self.priceKeys = priceKeys
        self.recordedAt = recordedAt
    }

    /// Midnight UTC of a recording day, for ``recordedAt``.
    /// - Parameters:
    ///   - year: the year.
    ///   - month: the month, 1 to 12.
    ///   - day: the day of the month.
    /// - Returns: the instant.
    public static func recorded(_ year: Int, _ month: Int, _ day: Int) -> Date {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC") ?? calendar.timeZone
        return calendar.date(from: DateComponents(year: year, month: month, day: day)) ?? Date(timeIntervalSince1970: 0)
    }
}
