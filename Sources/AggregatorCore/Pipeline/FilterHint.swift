import ProviderKit

/// A change to the query that would bring offers back: the answer to "why is the result empty?". Most
/// hints drop filters; a one-way search that round trips would answer is told to add the round trip.
public struct FilterHint: Sendable, Hashable {
    /// The query fields to drop.
    public var dropped: [QueryField]
    /// The query fields to set instead (``QueryField/roundTrip`` for a one-way search).
    public var added: [QueryField]
    /// How many trips there would be with the change.
    public var offers: Int

    /// Creates a hint.
    /// - Parameters:
    ///   - dropped: the fields to drop.
    ///   - added: the fields to set.
    ///   - offers: the trips that would come back.
    public init(dropped: [QueryField] = [], added: [QueryField] = [], offers: Int) {
        self.dropped = dropped
        self.added = added
        self.offers = offers
    }
}
