import AggregatorCore

extension ProviderCatalog {
    /// The installed airline directories: providers whose categories contain `airline_directory`.
    static var directories: [any OfferProvider] {
        all.filter { $0.descriptor.categories.contains(.airlineDirectory) }
    }

    /// What `--providers all` (and no `--providers`) selects: every installed provider that sells
    /// something. A provider that is only an airline directory joins a search when named in
    /// `--providers` or set by `AGGREGATE_DIRECTORY`, so that the default search stays about offers.
    static var offerProviders: [any OfferProvider] {
        all.filter { !$0.descriptor.categories.isDisjoint(with: [.flights, .cars]) }
    }
}
