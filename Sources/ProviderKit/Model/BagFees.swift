import Foundation

/// What a seller charges for checked bags, per passenger, as it states it: `{"1": 27.5, "2": 60}` is
/// 27.50 for one bag and 60.00 for two.
public struct BagFees: Sendable, Hashable {
    /// The fee for carrying this many checked bags, per passenger, in ``currency``.
    public var feesByCount: [Int: Decimal]
    /// The currency of the fees.
    public var currency: CurrencyCode

    /// Creates the fees.
    /// - Parameters:
    ///   - feesByCount: the fee per number of bags; fees that are not finite or are negative are left out.
    ///   - currency: their currency.
    public init(_ feesByCount: [Int: Decimal], currency: CurrencyCode) {
        self.feesByCount = feesByCount.filter { $0.key > 0 && $0.value.isFinite && $0.value >= 0 }
        self.currency = currency
    }

    /// The fee for `count` checked bags per passenger: zero for none, `nil` when the seller does not say.
    /// - Parameter count: bags per passenger.
    /// - Returns: the fee per passenger, or `nil` when unknown.
    public func fee(forBags count: Int) -> Money? {
        if count <= 0 { return Money(0, currency) }
        return feesByCount[count].map { Money($0, currency) }
    }
}
