import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A client that writes exactly the bytes a test gives it, malformed or not, over a real loopback socket,
/// and reads responses as they come. Every wait is bounded by the socket's receive timeout, so a server
/// that never answers fails the test instead of hanging it; blocking calls run on a Dispatch thread, never
/// on one of Swift concurrency's.
final class RawClient: @unchecked Sendable {
    /// One response as read off the wire.
    struct Response: Sendable {
        var status: Int
        /// Header fields, names in lower case.
        var headers: [String: String]
        var body: [UInt8]
        var text: String { String(decoding: body, as: UTF8.self) }
    }

    struct Failure: Error, CustomStringConvertible {
        var description: String
    }

    private let descriptor: Int32
    private var buffer: [UInt8] = []

    /// Connects to the server on `127.0.0.1`.
    /// - Parameters:
    ///   - port: the server's port.
    ///   - receiveTimeout: the longest a read waits: what bounds a test against a server that stays silent.
    ///   - source: the loopback address to connect from (all of `127.0.0.0/8` is loopback on Linux), so
    ///     that one test can be several clients; the system's choice by default.
    init(port: Int, receiveTimeout: Int = 30, from source: String? = nil) throws {
        #if canImport(Glibc)
            let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        #else
            let descriptor = socket(AF_INET, SOCK_STREAM, 0)
        #endif
        guard descriptor >= 0 else { throw Failure(description: "socket: \(errno)") }
        var timeout = timeval(tv_sec: receiveTimeout, tv_usec: 0)
        setsockopt(descriptor, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        setsockopt(descriptor, SOL_SOCKET, SO_SNDTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        #if canImport(Darwin)
            var yes: Int32 = 1
            setsockopt(descriptor, SOL_SOCKET, SO_NOSIGPIPE, &yes, socklen_t(MemoryLayout<Int32>.size))
        #endif
        if let source {
            var local = sockaddr_in()
            local.sin_family = sa_family_t(AF_INET)
            local.sin_addr.s_addr = inet_addr(source)
            let bound = withUnsafePointer(to: &local) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                    bind(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
                }
            }
            guard bound == 0 else {
                close(descriptor)
                throw Failure(description: "bind \(source): \(String(cString: strerror(errno)))")
            }
        }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let status = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        guard status == 0 else {
            close(descriptor)
            throw Failure(description: "connect: \(String(cString: strerror(errno)))")
        }
        self.descriptor = descriptor
    }

    deinit { close(descriptor) }

    /// Sends bytes; `false` when the connection no longer takes them.
    @discardableResult
    func send(_ bytes: [UInt8]) async -> Bool {
        await offThread {
            var offset = 0
            while offset < bytes.count {
                #if canImport(Glibc)
                    let flags = Int32(MSG_NOSIGNAL)
                #else
                    let flags: Int32 = 0
                #endif
                let sent = bytes[offset...].withUnsafeBytes {
                    systemSend(self.descriptor, $0.baseAddress, $0.count, flags)
                }
                guard sent > 0 else { return false }
                offset += sent
            }
            return true
        }
    }

    @discardableResult
    func send(_ text: String) async -> Bool { await send(Array(text.utf8)) }

    /// Shuts the sending side: the server reads the end of input.
    func finishSending() { shutdown(descriptor, Int32(SHUT_WR)) }

    /// Reads one response: its head, then a body framed by `Content-Length`, chunks, or the end of the
    /// connection. `nil` when the connection ends (or the wait runs out) before a whole head.
    func response(toHead: Bool = false) async -> Response? {
        await offThread { self.readResponse(toHead: toHead) }
    }

    /// Reads until the server closes the connection; `true` when it did (a reset counts), `false` when the
    /// wait ran out first.
    func waitForClose() async -> Bool {
        await offThread {
            var chunk = [UInt8](repeating: 0, count: 4096)
            while true {
                let count = chunk.withUnsafeMutableBytes { read(self.descriptor, $0.baseAddress, $0.count) }
                if count > 0 { continue }
                if count == 0 { return true }
                return errno == ECONNRESET
            }
        }
    }

    /// Everything the server still sends until it closes the connection.
    func readToEnd() async -> [UInt8] {
        await offThread {
            var chunk = [UInt8](repeating: 0, count: 65536)
            while self.fill(&chunk) {}
            defer { self.buffer = [] }
            return self.buffer
        }
    }

    private func offThread<T: Sendable>(_ work: @escaping @Sendable () -> T) async -> T {
        await withCheckedContinuation { continuation in
            DispatchQueue.global().async { continuation.resume(returning: work()) }
        }
    }

    /// Reads more into the buffer; `false` at the end of the connection or when the wait runs out.
    private func fill(_ chunk: inout [UInt8]) -> Bool {
        let count = chunk.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
        guard count > 0 else { return false }
        buffer.append(contentsOf: chunk[0..<count])
        return true
    }

    private func readLine(_ chunk: inout [UInt8]) -> String? {
        while true {
            if let lf = buffer.firstIndex(of: 0x0A) {
                let line = buffer[..<lf].last == 0x0D ? buffer[..<(lf - 1)] : buffer[..<lf]
                defer { buffer.removeFirst(lf + 1) }
                return String(decoding: line, as: UTF8.self)
            }
            guard fill(&chunk) else { return nil }
        }
    }

    private func readBytes(_ count: Int, _ chunk: inout [UInt8]) -> [UInt8]? {
        while buffer.count < count {
            guard fill(&chunk) else { return nil }
        }
        defer { buffer.removeFirst(count) }
        return Array(buffer[..<count])
    }

    private func readResponse(toHead: Bool) -> Response? {
        var chunk = [UInt8](repeating: 0, count: 65536)
        guard let statusLine = readLine(&chunk) else { return nil }
        let parts = statusLine.split(separator: " ")
        guard parts.count >= 2, let status = Int(parts[1]) else { return nil }
        var headers: [String: String] = [:]
        while let line = readLine(&chunk), !line.isEmpty {
            guard let colon = line.firstIndex(of: ":") else { continue }
            headers[line[..<colon].lowercased()] = line[line.index(after: colon)...].trimmingCharacters(
                in: .whitespaces)
        }
        if toHead || status == 100 || status == 204 { return Response(status: status, headers: headers, body: []) }
        if let length = headers["content-length"].flatMap(Int.init) {
            return Response(status: status, headers: headers, body: readBytes(length, &chunk) ?? [])
        }
        if headers["transfer-encoding"]?.lowercased() == "chunked" {
            var body: [UInt8] = []
            while let sizeLine = readLine(&chunk), let size = Int(sizeLine.split(separator: ";")[0], radix: 16) {
                if size == 0 {
                    while let trailer = readLine(&chunk), !trailer.isEmpty {}
                    break
                }
                guard let data = readBytes(size, &chunk) else { break }
                body += data
                _ = readLine(&chunk)
            }
            return Response(status: status, headers: headers, body: body)
        }
        while fill(&chunk) {}
        defer { buffer = [] }
        return Response(status: status, headers: headers, body: buffer)
    }
}

/// `send(2)`, which the client's own `send` hides inside it.
private func systemSend(_ descriptor: Int32, _ bytes: UnsafeRawPointer?, _ count: Int, _ flags: Int32) -> Int {
    send(descriptor, bytes, count, flags)
}
