import AggregatorCore
import ProviderKit

/// The providers this `aggregate` was built with, as the composition root passed them to
/// ``AggregateTool``: every command asks this list, never a list of its own.
package struct ProviderCatalog: Sendable {
    /// Every installed provider, in the order output lists them.
    package let all: [any OfferProvider]

    /// Creates the catalog.
    /// - Parameter providers: the installed providers, ids unique.
    package init(_ providers: [any OfferProvider]) { all = providers }

    /// The ids of every installed provider.
    package var ids: [ProviderID] { all.map(\.descriptor.id) }

    /// The provider with this id.
    package func provider(_ id: ProviderID) -> (any OfferProvider)? {
        all.first { $0.descriptor.id == id }
    }

    /// The installed airline directories: providers whose categories contain `airline_directory`.
    package var directories: [any OfferProvider] {
        all.filter { $0.descriptor.categories.contains(.airlineDirectory) }
    }

    /// What `--providers all` (and no `--providers`) selects: every installed provider that sells
    /// something. A provider that is only an airline directory joins a search when named in
    /// `--providers` or configured as the directory, so that the default search stays about offers.
    package var offerProviders: [any OfferProvider] {
        all.filter { !$0.descriptor.categories.isDisjoint(with: [.flights, .cars]) }
    }
}
