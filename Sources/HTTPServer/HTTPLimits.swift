/// How much of a request the server reads: what keeps one client from filling its memory. A request over a
/// limit is answered with the status HTTP has for it, and its connection is closed.
public struct HTTPLimits: Sendable, Hashable {
    /// The longest request line (method, target and version), in bytes: longer is `414 URI Too Long`.
    public var requestLineBytes: Int
    /// The most header fields: more is `431 Request Header Fields Too Large`.
    public var headerCount: Int
    /// The largest header section (every field line and its line break), in bytes: larger is `431`.
    public var headerBytes: Int
    /// The largest body, in bytes, once any chunked coding is undone: larger is `413 Content Too Large`.
    public var bodyBytes: Int

    /// Creates limits.
    /// - Parameters:
    ///   - requestLineBytes: the longest request line; 8 KiB by default.
    ///   - headerCount: the most header fields; 100 by default.
    ///   - headerBytes: the largest header section; 32 KiB by default.
    ///   - bodyBytes: the largest body; 1 MiB by default.
    public init(
        requestLineBytes: Int = 8 << 10, headerCount: Int = 100, headerBytes: Int = 32 << 10,
        bodyBytes: Int = 1 << 20
    ) {
        self.requestLineBytes = max(requestLineBytes, 16)
        self.headerCount = max(headerCount, 1)
        self.headerBytes = max(headerBytes, 64)
        self.bodyBytes = max(bodyBytes, 0)
    }
}
