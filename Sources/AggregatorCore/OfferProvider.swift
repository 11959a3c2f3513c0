import Foundation

/// A provider's short, stable id as used on the command line and in output: `kiwi`, `aviasales`.
public struct ProviderID: RawRepresentable, Sendable, Hashable, Comparable, CustomStringConvertible,
    ExpressibleByStringLiteral
{
    /// The id, lower case.
    public let rawValue: String

    /// Creates an id.
    /// - Parameter rawValue: lower-case letters and digits.
    public init(rawValue: String) { self.rawValue = rawValue.lowercased() }

    /// Creates an id from a literal.
    /// - Parameter value: lower-case letters and digits.
    public init(stringLiteral value: String) { self.init(rawValue: value) }

    /// The id.
    public var description: String { rawValue }

    /// Orders ids alphabetically.
    public static func < (lhs: ProviderID, rhs: ProviderID) -> Bool { lhs.rawValue < rhs.rawValue }

    /// The name of the environment variable that sets this provider's endpoint:
    /// `AGGREGATE_KIWI_ENDPOINT`.
    public var endpointVariable: String { "AGGREGATE_\(rawValue.uppercased())_ENDPOINT" }

    /// The name of the environment variable that holds this provider's API key:
    /// `AGGREGATE_KIWI_API_KEY`. Keys come from the environment only, so they never sit in a file or
    /// a shell history.
    public var apiKeyVariable: String { "AGGREGATE_\(rawValue.uppercased())_API_KEY" }
}

/// What a provider can honour in a query. The pipeline reports a provider that is asked for
/// something it cannot honour instead of letting it pretend.
public enum ProviderCapability: String, Sendable, Hashable, CaseIterable {
    /// Its offers carry departure dates, so `--date` can be honoured.
    case dates
    /// It can return round trips.
    case roundTrips = "round_trips"
    /// It applies some of the query's filters on the server as well.
    case serverSideFilters = "server_side_filters"
}

/// Recorded responses compiled into a provider module and served for the `embedded` endpoint, so
/// the tool answers offline on a fresh machine. Keys are the last component of the request path
/// (`flights` for `GET …/flights`), exactly like the files of a `file://` folder endpoint.
public struct EmbeddedResponses: Sendable, Hashable {
    /// Response bodies by request name.
    public var bodies: [String: String]

    /// Creates the set of responses.
    /// - Parameter bodies: response bodies keyed by the request path's last component.
    public init(_ bodies: [String: String]) { self.bodies = bodies }
}

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

/// What one provider's search produced.
public struct ProviderResponse: Sendable, Hashable {
    /// The offers, each with this provider as its only source.
    public var offers: [Offer]
    /// Records in the response that could not be mapped and were left out.
    public var skipped: Int
    /// Things the user should know, one short sentence each.
    public var notes: [String]
    /// Airline records delivered with the answer, for the ``AirlineDirectory``: an airline
    /// directory's whole answer, or the airlines a flight provider describes alongside its offers.
    public var airlines: [AirlineRecord]

    /// Creates a response.
    /// - Parameters:
    ///   - offers: the mapped offers.
    ///   - skipped: how many records were left out.
    ///   - notes: remarks for the user.
    ///   - airlines: airline records, if the provider delivers any.
    public init(offers: [Offer], skipped: Int = 0, notes: [String] = [], airlines: [AirlineRecord] = []) {
        self.offers = offers
        self.skipped = skipped
        self.notes = notes
        self.airlines = airlines
    }
}

/// A travel service the aggregator can ask: the plug-in point.
///
/// A conformer builds its service's requests from the query, fetches them through the given
/// ``ProviderClient`` and maps the wire format to ``Offer``s. It must guarantee:
/// - It does no I/O set-up of its own: the client already knows the endpoint, timeout and limits.
/// - It throws only ``ProviderError`` (the client's errors already are), and never crashes on a
///   malformed response: bad input is an expected case.
/// - A record it cannot map is skipped and counted in ``ProviderResponse/skipped``, not fatal.
/// - Offer ids are derived from content, so they are the same in every run.
/// - It honours task cancellation, which is how the search deadline stops it.
/// - When it needs several requests it makes them concurrently.
///
/// A minimal conformer:
/// ```swift
/// struct ExampleProvider: OfferProvider {
///     let descriptor = ProviderDescriptor(
///         id: "example", displayName: "Example", summary: "Flights from a sample.",
///         categories: [.flights], embeddedResponses: EmbeddedResponses(["flights": "[]"]))
///
///     func search(_ query: SearchQuery, using client: ProviderClient) async throws -> ProviderResponse {
///         let data = try await client.get("flights")
///         let records = try client.decode([ExampleFlight].self, from: data)
///         return ProviderResponse(offers: records.compactMap { $0.offer(retrievedAt: client.now()) })
///     }
/// }
/// ```
public protocol OfferProvider: Sendable {
    /// Who the provider is and what it can do.
    var descriptor: ProviderDescriptor { get }

    /// Searches the service.
    /// - Parameters:
    ///   - query: what the user asked for.
    ///   - client: fetches from this provider's endpoint.
    /// - Returns: the mapped offers, the number of skipped records and any notes.
    /// - Throws: ``ProviderError`` when the service cannot be reached or its answer is unusable.
    func search(_ query: SearchQuery, using client: ProviderClient) async throws -> ProviderResponse
}
