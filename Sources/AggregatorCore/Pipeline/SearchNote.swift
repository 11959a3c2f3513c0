/// A remark about a whole search or comparison, typed so that the command line words it.
public enum SearchNote: Sendable, Hashable {
    /// Prices in these currencies cannot be converted with the rates of that date; they are shown as
    /// sent and ranked after the rest.
    case unconvertedPrices([CurrencyCode], ratesDate: LocalDate)
    /// In a comparison: this many prices, in these currencies, could not be converted and are left out
    /// of every figure.
    case pricesLeftOutOfComparison(Int, currencies: [CurrencyCode], ratesDate: LocalDate)
    /// This many prices, sent in these currencies, have no sensible amount in the search currency (they
    /// round to nothing or overflow when converted); their sellers were left out, and offers sold by no
    /// one else with them (see ``CurrencyConverter``).
    case pricesOutOfRange(Int, currencies: [CurrencyCode], target: CurrencyCode)
}
