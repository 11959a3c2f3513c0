import Foundation

/// Where a Redis server is and how to talk to it: host, port, database, sign-in, timeouts and limits. Its
/// description is the URL without the password, and its reflection hides the password too, so printing it
/// never leaks one.
public struct RedisConfiguration: Sendable, Hashable, CustomStringConvertible, CustomDebugStringConvertible,
    CustomReflectable
{
    /// The server's host name or address.
    public var host: String
    /// The server's port.
    public var port: Int
    /// The database selected on each connection.
    public var database: Int
    /// The user signed in as, for servers with access control lists; `nil` is the default user.
    public var username: String?
    /// The password sent with `AUTH`; `nil` sends none.
    public var password: String?
    /// How long opening a connection may take, signing in and selecting the database included.
    public var connectTimeout: Duration
    /// How long one command (or one pipeline) may wait for a free connection, and then for its replies.
    public var commandTimeout: Duration
    /// How long the client answers ``RedisError/Kind/unavailable`` without trying, after the server could
    /// not be reached or did not answer in time: what keeps every call quick while Redis is down.
    public var retryInterval: Duration
    /// The most connections open at once; commands beyond wait for one.
    public var maxConnections: Int
    /// The largest reply read, in bytes.
    public var maxReplyBytes: Int

    /// Creates a configuration.
    /// - Parameters:
    ///   - host: the server's host name or address.
    ///   - port: the server's port.
    ///   - database: the database selected on each connection.
    ///   - username: the user signed in as.
    ///   - password: the password sent with `AUTH`.
    ///   - connectTimeout: how long opening a connection may take.
    ///   - commandTimeout: how long one command may take.
    ///   - retryInterval: how long to wait before trying again after a failure.
    ///   - maxConnections: the most connections open at once.
    ///   - maxReplyBytes: the largest reply read.
    public init(
        host: String = "127.0.0.1", port: Int = 6379, database: Int = 0, username: String? = nil,
        password: String? = nil, connectTimeout: Duration = .milliseconds(250),
        commandTimeout: Duration = .milliseconds(250), retryInterval: Duration = .seconds(1), maxConnections: Int = 4,
        maxReplyBytes: Int = 64 << 20
    ) {
        self.host = host
        self.port = port
        self.database = database
        self.username = username
        self.password = password
        self.connectTimeout = connectTimeout
        self.commandTimeout = commandTimeout
        self.retryInterval = retryInterval
        self.maxConnections = maxConnections
        self.maxReplyBytes = maxReplyBytes
    }

    /// Reads `redis://[[username]:password@]host[:port][/database]`, the form Redis's own tools take. The
    /// port defaults to 6379 and the database to 0; a password or user name may be percent-encoded.
    /// - Parameters:
    ///   - url: the URL.
    ///   - password: the password when the URL has none (such as one read from the environment, which keeps
    ///     it out of a command line); one in the URL wins. Empty is none.
    /// - Throws: ``RedisError`` `configuration` saying what is wrong with the URL, never quoting its password.
    public init(url: String, password: String? = nil) throws(RedisError) {
        func invalid(_ why: String) -> RedisError {
            RedisError(.configuration, "the Redis URL \(why); write it as redis://[:password@]host:port/db")
        }
        guard let separator = url.range(of: "://") else { throw invalid("has no scheme") }
        switch url[..<separator.lowerBound].lowercased() {
        case "redis": break
        case "rediss":
            throw RedisError(
                .configuration,
                "the Redis URL asks for TLS (rediss://), which this client does not speak; reach the server "
                    + "through a TLS tunnel on a local port and use redis://")
        case "unix":
            throw RedisError(.configuration, "the Redis URL names a Unix socket, which this client does not use")
        default:
            throw invalid("is not a redis:// URL")
        }
        var rest = url[separator.upperBound...]
        guard !rest.contains(where: { $0.isWhitespace || $0.asciiValue.map { $0 < 32 || $0 == 127 } ?? false }) else {
            throw invalid("holds spaces or control characters")
        }
        guard !rest.contains("?"), !rest.contains("#") else { throw invalid("takes no query or fragment") }
        var user: String?
        var secret: String?
        if let at = rest.lastIndex(of: "@") {
            let userinfo = rest[..<at]
            rest = rest[rest.index(after: at)...]
            let parts = userinfo.split(separator: ":", maxSplits: 1, omittingEmptySubsequences: false)
            guard let name = String(parts[0]).removingPercentEncoding,
                let pass = (parts.count > 1 ? String(parts[1]) : "").removingPercentEncoding
            else { throw invalid("has a user or password that is not percent-encoded properly") }
            if parts.count == 1 {
                // `redis://secret@host` is how some tools write a password alone.
                secret = name.isEmpty ? nil : name
            } else {
                user = name.isEmpty ? nil : name
                secret = pass.isEmpty ? nil : pass
            }
        }
        let authority: Substring
        var database = 0
        if let slash = rest.firstIndex(of: "/") {
            authority = rest[..<slash]
            let path = rest[rest.index(after: slash)...]
            if !path.isEmpty {
                guard path.count <= 9, path.allSatisfy(\.isASCII), let number = Int(path), number >= 0 else {
                    throw invalid("has a database that is not a number from 0 (\(RedisError.quoted(path)))")
                }
                database = number
            }
        } else {
            authority = rest
        }
        let host: Substring
        var portText: Substring?
        if authority.hasPrefix("[") {
            guard let close = authority.firstIndex(of: "]") else { throw invalid("has an unclosed [ in its host") }
            host = authority[authority.index(after: authority.startIndex)..<close]
            let after = authority[authority.index(after: close)...]
            if !after.isEmpty {
                guard after.hasPrefix(":") else { throw invalid("has text after its host") }
                portText = after.dropFirst()
            }
        } else if let colon = authority.lastIndex(of: ":") {
            host = authority[..<colon]
            portText = authority[authority.index(after: colon)...]
        } else {
            host = authority
        }
        guard !host.isEmpty else { throw invalid("has no host") }
        var port = 6379
        if let portText {
            guard portText.count <= 5, portText.allSatisfy(\.isASCII), let number = Int(portText),
                (1...65_535).contains(number)
            else {
                throw invalid("has a port that is not a number from 1 to 65535 (\(RedisError.quoted(portText)))")
            }
            port = number
        }
        self.init(
            host: String(host), port: port, database: database, username: user,
            password: secret ?? password.flatMap { $0.isEmpty ? nil : $0 })
        try validate()
    }

    /// Checks that the values can be used.
    /// - Throws: ``RedisError`` `configuration` for the first that cannot.
    public func validate() throws(RedisError) {
        guard !host.isEmpty, host.utf8.count <= 255,
            !host.contains(where: { $0.isWhitespace || $0 == "/" || $0 == "@" || !$0.isASCII })
        else {
            throw RedisError(.configuration, "the Redis host \(RedisError.quoted(host)) is not a host name or address")
        }
        guard (1...65_535).contains(port) else {
            throw RedisError(.configuration, "the Redis port \(port) is not a number from 1 to 65535")
        }
        guard database >= 0, database <= Int(Int32.max) else {
            throw RedisError(.configuration, "the Redis database \(database) is not a number from 0")
        }
        guard connectTimeout > .zero, commandTimeout > .zero, retryInterval >= .zero else {
            throw RedisError(.configuration, "the Redis timeouts must be longer than zero")
        }
        guard (1...256).contains(maxConnections) else {
            throw RedisError(.configuration, "the most Redis connections must be from 1 to 256")
        }
        guard maxReplyBytes >= 1024 else {
            throw RedisError(.configuration, "the largest Redis reply must be at least 1024 bytes")
        }
    }

    /// `redis://host:port/db`, with `[:•••@]` where a password is set: never the password.
    public var description: String {
        let signIn =
            switch (username, password) {
            case (nil, nil): ""
            case (let user?, nil): "\(user)@"
            case (let user, _?): "\(user ?? ""):•••@"
            }
        let address = host.contains(":") ? "[\(host)]" : host
        return "redis://\(signIn)\(address):\(port)/\(database)"
    }

    /// The same as ``description``.
    public var debugDescription: String { description }

    /// The fields, with the password hidden.
    public var customMirror: Mirror {
        Mirror(
            self,
            children: [
                "host": host, "port": port, "database": database, "username": username as Any,
                "password": password == nil ? "none" : "•••", "connectTimeout": connectTimeout,
                "commandTimeout": commandTimeout, "retryInterval": retryInterval, "maxConnections": maxConnections,
                "maxReplyBytes": maxReplyBytes,
            ])
    }

    /// `host:port`, as errors name the server.
    var address: String { host.contains(":") ? "[\(host)]:\(port)" : "\(host):\(port)" }
}
