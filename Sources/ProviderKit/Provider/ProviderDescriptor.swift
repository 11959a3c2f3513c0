import Foundation

/// Who a provider is and what it can do: everything the tool shows or decides before searching.
public struct ProviderDescriptor: Sendable, Hashable {
    /// The short id, such as `kiwi`.
    public var id: ProviderID
    /// The name people know the service by, such as `Kiwi.com`.
    public var displayName: String
    /// One sentence on what it offers.
    public var summary: String
    /// What it returns.
    public var categories: Set<OfferCategory>
    /// The currency its prices come in, when fixed.
    public var nativeCurrency: CurrencyCode?
    /// What it can honour.
    public var capabilities: Set<ProviderCapability>
    /// The query fields it cannot search without, such as a route and a date; a query that lacks one
    /// is not sent, and the provider is reported as not asked rather than failed.
    public var requiredFields: Set<QueryField>
    /// The live service's base URL, used when the endpoint is `live`.
    public var liveURL: URL?
    /// How the live service takes an API key.
    public var authentication: ProviderAuthentication
    /// Header fields every live request carries, such as `Duffel-Version: v2`.
    public var fixedHeaders: [String: String]
    /// The sample responses served by the `embedded` endpoint.
    public var embeddedResponses: EmbeddedResponses
    /// A query the embedded samples answer with offers (or records, for a directory): what the
    /// conformance kit searches with.
    public var sampleQuery: SearchQuery
    /// Keys in the service's answers whose values the service mints anew for every request (a search
    /// id, a booking token, a per-request offer id). Offer ids must not depend on them; the
    /// conformance kit changes them and checks that the ids stay.
    public var perRequestKeys: Set<String>
    /// Keys in the service's answers that hold a record's price; the conformance kit sets one to zero
    /// and to a negative amount and checks that the record is skipped and counted.
    public var priceKeys: Set<String>

    /// Creates a descriptor.
    /// - Parameters:
    ///   - id: the short id.
    ///   - displayName: the service's name.
    ///   - summary: one sentence on what it offers.
    ///   - categories: what it returns.
    ///   - nativeCurrency: its currency.
    ///   - capabilities: what it can honour.
    ///   - requiredFields: the query fields it cannot search without.
    ///   - liveURL: the live base URL.
    ///   - authentication: how the live service takes a key.
    ///   - fixedHeaders: header fields for every live request.
    ///   - embeddedResponses: the offline samples.
    ///   - sampleQuery: a query the samples answer.
    ///   - perRequestKeys: keys whose values change with every request.
    ///   - priceKeys: keys that hold a record's price.
    public init(
        id: ProviderID, displayName: String, summary: String, categories: Set<OfferCategory>,
        nativeCurrency: CurrencyCode? = nil, capabilities: Set<ProviderCapability> = [],
        requiredFields: Set<QueryField> = [], liveURL: URL? = nil, authentication: ProviderAuthentication = .none,
        fixedHeaders: [String: String] = [:], embeddedResponses: EmbeddedResponses,
        sampleQuery: SearchQuery = SearchQuery(), perRequestKeys: Set<String> = [], priceKeys: Set<String> = []
    ) {
        self.id = id
        self.displayName = displayName
        self.summary = summary
        self.categories = categories
        self.nativeCurrency = nativeCurrency
        self.capabilities = capabilities
        self.requiredFields = requiredFields
        self.liveURL = liveURL
        self.authentication = authentication
        self.fixedHeaders = fixedHeaders
        self.embeddedResponses = embeddedResponses
        self.sampleQuery = sampleQuery
        self.perRequestKeys = perRequestKeys
        self.priceKeys = priceKeys
    }

    /// The query fields a query lacks for this provider to be asked.
    /// - Parameter query: the search.
    /// - Returns: the missing required fields, in query order; empty when it can be asked.
    public func missingFields(for query: SearchQuery) -> [QueryField] {
        requiredFields.filter { !query.isSet($0) }.sorted()
    }
}
