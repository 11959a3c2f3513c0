import AggregatorCore
import CommandLineParsing
import ProviderKit

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// Where `aggregate serve` listens: `HOST:PORT`, `[IPv6]:PORT`, or `:PORT` for every interface.
package struct ListenAddress: Sendable, Hashable, CustomStringConvertible {
    /// The default: loopback only, on 8765.
    package static let standard = ListenAddress(host: "127.0.0.1", port: 8765)

    /// A numeric address or a name.
    package var host: String
    /// The port; 0 takes a free one.
    package var port: Int

    /// Reads an address.
    /// - Parameters:
    ///   - text: `HOST:PORT`, `[IPv6]:PORT` or `:PORT`.
    ///   - command: the command, for the error.
    /// - Throws: ``UsageError`` for anything else.
    package init(parsing text: String, command: String) throws(UsageError) {
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

    package init(host: String, port: Int) {
        self.host = host
        self.port = port
    }

    /// Whether only this machine can reach the address: every address the host resolves to is a loopback
    /// one (`127.0.0.0/8`, `::1`, or `127.0.0.0/8` mapped to IPv6). A name is resolved as the server will
    /// resolve it to listen (`localhost` through `/etc/hosts`); one that resolves to nothing, or to any other
    /// address, is not loopback, whatever it looks like (`127.lan.example.com`).
    package var isLoopback: Bool {
        let addresses = Self.resolve(host)
        return !addresses.isEmpty && addresses.allSatisfy(Self.isLoopback)
    }

    /// Whether an address is a loopback one: `127.0.0.0/8`, `::1`, or `::ffff:127.0.0.0/104`.
    /// - Parameter address: 4 bytes of IPv4 or 16 of IPv6, in network order.
    /// - Returns: whether only this machine can reach it.
    package static func isLoopback(_ address: [UInt8]) -> Bool {
        switch address.count {
        case 4: return address[0] == 127
        case 16:
            if address == [UInt8](repeating: 0, count: 15) + [1] { return true }
            return address[0..<10].allSatisfy { $0 == 0 } && address[10] == 0xFF && address[11] == 0xFF
                && address[12] == 127
        default: return false
        }
    }

    /// The addresses a host resolves to for listening, as bytes in network order; none when it does not
    /// resolve.
    /// - Parameter host: a numeric address or a name.
    /// - Returns: each address once.
    package static func resolve(_ host: String) -> [[UInt8]] {
        var hints = addrinfo()
        hints.ai_family = AF_UNSPEC
        hints.ai_socktype = listenSocketType
        hints.ai_flags = AI_PASSIVE
        var found: UnsafeMutablePointer<addrinfo>?
        guard getaddrinfo(host, nil, &hints, &found) == 0 else { return [] }
        defer { freeaddrinfo(found) }
        var addresses: [[UInt8]] = []
        var next = found
        while let entry = next {
            next = entry.pointee.ai_next
            guard let address = entry.pointee.ai_addr else { continue }
            var bytes: [UInt8]
            switch Int32(entry.pointee.ai_family) {
            case AF_INET:
                bytes = address.withMemoryRebound(to: sockaddr_in.self, capacity: 1) { pointer in
                    withUnsafeBytes(of: pointer.pointee.sin_addr) { Array($0) }
                }
            case AF_INET6:
                bytes = address.withMemoryRebound(to: sockaddr_in6.self, capacity: 1) { pointer in
                    withUnsafeBytes(of: pointer.pointee.sin6_addr) { Array($0) }
                }
            default:
                // An address of another family is not known to be loopback.
                bytes = []
            }
            if !addresses.contains(bytes) { addresses.append(bytes) }
        }
        return addresses
    }

    #if canImport(Glibc) || canImport(Musl)
        private static let listenSocketType = Int32(SOCK_STREAM.rawValue)
    #else
        private static let listenSocketType = SOCK_STREAM
    #endif

    /// `127.0.0.1:8765`, or `[::1]:8765`.
    package var description: String { host.contains(":") ? "[\(host)]:\(port)" : "\(host):\(port)" }
}
