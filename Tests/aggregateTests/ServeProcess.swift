import Foundation
import Testing

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// `aggregate serve` running as a child process on a free loopback port, asked over real HTTP with
/// `URLSession`. Its standard error (one JSON line a request) is read as it arrives; ``stop()`` sends
/// SIGTERM and waits for the exit.
///
/// Waits poll in short slices up to ``patience``, a bound that rules out a hang, never a measure of speed.
final class ServeProcess: @unchecked Sendable {
    /// How long any wait lasts before the test gives up.
    static let patience: Duration = .seconds(60)

    private let process = Process()
    private let lock = NSLock()
    private var errorLines: [String] = []
    private var errorEnded = false
    private let home: URL
    /// The port it listens on.
    private(set) var port = 0

    /// `http://127.0.0.1:PORT`.
    var baseURL: URL {
        var components = URLComponents()
        components.scheme = "http"
        components.host = "127.0.0.1"
        components.port = port
        return components.url ?? URL(fileURLWithPath: "/")
    }

    /// Starts the server and waits until it says where it listens.
    /// - Parameters:
    ///   - arguments: arguments after `serve`; `--listen 127.0.0.1:0` is added unless one is given.
    ///   - environment: variables to add.
    /// - Throws: when it does not start listening in time.
    static func start(arguments: [String] = [], environment: [String: String] = [:]) async throws -> ServeProcess {
        await Binary.slots.acquire()
        let started = await withCheckedContinuation { continuation in
            DispatchQueue.global().async {
                continuation.resume(
                    returning: Result { try ServeProcess(arguments: arguments, environment: environment) })
            }
        }
        await Binary.slots.release()
        let server = try started.get()
        let deadline = ContinuousClock.now + patience
        while ContinuousClock.now < deadline {
            if let line = server.lines.first(where: { $0.contains("\"event\":\"listening\"") }),
                let address = try server.object(line)["address"] as? String,
                let port = Int(address.split(separator: ":").last ?? "")
            {
                server.port = port
                return server
            }
            if server.hasEnded { break }
            try await Task.sleep(for: .milliseconds(20))
        }
        server.forceStop()
        throw ServeFailure(
            description: "aggregate serve did not start listening: \(server.lines.joined(separator: "\n"))")
    }

    private init(arguments: [String], environment: [String: String]) throws {
        home = FileManager.default.temporaryDirectory.appendingPathComponent("aggregate-home-\(UUID().uuidString)")
        process.executableURL = Binary.url
        let listen = arguments.contains("--listen") ? [] : ["--listen", "127.0.0.1:0"]
        process.arguments = ["serve"] + listen + arguments
        var base = ["PATH": "/usr/bin:/bin", "LANG": "C.UTF-8", "HOME": home.path]
        base.merge(environment) { $1 }
        process.environment = base
        let error = Pipe()
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = FileHandle.nullDevice
        process.standardError = error
        try process.run()
        Thread { [self] in
            let handle = error.fileHandleForReading
            var pending = Data()
            while true {
                let chunk = handle.availableData
                if chunk.isEmpty { break }
                pending.append(chunk)
                while let newline = pending.firstIndex(of: 0x0A) {
                    let line = String(decoding: pending[pending.startIndex..<newline], as: UTF8.self)
                    lock.withLock { errorLines.append(line) }
                    pending.removeSubrange(pending.startIndex...newline)
                }
            }
            lock.withLock { errorEnded = true }
        }.start()
    }

    deinit {
        forceStop()
        try? FileManager.default.removeItem(at: home)
    }

    /// Every line of standard error so far.
    var lines: [String] { lock.withLock { errorLines } }

    private var hasEnded: Bool { lock.withLock { errorEnded } }

    /// Parses a line as a JSON object.
    func object(_ line: String) throws -> [String: Any] {
        try #require(JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any], "not JSON: \(line)")
    }

    /// Sends SIGTERM and waits for the process to exit.
    /// - Returns: its exit status.
    /// - Throws: when it does not exit in time.
    func stop() async throws -> Int32 {
        kill(process.processIdentifier, SIGTERM)
        let deadline = ContinuousClock.now + Self.patience
        while process.isRunning, ContinuousClock.now < deadline { try await Task.sleep(for: .milliseconds(20)) }
        guard !process.isRunning else {
            forceStop()
            throw ServeFailure(description: "aggregate serve did not exit after SIGTERM")
        }
        // Every line is read once standard error has ended.
        while !hasEnded, ContinuousClock.now < deadline { try await Task.sleep(for: .milliseconds(20)) }
        return process.terminationStatus
    }

    private func forceStop() {
        if process.isRunning {
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
        }
    }

    /// Sends a request and reads the whole answer.
    /// - Parameters:
    ///   - path: the path and query, such as `/v1/search?from=VIE`.
    ///   - method: the method.
    ///   - headers: header fields.
    ///   - body: the body.
    /// - Returns: the status, header fields and body.
    func request(
        _ path: String, method: String = "GET", headers: [String: String] = [:], body: Data? = nil
    ) async throws -> ServeReply {
        guard let url = URL(string: baseURL.absoluteString + path) else {
            throw ServeFailure(description: "not a path: \(path)")
        }
        var request = URLRequest(url: url)
        request.httpMethod = method
        request.httpBody = body
        request.timeoutInterval = 60
        for (name, value) in headers { request.setValue(value, forHTTPHeaderField: name) }
        let (data, response) = try await Self.session.data(for: request)
        let http = try #require(response as? HTTPURLResponse)
        var fields: [String: String] = [:]
        for (name, value) in http.allHeaderFields {
            if let name = name as? String, let value = value as? String { fields[name.lowercased()] = value }
        }
        return ServeReply(status: http.statusCode, headers: fields, body: data)
    }

    /// One session for every test: no cache, no cookies, no proxy.
    static let session: URLSession = {
        let configuration = URLSessionConfiguration.ephemeral
        configuration.connectionProxyDictionary = [:]
        configuration.urlCache = nil
        configuration.httpMaximumConnectionsPerHost = 16
        return URLSession(configuration: configuration)
    }()
}

/// An answer of `aggregate serve`.
struct ServeReply {
    /// The status.
    var status: Int
    /// The header fields, names in lower case.
    var headers: [String: String]
    /// The body.
    var body: Data

    /// The body as text.
    var text: String { String(decoding: body, as: UTF8.self) }

    /// The body as a JSON object.
    func json() throws -> [String: Any] {
        try #require(JSONSerialization.jsonObject(with: body) as? [String: Any], "not a JSON object: \(text)")
    }
}

/// Why a server could not be used.
struct ServeFailure: Error, CustomStringConvertible {
    var description: String
}
