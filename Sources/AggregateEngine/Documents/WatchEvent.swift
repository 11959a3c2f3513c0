import AggregatorCore
import Foundation
import ProviderKit

/// One thing a run of a watch has to tell: a change since the run before, a price at or under the
/// watch's limit, or a provider that could not be asked.
package struct WatchEvent: Sendable, Hashable {
    /// What happened, in the order a run reports them.
    package enum Kind: String, Sendable, Hashable, CaseIterable {
        /// A provider failed (timeout, rate limited, failed, or answered from the cache after a live
        /// failure): what it sells is unknown this run, so silence about it means nothing.
        case failed
        /// The lowest price the watch has seen, lower than every earlier run's.
        case newLow = "new_low"
        /// A trip's cheapest price is at or under the watch's limit, and was not in the run before.
        case below
        /// Another seller is now a trip's cheapest.
        case sellerChanged = "seller_changed"
        /// A seller sells a trip it did not sell in the run before.
        case newSeller = "new_seller"
        /// A trip of the run before that nobody sells now.
        case gone
    }

    /// What happened.
    package var kind: Kind
    /// The watch's name.
    package var watch: String
    /// The run's id.
    package var run: String
    /// When the run ran.
    package var at: Date
    /// The trip and seller the event is about, as this run saw them (`nil` for `gone` and `failed`).
    package var record: PriceRecord?
    /// The trip and seller as the run before saw them: the former cheapest seller (`seller_changed`), the
    /// trip's last cheapest seller (`gone`).
    package var previousRecord: PriceRecord?
    /// The lowest price before this run (`new_low`).
    package var previousLow: Money?
    /// The watch's limit (`below`).
    package var limit: Money?
    /// The provider that failed (`failed`).
    package var failedProvider: ProviderID?
    /// Its error in one line, and the error's stable code (`failed`).
    package var error: String?
    package var errorCode: String?

    /// The seller the event is about.
    package var provider: ProviderID? { failedProvider ?? record?.provider ?? previousRecord?.provider }

    /// The price now less the price before (`new_low`, `seller_changed`): negative when it fell.
    package var change: Money? {
        guard let now = record?.converted, let before = previousLow ?? previousRecord?.converted,
            now.currency == before.currency
        else { return nil }
        return Money(now.amount - before.amount, now.currency)
    }

    /// Creates the value from each of its properties, as the memberwise initializer does.
    package init(
        kind: Kind, watch: String, run: String, at: Date, record: PriceRecord? = nil,
        previousRecord: PriceRecord? = nil, previousLow: Money? = nil, limit: Money? = nil,
        failedProvider: ProviderID? = nil, error: String? = nil, errorCode: String? = nil
    ) {
        self.kind = kind
        self.watch = watch
        self.run = run
        self.at = at
        self.record = record
        self.previousRecord = previousRecord
        self.previousLow = previousLow
        self.limit = limit
        self.failedProvider = failedProvider
        self.error = error
        self.errorCode = errorCode
    }
}
