import Foundation
import ProviderKit

/// Where a provider's responses come from.
public enum Endpoint: Sendable, Hashable, CustomStringConvertible {
    /// The sample responses compiled into the provider module: the default, works offline.
    case embedded
    /// A recorded response on disk: either the response file itself, or a folder holding one file per
    /// request named after the request path's last component plus `.json` (`flights.json`).
    case file(URL)
    /// A live HTTP(S) service; request paths are appended to this base URL.
    case remote(URL)
    /// A live service that is an MCP server speaking Streamable HTTP at this `http(s)` URL: written
    /// `mcp+https://host/path` (or `mcp+http://` for a server on this machine).
    case mcp(URL)
    /// No endpoint the provider can be asked at: asked for its live service, it has none, or not the
    /// credentials it needs. It is reported as not asked, with what would make it live.
    case notLive(ProviderError.Remedy)

    /// Parses an endpoint as written in a setting: `embedded`, `file:///path`, a plain absolute or
    /// relative path, an `http(s)://` URL, or an MCP server's `mcp+http(s)://` URL. Any other scheme
    /// (`javascript:`, `ftp:`, `data:`) is refused rather than read as a path.
    /// - Parameter text: the setting.
    /// - Throws: ``EndpointError`` for an empty value or an unsupported scheme.
    public init(parsing text: String) throws(EndpointError) {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        if trimmed.isEmpty { throw EndpointError(text: text, reason: "it is empty") }
        if trimmed.lowercased() == "embedded" {
            self = .embedded
            return
        }
        if let scheme = URLScheme.of(trimmed) {
            switch scheme {
            case "file":
                guard trimmed.lowercased().hasPrefix("file://"), let url = URL(string: trimmed), !url.path.isEmpty
                else {
                    throw EndpointError(text: text, reason: "it is not a valid file URL")
                }
                // `file://recordings/kiwi.json` reads `recordings` as a host, which would silently become
                // `/kiwi.json`; only an empty host or localhost means this machine.
                if let host = url.host, !host.isEmpty, host.lowercased() != "localhost" {
                    throw EndpointError(
                        text: text, reason: "a file URL needs an absolute path: file:///\(host)\(url.path)")
                }
                self = .file(URL(fileURLWithPath: url.path))
            case "http", "https":
                guard let url = URL(string: trimmed), let host = url.host, !host.isEmpty else {
                    throw EndpointError(text: text, reason: "it is not a valid URL")
                }
                self = .remote(url)
            case "mcp+http", "mcp+https":
                guard let url = URL(string: String(trimmed.dropFirst("mcp+".count))), let host = url.host, !host.isEmpty
                else {
                    throw EndpointError(text: text, reason: "it is not a valid URL")
                }
                self = .mcp(url)
            default:
                throw EndpointError(text: text, reason: "the scheme '\(scheme)' is not supported")
            }
            return
        }
        self = .file(URL(fileURLWithPath: trimmed))
    }

    /// `embedded`, `file:///path` or the URL.
    public var description: String {
        switch self {
        case .embedded: "embedded"
        case .file(let url): url.absoluteString
        case .remote(let url): url.absoluteString
        case .mcp(let url): "mcp+" + url.absoluteString
        case .notLive: "none"
        }
    }

    /// Whether requests go over the network.
    public var isRemote: Bool {
        switch self {
        case .remote, .mcp: true
        case .embedded, .file, .notLive: false
        }
    }

    /// The endpoint of a live service, as its descriptor writes its address (`https://…` or
    /// `mcp+https://…`).
    /// - Parameter service: the service.
    public init(_ service: LiveService) {
        self = (try? Endpoint(parsing: service.url.absoluteString)) ?? .remote(service.url)
    }
}
