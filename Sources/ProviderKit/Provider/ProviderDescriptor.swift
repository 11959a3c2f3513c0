import Foundation

/// Everything the tool shows or decides about a provider before searching, in three parts: who the
/// provider is and what it can do (the stored properties below), how it is reached live (``live``), and
/// its test data (``samples``).
public struct ProviderDescriptor: Sendable, Hashable {
    /// The short id, such as `kiwi`.
    public var id: ProviderID
    /// The name people know the service by, such as `Kiwi.com`.
    public var displayName: String
    /// One sentence on what it offers.
    public var summary: String
    /// What it returns.
    public var categories: Set<OfferCategory>
    /// The modes its trips travel by: `flight` for a seller of flights, `bus` and `train` for a seller of
    /// coach and rail tickets; none for a provider that sells no trips (cars, an airline directory). A
    /// search for other modes does not ask it.
    public var modes: Set<TravelMode>
    /// The currency its prices come in, when fixed.
    public var nativeCurrency: CurrencyCode?
    /// What it can honour.
    public var capabilities: Set<ProviderCapability>
    /// The query fields it cannot search without, such as a route and a date; a query that lacks one
    /// is not sent, and the provider is reported as not asked rather than failed.
    public var requiredFields: Set<QueryField>
    /// The live services it can be reached at, in order of preference; empty for a provider that only
    /// answers from samples and recordings.
    public var live: [LiveService]
    /// Its sample answers and what the conformance checks need to know about them.
    public var samples: ProviderSamples

    /// Creates a descriptor.
    /// - Parameters:
    ///   - id: the short id.
    ///   - displayName: the service's name.
    ///   - summary: one sentence on what it offers.
    ///   - categories: what it returns.
    ///   - modes: the modes its trips travel by; by default `flight` when it returns ``OfferCategory/flights``,
    ///     none otherwise.
    ///   - nativeCurrency: its currency.
    ///   - capabilities: what it can honour.
    ///   - requiredFields: the query fields it cannot search without.
    ///   - live: the live services, in order of preference.
    ///   - samples: the test data.
    public init(
        id: ProviderID, displayName: String, summary: String, categories: Set<OfferCategory>,
        modes: Set<TravelMode>? = nil, nativeCurrency: CurrencyCode? = nil, capabilities: Set<ProviderCapability> = [],
        requiredFields: Set<QueryField> = [], live: [LiveService] = [], samples: ProviderSamples
    ) {
        self.id = id
        self.displayName = displayName
        self.summary = summary
        self.categories = categories
        self.modes = modes ?? (categories.contains(.flights) ? [.flight] : [])
        self.nativeCurrency = nativeCurrency
        self.capabilities = capabilities
        self.requiredFields = requiredFields
        self.live = live
        self.samples = samples
    }

    /// Throws `not_asked` when a query lacks a field this provider cannot search without.
    /// - Parameters:
    ///   - query: the search.
    ///   - provider: the id the provider runs under, for the error.
    ///   - returnDayForRoundTrips: whether a round trip must name its return days: a service that takes one
    ///     return day per call cannot search "any return".
    /// - Throws: ``ProviderError/notAsked(_:provider:_:)`` naming the missing fields.
    public func requireFields(
        of query: SearchQuery, provider: ProviderID, returnDayForRoundTrips: Bool = false
    ) throws(ProviderError) {
        var missing = missingFields(for: query)
        if returnDayForRoundTrips, query.roundTrip, query.returnDates == nil { missing.append(.returnDate) }
        guard missing.isEmpty else { throw ProviderError.notAsked(missing, provider: provider) }
    }

    /// Whether it sells trips by any of the modes a query allows: it sells trips, and the query allows every
    /// mode or one of its own.
    /// - Parameter query: the search.
    /// - Returns: `true` when a search for trips may ask it.
    public func sellsModes(of query: SearchQuery) -> Bool {
        !modes.isEmpty && (query.modes.isEmpty || !modes.isDisjoint(with: query.modes))
    }

    /// What it offers in words: `flights`, `cars`, or `trips (bus, train)` for a seller of trips by other
    /// modes than flight, with the other kinds it offers after it.
    public var offersText: String {
        guard modes.contains(where: { $0 != .flight }) else {
            return categories.sorted().map(\.rawValue).joined(separator: ", ")
        }
        let trips = "trips (" + modes.sorted().map(\.rawValue).joined(separator: ", ") + ")"
        return ([trips] + categories.subtracting([.flights]).sorted().map(\.rawValue)).joined(separator: ", ")
    }

    /// The query fields a query lacks for this provider to be asked.
    /// - Parameter query: the search.
    /// - Returns: the missing required fields, in query order; empty when it can be asked.
    public func missingFields(for query: SearchQuery) -> [QueryField] {
        requiredFields.filter { !query.isSet($0) }.sorted()
    }

    /// Every credential any of its live services' sign-ins needs, each once, in the services' order.
    public var credentials: [CredentialName] {
        var names: [CredentialName] = []
        for service in live {
            for name in service.signIn.credentials where !names.contains(name) { names.append(name) }
        }
        return names
    }
}
