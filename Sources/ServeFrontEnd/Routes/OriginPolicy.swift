import AggregatorCore
import CommandLineParsing
import Foundation
import HTTPServer
import ProviderKit

/// Which web pages' scripts may call the server, against DNS rebinding: a page on another site whose name
/// its owner points at `127.0.0.1` is same-origin with the server for the browser, so the server must look
/// at `Origin` (and, with no token to stop such a page, at `Host`) itself, as MCP's transport requires.
///
/// Rules:
/// - A request without `Origin` (every client that is not a browser) passes.
/// - An `Origin` of this machine (`http(s)://localhost`, `127.x.x.x` or `[::1]`, any port) passes, and so
///   does one listed with `--allow-origin`; any other, `null` among them, is refused with `403`.
/// - Without a token, a server on loopback also wants a `Host` of this machine or of an allowed origin:
///   a rebound name in `Host` is refused with `403`.
package struct OriginPolicy: Sendable {
    /// The origins allowed besides this machine's, as `scheme://host[:port]` in lower case.
    package let allowed: Set<String>
    /// Whether `Host` must name this machine or an allowed origin's host.
    package let checksHost: Bool

    /// Reads `--allow-origin` values.
    /// - Parameters:
    ///   - origins: the values, such as `https://team.example.com`.
    ///   - checksHost: whether `Host` is checked too.
    ///   - command: the command, for the error.
    /// - Throws: ``UsageError`` for a value that is not an origin.
    package init(origins: [String], checksHost: Bool, command: String) throws(UsageError) {
        var allowed = Set<String>()
        for origin in origins {
            guard let normalized = Self.normalized(origin) else {
                throw UsageError(
                    "'--allow-origin' takes an origin such as https://team.example.com, got '\(PrintableText.excerpt(origin, limit: 60))'",
                    hint: "give the scheme, the host and any port, without a path", command: command)
            }
            allowed.insert(normalized)
        }
        self.allowed = allowed
        self.checksHost = checksHost
    }

    /// Why a request is refused, or `nil` when it passes.
    /// - Parameter request: the request.
    /// - Returns: the reason, for the `403`'s body.
    package func refusal(of request: ServerRequest) -> String? {
        if let origin = request.headers["Origin"] {
            guard let normalized = Self.normalized(origin), Self.isLocal(normalized) || allowed.contains(normalized)
            else {
                return "requests from the web origin '\(PrintableText.excerpt(origin, limit: 80))' are not allowed; "
                    + "the operator can allow it with --allow-origin"
            }
        }
        if checksHost {
            let host = Self.hostName(request.headers["Host"] ?? "")
            let allowedHosts = allowed.compactMap { URL(string: $0)?.host?.lowercased() }
            guard Self.isLocalHost(host) || allowedHosts.contains(host) else {
                return "the Host '\(PrintableText.excerpt(request.headers["Host"] ?? "", limit: 80))' is not this "
                    + "machine; a server without a token answers only requests addressed to localhost"
            }
        }
        return nil
    }

    /// `scheme://host[:port]` in lower case, or `nil` for anything that is not an http(s) origin.
    package static func normalized(_ origin: String) -> String? {
        guard let url = URL(string: origin.trimmingCharacters(in: .whitespaces)),
            let scheme = url.scheme?.lowercased(), scheme == "http" || scheme == "https",
            let host = url.host?.lowercased(), !host.isEmpty, url.path.isEmpty || url.path == "/",
            url.query == nil, url.user == nil
        else { return nil }
        let shownHost = host.contains(":") && !host.hasPrefix("[") ? "[\(host)]" : host
        return "\(scheme)://\(shownHost)" + (url.port.map { ":\($0)" } ?? "")
    }

    private static func isLocal(_ origin: String) -> Bool {
        guard let host = URL(string: origin)?.host else { return false }
        return isLocalHost(host.lowercased())
    }

    /// Whether a host name is this machine's.
    private static func isLocalHost(_ host: String) -> Bool {
        let bare = host.trimmingCharacters(in: CharacterSet(charactersIn: "[]"))
        if bare == "localhost" || bare == "::1" { return true }
        let parts = bare.split(separator: ".", omittingEmptySubsequences: false)
        return parts.count == 4 && parts[0] == "127" && parts.allSatisfy { UInt8($0) != nil }
    }

    /// The host of a `Host` field, without its port, in lower case.
    private static func hostName(_ field: String) -> String {
        let value = field.trimmingCharacters(in: .whitespaces).lowercased()
        if value.hasPrefix("["), let close = value.firstIndex(of: "]") { return String(value[...close]) }
        return String(value.split(separator: ":", maxSplits: 1).first ?? "")
    }
}
