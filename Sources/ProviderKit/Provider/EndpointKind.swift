/// The kind of place a provider's answers come from.
public enum EndpointKind: String, Sendable, Hashable, CaseIterable {
    /// The sample answers compiled into the provider's module.
    case samples
    /// Answers recorded in files: a file, or a folder of one file per request.
    case recording
    /// A live service over HTTP.
    case http
    /// A live service that is an MCP server: requests are tool calls (``ProviderRequest/tool(_:arguments:)``).
    case mcp

    /// Whether requests go to a live service over the network.
    public var isLive: Bool { self == .http || self == .mcp }
}
