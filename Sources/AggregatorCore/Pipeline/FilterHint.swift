/// A filter that, if dropped, would bring offers back: the answer to "why is the result empty?".
public struct FilterHint: Sendable, Hashable {
    /// The query fields to drop.
    public var dropped: [QueryField]
    /// How many trips there would be without them.
    public var offers: Int

    /// Creates a hint.
    /// - Parameters:
    ///   - dropped: the fields to drop.
    ///   - offers: the trips that would come back.
    public init(dropped: [QueryField], offers: Int) {
        self.dropped = dropped
        self.offers = offers
    }
}
