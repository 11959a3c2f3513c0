import Foundation

/// What one provider's search produced.
public struct ProviderResponse: Sendable, Hashable {
    /// The offers, each with this provider as its only source.
    public var offers: [Offer]
    /// Records in the response that could not be mapped and were left out.
    public var skipped: Int
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
    public init(offers: [Offer], skipped: Int = 0, notes: [String] = [], airlines: [AirlineRecord] = []) {
        self.offers = offers
        self.skipped = skipped
        self.notes = notes
        self.airlines = airlines
    }
}
