import Foundation

/// One command for Redis: its name and arguments, sent as a RESP array of bulk strings, so any byte may be in
/// an argument. Its description names the command only, never its arguments, which may be a password.
///
/// ```swift
/// let claim = RedisCommand.set("lock", Data("me".utf8), expiry: .seconds(30), condition: .ifAbsent)
/// ```
public struct RedisCommand: Sendable, Hashable, CustomStringConvertible {
    /// When `SET` writes.
    public enum SetCondition: Sendable, Hashable {
        /// Always.
        case always
        /// Only when the key does not exist (`NX`).
        case ifAbsent
        /// Only when the key exists (`XX`).
        case ifPresent
    }

    /// The command's name and arguments, name first.
    public let words: [Data]

    /// Creates a command.
    /// - Parameters:
    ///   - name: the command, such as `GET`.
    ///   - arguments: its arguments, as bytes.
    public init(_ name: String, _ arguments: [Data] = []) {
        words = [Data(name.utf8)] + arguments
    }

    /// Creates a command whose arguments are text.
    /// - Parameters:
    ///   - name: the command, such as `GET`.
    ///   - arguments: its arguments, sent as UTF-8.
    public init(_ name: String, text arguments: [String]) {
        self.init(name, arguments.map { Data($0.utf8) })
    }

    /// The command's name, upper-cased.
    public var name: String { String(decoding: words.first ?? Data(), as: UTF8.self).uppercased() }

    /// `SET (3 arguments)`: the name, never an argument.
    public var description: String {
        let count = words.count - 1
        return "\(name) (\(count) argument\(count == 1 ? "" : "s"))"
    }

    /// The command as RESP: an array of bulk strings.
    public var encoded: Data {
        var bytes = Data("*\(words.count)\r\n".utf8)
        for word in words {
            bytes.append(contentsOf: "$\(word.count)\r\n".utf8)
            bytes.append(word)
            bytes.append(contentsOf: [13, 10])
        }
        return bytes
    }

    // MARK: - The commands sharing needs

    /// `PING`: answered `PONG`.
    public static var ping: RedisCommand { RedisCommand("PING") }

    /// `AUTH [username] password`.
    /// - Parameters:
    ///   - password: the password.
    ///   - username: the user, for servers with access control lists.
    /// - Returns: the command.
    public static func auth(password: String, username: String? = nil) -> RedisCommand {
        RedisCommand("AUTH", text: [username, password].compactMap { $0 })
    }

    /// `SELECT db`.
    /// - Parameter database: the database number.
    /// - Returns: the command.
    public static func select(_ database: Int) -> RedisCommand { RedisCommand("SELECT", text: [String(database)]) }

    /// `GET key`: the value, or null.
    /// - Parameter key: the key.
    /// - Returns: the command.
    public static func get(_ key: String) -> RedisCommand { RedisCommand("GET", text: [key]) }

    /// `GETRANGE key start end`: the bytes from `start` to `end` inclusive, empty for a missing key. What
    /// reads a value without letting the server send more than a limit.
    /// - Parameters:
    ///   - key: the key.
    ///   - start: the first byte.
    ///   - end: the last byte.
    /// - Returns: the command.
    public static func getRange(_ key: String, from start: Int, through end: Int) -> RedisCommand {
        RedisCommand("GETRANGE", text: [key, String(start), String(end)])
    }

    /// `SET key value [NX|XX] [PX milliseconds]`: `OK`, or null when the condition kept it from writing.
    /// - Parameters:
    ///   - key: the key.
    ///   - value: the value.
    ///   - expiry: when the key expires, at least a millisecond; `nil` never.
    ///   - condition: when to write.
    /// - Returns: the command.
    public static func set(
        _ key: String, _ value: Data, expiry: Duration? = nil, condition: SetCondition = .always
    ) -> RedisCommand {
        var arguments = [Data(key.utf8), value]
        switch condition {
        case .always: break
        case .ifAbsent: arguments.append(Data("NX".utf8))
        case .ifPresent: arguments.append(Data("XX".utf8))
        }
        if let expiry {
            arguments += [Data("PX".utf8), Data(String(milliseconds(expiry)).utf8)]
        }
        return RedisCommand("SET", arguments)
    }

    /// `DEL key…`: how many keys were removed.
    /// - Parameter keys: the keys.
    /// - Returns: the command.
    public static func del(_ keys: [String]) -> RedisCommand { RedisCommand("DEL", text: keys) }

    /// `INCR key`: the value after adding one.
    /// - Parameter key: the key.
    /// - Returns: the command.
    public static func incr(_ key: String) -> RedisCommand { RedisCommand("INCR", text: [key]) }

    /// `PEXPIRE key milliseconds`: 1 when the key exists.
    /// - Parameters:
    ///   - key: the key.
    ///   - expiry: from now, at least a millisecond.
    /// - Returns: the command.
    public static func pexpire(_ key: String, _ expiry: Duration) -> RedisCommand {
        RedisCommand("PEXPIRE", text: [key, String(milliseconds(expiry))])
    }

    /// `EXPIRE key seconds`: 1 when the key exists.
    /// - Parameters:
    ///   - key: the key.
    ///   - seconds: from now.
    /// - Returns: the command.
    public static func expire(_ key: String, seconds: Int) -> RedisCommand {
        RedisCommand("EXPIRE", text: [key, String(seconds)])
    }

    /// `PTTL key`: milliseconds left, -1 without an expiry, -2 for a missing key.
    /// - Parameter key: the key.
    /// - Returns: the command.
    public static func pttl(_ key: String) -> RedisCommand { RedisCommand("PTTL", text: [key]) }

    /// `EVAL script numkeys key… arg…`: runs a Lua script atomically.
    /// - Parameters:
    ///   - script: the script.
    ///   - keys: the keys it touches (`KEYS[1]`…).
    ///   - arguments: its other arguments (`ARGV[1]`…).
    /// - Returns: the command.
    public static func eval(_ script: String, keys: [String], arguments: [String] = []) -> RedisCommand {
        RedisCommand("EVAL", text: [script, String(keys.count)] + keys + arguments)
    }

    /// Whole milliseconds, at least one: Redis refuses an expiry of zero.
    static func milliseconds(_ duration: Duration) -> Int64 {
        let (seconds, attoseconds) = duration.components
        let (millis, overflow) = seconds.multipliedReportingOverflow(by: 1000)
        guard !overflow else { return seconds > 0 ? Int64.max / 2 : 1 }
        return max(millis + attoseconds / 1_000_000_000_000_000, 1)
    }
}
