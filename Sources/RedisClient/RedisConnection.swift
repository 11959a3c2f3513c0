import Foundation

/// One connection to a Redis server, signed in and on its database: sends commands and reads their replies
/// in order. Any failure but an error reply leaves it out of step with the server, so its owner closes it.
/// Used by one thread at a time.
final class RedisConnection {
    private let socket: RedisSocket
    private let address: String
    /// Bytes read but not yet decoded.
    private var buffer: [UInt8] = []

    private init(socket: RedisSocket, address: String) {
        self.socket = socket
        self.address = address
    }

    /// Connects, signs in and selects the database.
    /// - Parameters:
    ///   - configuration: where and how.
    ///   - deadline: when to give up, signing in included.
    /// - Returns: the connection.
    /// - Throws: ``RedisError``; a refused sign-in is `server`, with Redis's words.
    static func open(
        _ configuration: RedisConfiguration, until deadline: ContinuousClock.Instant
    ) throws(RedisError) -> RedisConnection {
        let socket = try RedisSocket.connect(
            host: configuration.host, port: configuration.port, address: configuration.address, deadline: deadline)
        let connection = RedisConnection(socket: socket, address: configuration.address)
        var setUp: [RedisCommand] = []
        if let password = configuration.password {
            setUp.append(.auth(password: password, username: configuration.username))
        }
        if configuration.database != 0 { setUp.append(.select(configuration.database)) }
        guard !setUp.isEmpty else { return connection }
        let replies = try connection.roundTrip(setUp, replyLimit: 4096, until: deadline)
        for (command, reply) in zip(setUp, replies) {
            if case .error(let text) = reply {
                let what = command.name == "AUTH" ? "refused the sign-in" : "refused database \(configuration.database)"
                throw RedisError(
                    .server, "the Redis server \(configuration.address) \(what): \(RedisError.quoted(text))")
            }
        }
        return connection
    }

    /// Whether the connection can take the next command: nothing left unread, and the server has not closed it.
    var isReusable: Bool { buffer.isEmpty && !socket.hasPendingInput }

    /// Sends commands in one write and reads one reply to each, in order. Error replies are values; push
    /// messages (which a RESP2 connection never receives) are skipped.
    /// - Parameters:
    ///   - commands: what to send.
    ///   - replyLimit: the most bytes all the replies may take.
    ///   - deadline: when to give up.
    /// - Returns: the replies.
    /// - Throws: ``RedisError`` for a broken connection, a timeout, or a reply that is not RESP or is too large.
    func roundTrip(
        _ commands: [RedisCommand], replyLimit: Int, until deadline: ContinuousClock.Instant
    ) throws(RedisError) -> [RESPValue] {
        var request = Data()
        for command in commands { request.append(command.encoded) }
        try socket.write(request, until: deadline)
        let decoder = RESPDecoder(maxBulkBytes: replyLimit)
        var replies: [RESPValue] = []
        var start = 0
        var attempted = 0
        var read = 0
        while replies.count < commands.count {
            // Decoding again from the start of a reply costs its length each time: try again only once the
            // bytes waiting have doubled, or nothing more has arrived, so a large reply is decoded a few times.
            if buffer.count - start >= attempted * 2 || !socket.hasPendingInput {
                attempted = buffer.count - start
                if let (value, length) = try decoder.decode(buffer, from: start) {
                    start += length
                    read += length
                    attempted = 0
                    if case .push = value { continue }
                    replies.append(value)
                    continue
                }
            }
            guard read + buffer.count - start < replyLimit else {
                throw RedisError(
                    .replyTooLarge, "the Redis server \(address) sent a reply over the \(replyLimit)-byte limit")
            }
            try socket.read(into: &buffer, limit: replyLimit - read - (buffer.count - start), until: deadline)
        }
        buffer.removeFirst(start)
        return replies
    }

    /// Closes the connection.
    func close() { socket.close() }
}
