/// How the tool names itself to the services it asks: in every request's `User-Agent` and in an MCP
/// client's `clientInfo`, as public servers ask of their guests.
public enum ToolIdentity {
    /// The tool's name.
    public static let name = "aggregate"
    /// The tool's version, as `aggregate --version` prints it.
    public static let version = "0.2.0"
    /// `aggregate/0.2.0`.
    public static let userAgent = "\(name)/\(version)"
}
