import AggregatorCore
import Aviasales
import CarRental
import Duffel
import Ferryhopper
import FlixBus
import Kiwi
import ProviderKit
import RegioJet
import Ryanair
import Sita
import Skiplagged
import SunWeb

extension AggregateTool {
    /// The providers built into this package, in the order output lists them: the one place in the
    /// package that names them. Adding a provider here is a new module under `Sources/Providers`, its
    /// lines in Package.swift, and one line in this list.
    public static var builtInProviders: [any OfferProvider] {
        [
            KiwiProvider(),
            AviasalesProvider(),
            SunWebProvider(),
            SitaProvider(),
            CarRentalProvider(),
            DuffelProvider(),
            SkiplaggedProvider(),
            FlixBusProvider(),
            RegioJetProvider(),
            FerryhopperProvider(),
            RyanairProvider(),
        ]
    }
}
