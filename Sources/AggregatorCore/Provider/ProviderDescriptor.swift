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
    /// The live service's base URL, for `--endpoint ID=live`.
    public var liveURL: URL?
    /// The sample responses served by the `embedded` endpoint.
    public var embeddedResponses: EmbeddedResponses
    /// The header field the live service reads an API key from, such as `apikey`; `nil` when it takes
    /// none.
    public var apiKeyHeader: String?

    /// Creates a descriptor.
    /// - Parameters:
    ///   - id: the short id.
    ///   - displayName: the service's name.
    ///   - summary: one sentence on what it offers.
    ///   - categories: what it returns.
    ///   - nativeCurrency: its currency.
    ///   - capabilities: what it can honour.
    ///   - liveURL: the live base URL.
    ///   - embeddedResponses: the offline samples.
    ///   - apiKeyHeader: the header field for an API key.
    public init(
        id: ProviderID, displayName: String, summary: String, categories: Set<OfferCategory>,
        nativeCurrency: CurrencyCode? = nil, capabilities: Set<ProviderCapability> = [], liveURL: URL? = nil,
        embeddedResponses: EmbeddedResponses, apiKeyHeader: String? = nil
    ) {
        self.apiKeyHeader = apiKeyHeader
        self.id = id
        self.displayName = displayName
        self.summary = summary
        self.categories = categories
        self.nativeCurrency = nativeCurrency
        self.capabilities = capabilities
        self.liveURL = liveURL
        self.embeddedResponses = embeddedResponses
    }
}
