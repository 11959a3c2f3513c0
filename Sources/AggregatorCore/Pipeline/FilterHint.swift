/// A filter that, if dropped, would bring offers back: the answer to "why is the result empty?".
public struct FilterHint: Sendable, Hashable, CustomStringConvertible {
    /// The flags to drop, such as `["--color"]`.
    public var dropped: [String]
    /// How many offers there would be without them.
    public var offers: Int

    /// Creates a hint.
    /// - Parameters:
    ///   - dropped: the flags to drop.
    ///   - offers: the offers that would come back.
    public init(dropped: [String], offers: Int) {
        self.dropped = dropped
        self.offers = offers
    }

    /// `without --color: 4`, `without --color and --max-price: 6`.
    public var description: String {
        "without \(dropped.joined(separator: " and ")): \(offers)"
    }
}
