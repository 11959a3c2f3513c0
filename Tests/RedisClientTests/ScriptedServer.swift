import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A loopback TCP server that answers whatever is sent to it with bytes a test chooses: a hostile or broken
/// "Redis" for the client's tests. It counts the connections it accepted; `stop()` closes everything.
final class ScriptedServer: @unchecked Sendable {
    /// What the server does on each connection once the first bytes arrive.
    enum Behaviour: Sendable {
        /// Sends these bytes, then keeps the connection open (or closes it).
        case reply(Data, close: Bool)
        /// Sends nothing, ever.
        case silent
        /// Sends `first`, then `chunk` over and over until the client goes away or the server stops.
        case endless(Data, first: Data = Data())
    }

    let port: Int
    private let socket: Int32
    private let behaviour: Behaviour
    private let lock = NSLock()
    private var stopped = false
    private var accepted = 0
    private var clients: [Int32] = []
    private let loopEnded = DispatchSemaphore(value: 0)

    init(_ behaviour: Behaviour) throws {
        self.behaviour = behaviour
        #if canImport(Glibc)
            let descriptor = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        #else
            let descriptor = Darwin.socket(AF_INET, SOCK_STREAM, 0)
        #endif
        var address = sockaddr_in()
        #if canImport(Darwin)
            address.sin_len = UInt8(MemoryLayout<sockaddr_in>.size)
        #endif
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = in_addr_t(0x7f00_0001).bigEndian
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { generic in
                bind(descriptor, generic, length) == 0 && listen(descriptor, 16) == 0
                    && getsockname(descriptor, generic, &length) == 0
            }
        }
        guard descriptor >= 0, bound else { throw CocoaError(.fileWriteUnknown) }
        socket = descriptor
        port = Int(UInt16(bigEndian: address.sin_port))
        let thread = Thread { [self] in acceptLoop() }
        thread.start()
    }

    deinit { stop() }

    /// `redis://127.0.0.1:PORT/0`.
    var url: String { "redis://127.0.0.1:\(port)/0" }

    /// How many connections it accepted.
    var connections: Int { lock.withLock { accepted } }

    func stop() {
        let first = lock.withLock {
            guard !stopped else { return false }
            stopped = true
            for client in clients { shutdown(client, Int32(SHUT_RDWR)) }
            return true
        }
        if first { _ = loopEnded.wait(timeout: .now() + 5) }
    }

    private var isStopped: Bool { lock.withLock { stopped } }

    private func acceptLoop() {
        defer {
            close(socket)
            loopEnded.signal()
        }
        while !isStopped {
            var entry = pollfd(fd: socket, events: Int16(POLLIN), revents: 0)
            guard poll(&entry, 1, 20) > 0 else { continue }
            let client = accept(socket, nil, nil)
            guard client >= 0 else { continue }
            lock.withLock {
                accepted += 1
                clients.append(client)
            }
            Thread { [self] in serve(client) }.start()
        }
    }

    private func serve(_ client: Int32) {
        defer {
            lock.withLock { clients.removeAll { $0 == client } }
            close(client)
        }
        #if canImport(Darwin)
            var on: Int32 = 1
            setsockopt(client, SOL_SOCKET, SO_NOSIGPIPE, &on, socklen_t(MemoryLayout<Int32>.size))
        #endif
        guard waitForInput(client) else { return }
        var scratch = [UInt8](repeating: 0, count: 4096)
        _ = recv(client, &scratch, scratch.count, 0)
        switch behaviour {
        case .reply(let data, let close):
            guard write(data, to: client), !close else { return }
            while !isStopped, waitForInput(client) {
                guard recv(client, &scratch, scratch.count, 0) > 0 else { return }
            }
        case .silent:
            while !isStopped, waitForInput(client) {
                guard recv(client, &scratch, scratch.count, 0) > 0 else { return }
            }
        case .endless(let chunk, let first):
            guard write(first, to: client) else { return }
            while !isStopped, write(chunk, to: client) {}
        }
    }

    /// Waits in short slices until bytes arrive; false once the server stops.
    private func waitForInput(_ client: Int32) -> Bool {
        while !isStopped {
            var entry = pollfd(fd: client, events: Int16(POLLIN), revents: 0)
            if poll(&entry, 1, 20) > 0 { return true }
        }
        return false
    }

    private func write(_ data: Data, to client: Int32) -> Bool {
        data.withUnsafeBytes { raw in
            var offset = 0
            while offset < raw.count {
                guard let base = raw.baseAddress else { return false }
                #if canImport(Glibc)
                    let sent = send(client, base + offset, raw.count - offset, Int32(MSG_NOSIGNAL))
                #else
                    let sent = send(client, base + offset, raw.count - offset, 0)
                #endif
                guard sent > 0 else { return false }
                offset += sent
            }
            return true
        }
    }
}
