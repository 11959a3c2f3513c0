import Foundation
import ProviderKit

/// One run of a watch as its history keeps it: when it ran, how each provider did, and every seller's
/// price for every trip it saw.
public struct HistoryRun: Sendable, Hashable {
    /// The run's id, unique among runs: its time, the process and a random part.
    public var id: String
    /// When it ran.
    public var at: Date
    /// The currency its converted prices are in.
    public var currency: CurrencyCode
    /// The lowest converted price in the history up to and including this run, with the run it was seen
    /// in: what a new low is measured against.
    public var low: Money?
    /// How each provider did, in the watch's provider order.
    public var providers: [HistoryProvider]
    /// One record per trip and seller, cheapest trip first.
    public var prices: [PriceRecord]

    /// Creates a run.
    /// - Parameters:
    ///   - id: its id.
    ///   - at: when it ran.
    ///   - currency: the currency of its converted prices.
    ///   - low: the lowest converted price of the history up to and including it.
    ///   - providers: how each provider did.
    ///   - prices: its records.
    public init(
        id: String, at: Date, currency: CurrencyCode, low: Money?, providers: [HistoryProvider],
        prices: [PriceRecord]
    ) {
        self.id = id
        self.at = at
        self.currency = currency
        self.low = low
        self.providers = providers
        self.prices = prices
    }

    /// A new run id: the time to the millisecond, the process id and a random part, so that two
    /// processes running the same watch in the same millisecond still differ.
    /// - Parameter date: when the run started.
    /// - Returns: an id such as `20261218T070500.250Z-4242-9f3a2c1d`.
    public static func newID(at date: Date) -> String {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "UTC")
        formatter.dateFormat = "yyyyMMdd'T'HHmmss.SSS'Z'"
        let random = String(UInt32.random(in: 0...UInt32.max), radix: 16)
        return "\(formatter.string(from: date))-\(ProcessInfo.processInfo.processIdentifier)-\(random)"
    }

    /// The lowest converted price among this run's records in its currency, if any.
    public var cheapest: Money? {
        prices.compactMap(\.converted).filter { $0.currency == currency }.min()
    }
}
