import AggregatorCore
import ProviderKit

/// Where `aggregate serve` listens: `HOST:PORT`, `[IPv6]:PORT`, or `:PORT` for every interface.
struct ListenAddress: Sendable, Hashable, CustomStringConvertible {
    /// The default: loopback only, on 8765.
    static let standard = ListenAddress(host: "127.0.0.1", port: 8765)

    /// A numeric address or a name.
    var host: String
    /// The port; 0 takes a free one.
    var port: Int

    /// Reads an address.
    /// - Parameters:
    ///   - text: `HOST:PORT`, `[IPv6]:PORT` or `:PORT`.
    ///   - command: the command, for the error.
    /// - Throws: ``UsageError`` for anything else.
    init(parsing text: String, command: String) throws(UsageError) {
        let bad = UsageError(
            "'--listen' takes HOST:PORT, such as 127.0.0.1:8765 or [::1]:8765, got '\(PrintableText.excerpt(text, limit: 60))'",
            hint: "write for example --listen 127.0.0.1:8765", command: command)
        let host: Substring
        let port: Substring
        if text.hasPrefix("[") {
            guard let close = text.firstIndex(of: "]"), text[text.index(after: close)...].hasPrefix(":") else {
                throw bad
            }
            host = text[text.index(after: text.startIndex)..<close]
            port = text[text.index(close, offsetBy: 2)...]
        } else {
            guard let colon = text.lastIndex(of: ":"), !text[..<colon].contains(":") else { throw bad }
            host = text[..<colon]
            port = text[text.index(after: colon)...]
        }
        guard port.count <= 5, port.allSatisfy({ $0.isASCII && $0.isNumber }), let number = Int(port),
            (0...65_535).contains(number),
            host.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || ".-:%".contains($0)) })
        else { throw bad }
        self.init(host: host.isEmpty ? (text.hasPrefix("[") ? "::" : "0.0.0.0") : String(host), port: number)
    }

    init(host: String, port: Int) {
        self.host = host
        self.port = port
    }

    /// Whether only this machine can reach the address: `localhost`, `127.x.x.x` or `::1`.
    var isLoopback: Bool {
        let name = host.lowercased()
        return name == "localhost" || name == "::1"
            || name.hasPrefix("127.")
                && name.split(separator: ".").count == 4
    }

    /// `127.0.0.1:8765`, or `[::1]:8765`.
    var description: String { host.contains(":") ? "[\(host)]:\(port)" : "\(host):\(port)" }
}
