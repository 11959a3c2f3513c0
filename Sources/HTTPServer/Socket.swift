#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// The few POSIX socket calls the server makes, the same on Linux and macOS: every descriptor non-blocking
/// and closed on `exec`, writes that never raise `SIGPIPE`.
enum Socket {
    /// What a read gave.
    enum ReadResult {
        /// This many bytes.
        case bytes(Int)
        /// Nothing now; try when the descriptor is readable.
        case wouldBlock
        /// The peer closed its side, or the connection failed.
        case closed
    }

    /// What a write gave.
    enum WriteResult {
        /// This many bytes went out.
        case wrote(Int)
        /// None now; try when the descriptor is writable.
        case wouldBlock
        /// The connection is gone.
        case failed
    }

    #if canImport(Glibc) || canImport(Musl)
        static let streamType = Int32(SOCK_STREAM.rawValue)
        static let sendFlags = Int32(MSG_NOSIGNAL)
    #else
        static let streamType = SOCK_STREAM
        static let sendFlags: Int32 = 0
    #endif

    /// Opens a listening socket.
    /// - Parameters:
    ///   - host: a numeric address or a name.
    ///   - port: the port; 0 for any free one.
    ///   - backlog: the length of the queue of connections not yet accepted.
    /// - Returns: the descriptor and the port it listens on.
    /// - Throws: ``ServerStartError`` naming the call that failed.
    static func listen(host: String, port: Int, backlog: Int32) throws(ServerStartError) -> (Int32, Int) {
        guard (0...65_535).contains(port) else { throw ServerStartError("the port \(port) is not 0 to 65535") }
        var hints = addrinfo()
        hints.ai_family = AF_UNSPEC
        hints.ai_socktype = streamType
        hints.ai_flags = AI_PASSIVE | AI_NUMERICSERV
        var found: UnsafeMutablePointer<addrinfo>?
        let status = getaddrinfo(host, String(port), &hints, &found)
        guard status == 0, let first = found else {
            throw ServerStartError("cannot resolve the address '\(host)': \(String(cString: gai_strerror(status)))")
        }
        defer { freeaddrinfo(found) }
        let descriptor = socket(first.pointee.ai_family, streamType, 0)
        guard descriptor >= 0 else { throw ServerStartError("cannot create a socket: \(errorText())") }
        var yes: Int32 = 1
        _ = setsockopt(descriptor, SOL_SOCKET, SO_REUSEADDR, &yes, socklen_t(MemoryLayout<Int32>.size))
        guard bind(descriptor, first.pointee.ai_addr, first.pointee.ai_addrlen) == 0 else {
            let text = errorText()
            close(descriptor)
            throw ServerStartError("cannot listen on \(host):\(port): \(text)")
        }
        guard systemListen(descriptor, backlog) == 0, prepare(descriptor) else {
            let text = errorText()
            close(descriptor)
            throw ServerStartError("cannot listen on \(host):\(port): \(text)")
        }
        return (descriptor, boundPort(descriptor) ?? port)
    }

    /// The port a socket is bound to.
    private static func boundPort(_ descriptor: Int32) -> Int? {
        var storage = sockaddr_storage()
        var length = socklen_t(MemoryLayout<sockaddr_storage>.size)
        let status = withUnsafeMutablePointer(to: &storage) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(descriptor, $0, &length) }
        }
        guard status == 0 else { return nil }
        return address(of: storage).port
    }

    /// Accepts one connection, ready for the loop: non-blocking, closed on `exec`, no delay for small writes.
    /// - Parameter listener: the listening socket.
    /// - Returns: the descriptor and the peer's address, or `nil` when none is waiting.
    static func accept(_ listener: Int32) -> (Int32, String)? {
        var storage = sockaddr_storage()
        var length = socklen_t(MemoryLayout<sockaddr_storage>.size)
        let descriptor = withUnsafeMutablePointer(to: &storage) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { systemAccept(listener, $0, &length) }
        }
        guard descriptor >= 0 else { return nil }
        guard prepare(descriptor) else {
            close(descriptor)
            return nil
        }
        var yes: Int32 = 1
        _ = setsockopt(descriptor, Int32(IPPROTO_TCP), TCP_NODELAY, &yes, socklen_t(MemoryLayout<Int32>.size))
        #if canImport(Darwin)
            _ = setsockopt(descriptor, SOL_SOCKET, SO_NOSIGPIPE, &yes, socklen_t(MemoryLayout<Int32>.size))
        #endif
        let peer = address(of: storage)
        return (descriptor, peer.text)
    }

    /// Makes a descriptor non-blocking and closed on `exec`.
    /// - Parameter descriptor: the descriptor.
    /// - Returns: whether both took.
    static func prepare(_ descriptor: Int32) -> Bool {
        let flags = fcntl(descriptor, F_GETFL, 0)
        guard flags >= 0, fcntl(descriptor, F_SETFL, flags | O_NONBLOCK) == 0 else { return false }
        return fcntl(descriptor, F_SETFD, FD_CLOEXEC) == 0
    }

    /// A pipe whose two ends are non-blocking: how other threads wake the loop.
    /// - Returns: the read and write ends.
    static func wakePipe() throws(ServerStartError) -> (Int32, Int32) {
        var ends: [Int32] = [0, 0]
        guard pipe(&ends) == 0, prepare(ends[0]), prepare(ends[1]) else {
            throw ServerStartError("cannot create a pipe: \(errorText())")
        }
        return (ends[0], ends[1])
    }

    /// Reads what is there, at most `buffer.count` bytes.
    static func read(_ descriptor: Int32, into buffer: inout [UInt8]) -> ReadResult {
        while true {
            let count = buffer.withUnsafeMutableBytes { systemRead(descriptor, $0.baseAddress, $0.count) }
            if count > 0 { return .bytes(count) }
            if count == 0 { return .closed }
            switch errno {
            case EINTR: continue
            case EAGAIN, EWOULDBLOCK: return .wouldBlock
            default: return .closed
            }
        }
    }

    /// Writes what the socket takes now.
    static func write(_ descriptor: Int32, _ bytes: ArraySlice<UInt8>) -> WriteResult {
        while true {
            let count = bytes.withUnsafeBytes { send(descriptor, $0.baseAddress, $0.count, sendFlags) }
            if count >= 0 { return .wrote(count) }
            switch errno {
            case EINTR: continue
            case EAGAIN, EWOULDBLOCK: return .wouldBlock
            default: return .failed
            }
        }
    }

    /// `errno`'s text.
    static func errorText() -> String {
        String(cString: strerror(errno))
    }

    /// The text of a NUL-terminated C buffer.
    private static func text(of buffer: [CChar]) -> String {
        String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    /// An address as `host:port` (`[host]:port` for IPv6), and its port.
    static func address(of storage: sockaddr_storage) -> (text: String, port: Int) {
        var storage = storage
        var host = [CChar](repeating: 0, count: Int(NI_MAXHOST))
        var service = [CChar](repeating: 0, count: Int(NI_MAXSERV))
        let length = socklen_t(
            Int32(storage.ss_family) == AF_INET6
                ? MemoryLayout<sockaddr_in6>.size : MemoryLayout<sockaddr_in>.size)
        let status = withUnsafePointer(to: &storage) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                getnameinfo(
                    $0, length, &host, socklen_t(host.count), &service, socklen_t(service.count),
                    NI_NUMERICHOST | NI_NUMERICSERV)
            }
        }
        guard status == 0 else { return ("-", 0) }
        let hostText = text(of: host)
        let port = Int(text(of: service)) ?? 0
        return (Int32(storage.ss_family) == AF_INET6 ? "[\(hostText)]:\(port)" : "\(hostText):\(port)", port)
    }
}

// The C functions whose names the loop's own methods shadow.
private func systemListen(_ descriptor: Int32, _ backlog: Int32) -> Int32 { listen(descriptor, backlog) }
private func systemAccept(
    _ descriptor: Int32, _ address: UnsafeMutablePointer<sockaddr>, _ length: UnsafeMutablePointer<socklen_t>
) -> Int32 { accept(descriptor, address, length) }
private func systemRead(_ descriptor: Int32, _ buffer: UnsafeMutableRawPointer?, _ count: Int) -> Int {
    read(descriptor, buffer, count)
}
