import ProviderKit

/// A remark about a whole search or comparison, typed so that the command line words it.
public enum SearchNote: Sendable, Hashable {
    /// Prices in these currencies cannot be converted with the rates of that date; they are shown as
    /// sent and ranked after the rest.
    case unconvertedPrices([CurrencyCode], ratesDate: LocalDate)
    /// In a comparison: this many prices, in these currencies, could not be converted and are left out
    /// of every figure.
    case pricesLeftOutOfComparison(Int, currencies: [CurrencyCode], ratesDate: LocalDate)
    /// This many trips failed no filter but were left out by this one because their value for it is
    /// unknown (no duration, no local time, no measurable connection, no cabin, no bag fee).
    case unknownValues(QueryField, trips: Int)
    /// This provider prices one seat at a time: its prices were multiplied by the seats of the party
    /// (`seated`), and the party's lap infants, who take no seat, are not in them.
    case lapInfantsNotPriced(ProviderID, seated: Passengers, infants: Int)
    /// This many of the provider's prices are, as the provider says, for another party than the one asked
    /// for; they are shown as the provider stated them.
    case pricedForAnotherParty(ProviderID, party: Passengers, offers: Int)
    /// Checked bags were asked for, and this many matching trips' bag fees are unknown: their prices are
    /// for the tickets alone, and they are ranked after the trips whose total is known.
    case bagFeesUnknown(trips: Int)
    /// This many prices, sent in these currencies, have no sensible amount in the search currency (they
    /// round to nothing or overflow when converted); their sellers were left out, and offers sold by no
    /// one else with them (see ``CurrencyConverter``).
    case pricesOutOfRange(Int, currencies: [CurrencyCode], target: CurrencyCode)
    /// The search was cancelled, or ran out of time, while its trips were being judged: only the first
    /// `judged` of `of` trips were, and the rest are left out.
    case stoppedEarly(judged: Int, of: Int)
}
