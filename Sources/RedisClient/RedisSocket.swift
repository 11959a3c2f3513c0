import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// One TCP connection, non-blocking, every wait bounded by a deadline through `poll`. Writes never raise
/// `SIGPIPE`: a peer that went away is an error, not a dead process. Used by one thread at a time.
final class RedisSocket {
    private var descriptor: Int32
    private let address: String

    private init(descriptor: Int32, address: String) {
        self.descriptor = descriptor
        self.address = address
    }

    deinit { close() }

    /// Opens a connection to the first of the host's addresses that accepts one before the deadline.
    /// - Parameters:
    ///   - host: a host name or address.
    ///   - port: the port.
    ///   - address: `host:port`, as errors name it.
    ///   - deadline: when to give up.
    /// - Returns: the connected socket.
    /// - Throws: ``RedisError`` `connection` or `timeout`.
    static func connect(
        host: String, port: Int, address: String, deadline: ContinuousClock.Instant
    ) throws(RedisError) -> RedisSocket {
        var hints = addrinfo()
        hints.ai_family = AF_UNSPEC
        #if canImport(Glibc)
            hints.ai_socktype = Int32(SOCK_STREAM.rawValue)
        #else
            hints.ai_socktype = SOCK_STREAM
        #endif
        var list: UnsafeMutablePointer<addrinfo>?
        let status = getaddrinfo(host, String(port), &hints, &list)
        guard status == 0, let first = list else {
            let why = status == 0 ? "no address" : String(cString: gai_strerror(status))
            throw RedisError(.connection, "cannot find the Redis server \(address): \(why)")
        }
        defer { freeaddrinfo(first) }
        var failure = RedisError(.connection, "cannot reach the Redis server \(address)")
        var entry: UnsafeMutablePointer<addrinfo>? = first
        while let current = entry {
            entry = current.pointee.ai_next
            do {
                return try open(current.pointee, address: address, deadline: deadline)
            } catch {
                failure = error
                if error.kind == .timeout { break }
            }
        }
        throw failure
    }

    private static func open(
        _ info: addrinfo, address: String, deadline: ContinuousClock.Instant
    ) throws(RedisError) -> RedisSocket {
        let descriptor = socket(info.ai_family, info.ai_socktype, info.ai_protocol)
        guard descriptor >= 0 else { throw failure("cannot open a socket for", address) }
        let socket = RedisSocket(descriptor: descriptor, address: address)
        let flags = fcntl(descriptor, F_GETFL, 0)
        guard flags >= 0, fcntl(descriptor, F_SETFL, flags | O_NONBLOCK) == 0 else {
            throw failure("cannot set up the socket for", address)
        }
        var on: Int32 = 1
        #if canImport(Darwin)
            setsockopt(descriptor, SOL_SOCKET, SO_NOSIGPIPE, &on, socklen_t(MemoryLayout<Int32>.size))
        #endif
        // Commands are small and answered one by one: send each at once.
        setsockopt(descriptor, Int32(IPPROTO_TCP), TCP_NODELAY, &on, socklen_t(MemoryLayout<Int32>.size))
        guard let target = info.ai_addr else { throw RedisError(.connection, "no address for \(address)") }
        if systemConnect(descriptor, target, info.ai_addrlen) != 0 {
            guard errno == EINPROGRESS || errno == EINTR else { throw failure("cannot connect to", address) }
            try socket.wait(for: Int16(POLLOUT), until: deadline, doing: "connecting to")
            var error: Int32 = 0
            var length = socklen_t(MemoryLayout<Int32>.size)
            guard getsockopt(descriptor, SOL_SOCKET, SO_ERROR, &error, &length) == 0 else {
                throw failure("cannot connect to", address)
            }
            guard error == 0 else {
                throw RedisError(
                    .connection, "cannot connect to the Redis server \(address): \(String(cString: strerror(error)))")
            }
        }
        return socket
    }

    /// Sends every byte before the deadline.
    /// - Parameters:
    ///   - bytes: what to send.
    ///   - deadline: when to give up.
    /// - Throws: ``RedisError`` `connection` or `timeout`.
    func write(_ bytes: Data, until deadline: ContinuousClock.Instant) throws(RedisError) {
        var offset = 0
        while offset < bytes.count {
            let sent = bytes.withUnsafeBytes { raw in
                guard let base = raw.baseAddress else { return 0 }
                #if canImport(Glibc)
                    return send(descriptor, base + offset, raw.count - offset, Int32(MSG_NOSIGNAL))
                #else
                    return send(descriptor, base + offset, raw.count - offset, 0)
                #endif
            }
            if sent > 0 {
                offset += sent
            } else if sent < 0, errno == EAGAIN || errno == EWOULDBLOCK || errno == EINTR {
                try wait(for: Int16(POLLOUT), until: deadline, doing: "sending to")
            } else {
                throw Self.failure("lost the connection to", address)
            }
        }
    }

    /// Reads what has arrived, waiting for something until the deadline.
    /// - Parameters:
    ///   - buffer: where the bytes are appended.
    ///   - limit: the most bytes read.
    ///   - deadline: when to give up.
    /// - Throws: ``RedisError`` `connection` when the server closed the connection, `timeout`.
    func read(into buffer: inout [UInt8], limit: Int, until deadline: ContinuousClock.Instant) throws(RedisError) {
        var chunk = [UInt8](repeating: 0, count: max(min(limit, 64 << 10), 1))
        while true {
            let received = chunk.withUnsafeMutableBytes { raw in recv(descriptor, raw.baseAddress, raw.count, 0) }
            if received > 0 {
                buffer.append(contentsOf: chunk[0..<received])
                return
            }
            if received == 0 {
                throw RedisError(.connection, "the Redis server \(address) closed the connection")
            }
            guard errno == EAGAIN || errno == EWOULDBLOCK || errno == EINTR else {
                throw Self.failure("lost the connection to", address)
            }
            try wait(for: Int16(POLLIN), until: deadline, doing: "waiting for an answer from")
        }
    }

    /// Whether bytes (or the end of the stream) are waiting to be read, without waiting: on an idle
    /// connection, either means it cannot be used for the next command.
    var hasPendingInput: Bool {
        var entry = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
        return poll(&entry, 1, 0) != 0
    }

    /// Closes the connection; doing it again does nothing.
    func close() {
        guard descriptor >= 0 else { return }
        _ = systemClose(descriptor)
        descriptor = -1
    }

    private func wait(for events: Int16, until deadline: ContinuousClock.Instant, doing what: String) throws(RedisError)
    {
        while true {
            let left = ContinuousClock.now.duration(to: deadline)
            guard left > .zero else { throw RedisError(.timeout, "timed out \(what) the Redis server \(address)") }
            let (seconds, attoseconds) = left.components
            let milliseconds = Int32(
                clamping: seconds * 1000 + (attoseconds + 999_999_999_999_999) / 1_000_000_000_000_000)
            var entry = pollfd(fd: descriptor, events: events, revents: 0)
            let ready = poll(&entry, 1, milliseconds)
            if ready > 0 { return }
            if ready < 0, errno != EINTR { throw Self.failure("cannot wait for", address) }
        }
    }

    private static func failure(_ what: String, _ address: String) -> RedisError {
        RedisError(.connection, "\(what) the Redis server \(address): \(String(cString: strerror(errno)))")
    }
}

#if canImport(Glibc)
    private let systemConnect = Glibc.connect
    private let systemClose = Glibc.close
#else
    private let systemConnect = Darwin.connect
    private let systemClose = Darwin.close
#endif
