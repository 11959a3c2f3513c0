import Foundation

/// The sign-ins of the web pages: a person who gave the server's token once gets a session cookie, a random
/// id the server keeps until it expires, so that the token itself is never stored in the browser.
///
/// Rules:
/// - An id is 32 random bytes in hex, known only to the server and the browser that signed in.
/// - A session lasts ``lifetime`` from its sign-in, then the cookie is refused and the person signs in again.
/// - At most ``limit`` sessions are kept; past it, the one that expires first is ended.
/// - The cookie is `HttpOnly` and `SameSite=Strict`, and `Secure` when the request came over TLS (a proxy in
///   front says so with `X-Forwarded-Proto: https`).
package final class WebSessions: @unchecked Sendable {
    /// The cookie's name.
    package static let cookieName = "aggregate_session"
    /// How long a sign-in lasts.
    package static let lifetime: Duration = .seconds(8 * 3600)
    /// The most sessions kept at once.
    package static let limit = 10_000

    private let lock = NSLock()
    private var expiries: [String: Date] = [:]
    private let now: @Sendable () -> Date

    /// Creates an empty set of sessions.
    /// - Parameter now: the clock.
    package init(now: @escaping @Sendable () -> Date = { Date() }) {
        self.now = now
    }

    /// How many sessions are kept.
    package var count: Int { lock.withLock { expiries.count } }

    /// Starts a session.
    /// - Returns: its id.
    package func start() -> String {
        var generator = SystemRandomNumberGenerator()
        let id = (0..<32).map { _ in String(format: "%02x", UInt8.random(in: 0...255, using: &generator)) }.joined()
        let moment = now()
        let expiry = moment.addingTimeInterval(Double(Self.lifetime.components.seconds))
        lock.withLock {
            expiries = expiries.filter { $0.value > moment }
            if expiries.count >= Self.limit, let first = expiries.min(by: { $0.value < $1.value }) {
                expiries[first.key] = nil
            }
            expiries[id] = expiry
        }
        return id
    }

    /// Ends the session a request's cookie names, if any.
    /// - Parameter cookie: the request's `Cookie` field.
    package func end(cookie: String?) {
        guard let id = Self.id(in: cookie) else { return }
        lock.withLock { expiries[id] = nil }
    }

    /// Whether a request's `Cookie` field names a session that has not expired.
    /// - Parameter cookie: the field, if any.
    /// - Returns: whether it does.
    package func admits(cookie: String?) -> Bool {
        guard let id = Self.id(in: cookie) else { return false }
        let moment = now()
        return lock.withLock {
            guard let expiry = expiries[id] else { return false }
            if expiry <= moment {
                expiries[id] = nil
                return false
            }
            return true
        }
    }

    /// The `Set-Cookie` value that starts a session.
    /// - Parameters:
    ///   - id: the session's id.
    ///   - secure: whether the request came over TLS.
    /// - Returns: the field's value.
    package static func setCookie(_ id: String, secure: Bool) -> String {
        "\(cookieName)=\(id); Path=/; Max-Age=\(lifetime.components.seconds); HttpOnly; SameSite=Strict"
            + (secure ? "; Secure" : "")
    }

    /// The `Set-Cookie` value that removes the cookie.
    package static func clearCookie(secure: Bool) -> String {
        "\(cookieName)=; Path=/; Max-Age=0; HttpOnly; SameSite=Strict" + (secure ? "; Secure" : "")
    }

    /// The session id in a `Cookie` field: the value of ``cookieName``, when it is 64 hex digits.
    package static func id(in cookie: String?) -> String? {
        guard let cookie else { return nil }
        for pair in cookie.split(separator: ";") {
            let parts = pair.split(separator: "=", maxSplits: 1).map { $0.trimmingCharacters(in: .whitespaces) }
            guard parts.count == 2, parts[0] == cookieName else { continue }
            let value = parts[1]
            guard value.utf8.count == 64, value.utf8.allSatisfy({ ASCIIHex.isDigit($0) }) else { return nil }
            return value
        }
        return nil
    }
}

/// Hex digits, for ids.
private enum ASCIIHex {
    /// Whether a byte is a lower-case hex digit.
    static func isDigit(_ byte: UInt8) -> Bool {
        (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) || (UInt8(ascii: "a")...UInt8(ascii: "f")).contains(byte)
    }
}
