import AggregatorCore
import Aviasales
import CarRental
import Kiwi
import Sita
import SunWeb

/// The composition root's list of installed providers: the only place in the package that names them.
/// Adding a provider is a new module under `Sources/Providers`, one line in Package.swift and one line here.
enum ProviderCatalog {
    /// Every installed provider, in the order output lists them.
    static let all: [any OfferProvider] = [
        KiwiProvider(),
        AviasalesProvider(),
        SunWebProvider(),
        SitaProvider(),
        CarRentalProvider(),
    ]

    /// The ids of every installed provider.
    static var ids: [ProviderID] { all.map(\.descriptor.id) }

    /// The provider with this id.
    static func provider(_ id: ProviderID) -> (any OfferProvider)? {
        all.first { $0.descriptor.id == id }
    }
}
