import Foundation
import RedisClient
import Testing

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A real `redis-server` for one test: started on a free loopback port with a temporary folder, nothing saved
/// to disk, stopped by ``stop()`` or when the value goes away (which also removes its folder). ``stop()`` and
/// ``start()`` let a test take Redis away and bring it back on the same port.
///
/// A test that needs Redis is enabled only when ``isInstalled`` (`.ci/run` installs it); starting one
/// without it fails with a message saying how to install it.
///
/// ```swift
/// let redis = try await RedisTestServer.start()
/// defer { redis.stop() }
/// let client = try RedisClient(url: redis.url)
/// ```
public final class RedisTestServer: @unchecked Sendable {
    /// Why the server could not be started.
    public struct StartError: Error, CustomStringConvertible {
        /// What went wrong and what to do.
        public var description: String
    }

    /// The loopback port it listens on.
    public let port: Int
    /// The password it asks for, if any.
    public let password: String?
    /// `redis://127.0.0.1:PORT/0`, without the password.
    public var url: String { "redis://127.0.0.1:\(port)/0" }

    private let executable: String
    private let folder: URL
    private let lock = NSLock()
    private var process: Process?

    private init(executable: String, port: Int, password: String?, folder: URL) {
        self.executable = executable
        self.port = port
        self.password = password
        self.folder = folder
    }

    deinit {
        stop()
        try? FileManager.default.removeItem(at: folder)
    }

    /// Whether `redis-server` can be found; a test that needs it is skipped without it.
    public static var isInstalled: Bool { (try? locate()) != nil }

    /// What a skipped test says.
    public static let missingNote: Comment =
        "redis-server is not installed: apt-get install redis-server (or set REDIS_SERVER) to run this test"

    /// Starts a server on a free loopback port and waits until it answers `PING`.
    /// - Parameter password: the password it asks for; none by default.
    /// - Returns: the running server.
    /// - Throws: ``StartError`` when `redis-server` is missing or does not come up.
    public static func start(password: String? = nil) async throws -> RedisTestServer {
        let executable = try locate()
        var lastError: (any Error)?
        // A port found free may be taken before the server binds it: try a few.
        for _ in 0..<5 {
            let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
                "aggregate-redis-\(UUID().uuidString)", isDirectory: true)
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            let server = RedisTestServer(
                executable: executable, port: try freePort(), password: password, folder: folder)
            do {
                try await server.start()
                return server
            } catch {
                server.stop()
                lastError = error
            }
        }
        throw lastError ?? StartError(description: "redis-server did not start")
    }

    /// Starts the server again on the same port, after ``stop()``, and waits until it answers `PING`. It
    /// starts empty.
    /// - Throws: ``StartError`` when it does not come up.
    public func start() async throws {
        let log = folder.appendingPathComponent("redis-\(port).log")
        var arguments = [
            "--port", String(port), "--bind", "127.0.0.1", "--dir", folder.path, "--save", "", "--appendonly", "no",
            "--daemonize", "no", "--logfile", log.path, "--databases", "4",
        ]
        if let password { arguments += ["--requirepass", password] }

        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        do {
            try process.run()
        } catch {
            throw StartError(description: "cannot run \(executable): \(error)")
        }
        lock.withLock { self.process = process }
        let client = try RedisClient(
            RedisConfiguration(
                port: port, password: password, connectTimeout: .seconds(2), commandTimeout: .seconds(2),
                retryInterval: .zero, maxConnections: 1))
        defer { client.close() }
        // Bounds a server that never comes up; a healthy one answers within milliseconds.
        let end = ContinuousClock.now.advanced(by: .seconds(60))
        while ContinuousClock.now < end {
            if (try? await client.send(.ping).string) == "PONG" { return }
            guard process.isRunning else { break }
            try await Task.sleep(for: .milliseconds(20))
        }
        let logged = (try? String(contentsOf: log, encoding: .utf8)) ?? ""
        let lastLine = logged.split(separator: "\n").last.map(String.init) ?? "no log"
        stop()
        throw StartError(description: "redis-server did not come up on port \(port): \(lastLine)")
    }

    /// Kills the server, as a crash or an operator would, and waits until it has exited; doing it again does
    /// nothing. It saves nothing, so nothing is lost that a graceful stop would keep, and a graceful stop
    /// waits for its clients.
    public func stop() {
        guard let process = lock.withLock({ self.process.take() }) else { return }
        guard process.isRunning else { return }
        kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
    }

    /// `redis-server` on the usual paths or `PATH`, or `REDIS_SERVER`.
    private static func locate() throws -> String {
        let environment = ProcessInfo.processInfo.environment
        var candidates = [environment["REDIS_SERVER"]].compactMap { $0 }
        candidates += (environment["PATH"] ?? "").split(separator: ":").map { "\($0)/redis-server" }
        candidates += ["/usr/bin/redis-server", "/usr/local/bin/redis-server", "/opt/homebrew/bin/redis-server"]
        if let found = candidates.first(where: { FileManager.default.isExecutableFile(atPath: $0) }) { return found }
        throw StartError(
            description: "redis-server is not installed, and the Redis tests need it: install it "
                + "(apt-get install -y --no-install-recommends redis-server, or brew install redis), "
                + "or set REDIS_SERVER to its path")
    }

    /// A loopback port nothing listens on now.
    private static func freePort() throws -> Int {
        #if canImport(Glibc)
            let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        #else
            let descriptor = socket(AF_INET, SOCK_STREAM, 0)
        #endif
        guard descriptor >= 0 else { throw StartError(description: "cannot open a socket to find a free port") }
        defer { close(descriptor) }
        var address = sockaddr_in()
        #if canImport(Darwin)
            address.sin_len = UInt8(MemoryLayout<sockaddr_in>.size)
        #endif
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = 0
        address.sin_addr.s_addr = in_addr_t(0x7f00_0001).bigEndian
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { generic in
                bind(descriptor, generic, length) == 0 && getsockname(descriptor, generic, &length) == 0
            }
        }
        guard bound else { throw StartError(description: "cannot find a free loopback port") }
        return Int(UInt16(bigEndian: address.sin_port))
    }
}
