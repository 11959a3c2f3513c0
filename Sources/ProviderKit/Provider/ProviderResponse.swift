import Foundation

/// What one provider's search produced.
public struct ProviderResponse: Sendable, Hashable {
    /// The offers, each with this provider as its only source.
    public var offers: [Offer]
    /// Records in the response that could not be mapped and were left out.
    public var skipped: Int
    /// Records that repeated an earlier record of the answer exactly (the same trip at the same price) and
    /// were folded into its offer: read, not lost, so not ``skipped``.
    public var repeats: Int
    /// Whether the service said the answer comes from its test mode (Duffel's `"live_mode": false`): the
    /// trips may be real schedules, but the prices are not real and nothing can be bought at them.
    public var testMode: Bool
    /// Things the user should know, one short sentence each.
    public var notes: [String]
    /// Airline records delivered with the answer, for the ``AirlineDirectory``: an airline
    /// directory's whole answer, or the airlines a flight provider describes alongside its offers.
    public var airlines: [AirlineRecord]

    /// Creates a response.
    /// - Parameters:
    ///   - offers: the mapped offers.
    ///   - skipped: how many records were left out.
    ///   - notes: remarks for the user.
    ///   - airlines: airline records, if the provider delivers any.
    ///   - repeats: how many records repeated an earlier one exactly and were folded into its offer.
    ///   - testMode: whether the service said the answer comes from its test mode.
    public init(
        offers: [Offer], skipped: Int = 0, notes: [String] = [], airlines: [AirlineRecord] = [], repeats: Int = 0,
        testMode: Bool = false
    ) {
        self.offers = offers
        self.skipped = skipped
        self.notes = notes
        self.airlines = airlines
        self.repeats = repeats
        self.testMode = testMode
    }
}
