import Foundation
import HTTPServer

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// `aggregate serve` under load: N concurrent clients asking one identical search of the release binary over
/// loopback, while the provider behind it (Kiwi's wire format, on a loopback server of this process) takes
/// 300 ms to answer each request. Reports requests per second, p50/p99 latency, the server's peak memory and
/// how many requests reached the provider: with one instance, with two instances sharing a `redis-server`
/// (when one is installed), and through one `aggregate search` process per request.
///
/// `swift build -c release && swift run -c release AggregateBenchmarks serve [--clients 16] [--requests 1000]`
enum ServeBenchmark {
    /// Runs the benchmark.
    /// - Parameter arguments: `--clients N`, `--requests N`, `--process-requests N`.
    /// - Returns: the exit status.
    static func run(arguments: [String]) async -> Int32 {
        func value(_ name: String, _ standard: Int) -> Int {
            guard let index = arguments.firstIndex(of: name), index + 1 < arguments.count else { return standard }
            return Int(arguments[index + 1]) ?? standard
        }
        let clients = value("--clients", 16)
        let requests = value("--requests", 1000)
        let processRequests = value("--process-requests", 200)
        guard let binary = sibling("aggregate") else {
            print("no release 'aggregate' binary next to this benchmark; build it first: swift build -c release")
            return 1
        }
        let upstream: SocketServer
        let counter = UpstreamCounter()
        do {
            upstream = try SocketServer(
                configuration: HTTPServerConfiguration(host: "127.0.0.1", port: 0), responder: counter)
        } catch {
            print("cannot start the provider: \(error)")
            return 1
        }
        let endpoint = "kiwi=http://127.0.0.1:\(upstream.port)"
        let path = "/v1/search?providers=kiwi&from=VIE&to=BCN&date=2026-12-18"
        print(
            "aggregate serve under load: \(clients) clients, \(requests) identical searches, "
                + "provider answers in 300 ms")
        print("| setup | requests/s | p50 | p99 | peak memory | provider requests per 1,000 |")
        print("| --- | --- | --- | --- | --- | --- |")
        do {
            let home = FileManager.default.temporaryDirectory.appendingPathComponent("aggregate-bench-\(getpid())")
            defer { try? FileManager.default.removeItem(at: home) }
            let one = try Child.serve(binary, ["--endpoint", endpoint], home: home)
            counter.reset()
            let result = await load(ports: [one.port], path: path, clients: clients, requests: requests)
            report("one instance", result, memory: [one.peakMemory()], upstream: counter.count, requests: requests)
            one.stop()

            if let redisPath = sibling("redis-server", searchPath: true) {
                let port = Int.random(in: 40_000..<60_000)
                let redis = try Child.start(
                    redisPath, ["--port", String(port), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no"],
                    home: home)
                defer { redis.stop(signal: SIGKILL) }
                try await Task.sleep(for: .milliseconds(300))
                // The instances sign their shared answers with one key of their own.
                let key = home.appendingPathComponent("cache-key")
                try Data(UUID().uuidString.utf8).write(to: key)
                let shared = [
                    "--endpoint", endpoint, "--cache", "redis://127.0.0.1:\(port)/0", "--cache-key-file", key.path,
                ]
                let first = try Child.serve(binary, shared, home: home)
                let second = try Child.serve(binary, shared, home: home)
                counter.reset()
                let result = await load(
                    ports: [first.port, second.port], path: path, clients: clients, requests: requests)
                report(
                    "two instances, one Redis", result, memory: [first.peakMemory(), second.peakMemory()],
                    upstream: counter.count, requests: requests)
                first.stop()
                second.stop()
            } else {
                print("| two instances, one Redis | (redis-server is not installed) | | | | |")
            }

            counter.reset()
            let processes = await processLoad(
                binary, endpoint: endpoint, home: home, clients: clients, requests: processRequests)
            report(
                "one `aggregate search` per request", processes.result, memory: [processes.peak],
                upstream: counter.count, requests: processRequests)
        } catch {
            print("error: \(error)")
            return 1
        }
        return 0
    }

    struct LoadResult {
        var seconds: Double
        var latencies: [Double]
        var failures: Int
    }

    /// Runs `requests` searches, `clients` at a time, spread over the ports.
    static func load(ports: [Int], path: String, clients: Int, requests: Int) async -> LoadResult {
        let configuration = URLSessionConfiguration.ephemeral
        configuration.httpMaximumConnectionsPerHost = clients
        configuration.timeoutIntervalForRequest = 60
        let session = URLSession(configuration: configuration)
        let next = UpstreamCounter()
        let start = ContinuousClock.now
        let results = await withTaskGroup(of: [(Double, Bool)].self) { group in
            for client in 0..<clients {
                group.addTask {
                    var measured: [(Double, Bool)] = []
                    while next.increment() <= requests {
                        let port = ports[client % ports.count]
                        guard let url = URL(string: "http://127.0.0.1:\(port)\(path)") else { break }
                        let began = ContinuousClock.now
                        let answer = try? await session.data(from: url)
                        let status = (answer?.1 as? HTTPURLResponse)?.statusCode
                        measured.append((seconds(ContinuousClock.now - began), status == 200))
                    }
                    return measured
                }
            }
            var all: [(Double, Bool)] = []
            for await part in group { all += part }
            return all
        }
        return LoadResult(
            seconds: seconds(ContinuousClock.now - start), latencies: results.map(\.0).sorted(),
            failures: results.filter { !$0.1 }.count)
    }

    /// Runs `requests` searches as one `aggregate search` process each, `clients` at a time.
    static func processLoad(
        _ binary: String, endpoint: String, home: URL, clients: Int, requests: Int
    ) async -> (result: LoadResult, peak: Int) {
        let next = UpstreamCounter()
        let start = ContinuousClock.now
        let arguments = [
            "search", "--providers", "kiwi", "--endpoint", endpoint, "--from", "VIE", "--to", "BCN", "--date",
            "2026-12-18", "--format", "json",
        ]
        let environment = ["HOME": home.path, "PATH": "/usr/bin:/bin", "NO_COLOR": "1"]
        let results = await withTaskGroup(of: [(Double, Bool, Int)].self) { group in
            for _ in 0..<clients {
                group.addTask {
                    var measured: [(Double, Bool, Int)] = []
                    while next.increment() <= requests {
                        // Waited for on a Dispatch thread: a blocked task would starve the provider's own tasks.
                        let run = await withCheckedContinuation { continuation in
                            DispatchQueue.global().async {
                                continuation.resume(
                                    returning: try? ChildProcess.run(
                                        binary, arguments: arguments, environment: environment, scratch: home))
                            }
                        }
                        measured.append((run?.seconds ?? 0, run?.exitCode == 0, run?.peakResidentBytes ?? 0))
                    }
                    return measured
                }
            }
            var all: [(Double, Bool, Int)] = []
            for await part in group { all += part }
            return all
        }
        return (
            LoadResult(
                seconds: seconds(ContinuousClock.now - start), latencies: results.map(\.0).sorted(),
                failures: results.filter { !$0.1 }.count),
            results.map(\.2).max() ?? 0
        )
    }

    static func report(_ setup: String, _ result: LoadResult, memory: [Int], upstream: Int, requests: Int) {
        func percentile(_ share: Double) -> String {
            guard !result.latencies.isEmpty else { return "-" }
            let index = min(Int((Double(result.latencies.count) * share).rounded(.up)) - 1, result.latencies.count - 1)
            return String(format: "%.0f ms", result.latencies[max(index, 0)] * 1000)
        }
        let rate = Double(result.latencies.count) / max(result.seconds, 0.001)
        let megabytes = memory.map { String(format: "%.0f MB", Double($0) / 1_048_576) }.joined(separator: " + ")
        let perThousand = Double(upstream) * 1000 / Double(max(requests, 1))
        let failures = result.failures == 0 ? "" : " (\(result.failures) failed)"
        print(
            "| \(setup) | \(String(format: "%.0f", rate))\(failures) | \(percentile(0.5)) | \(percentile(0.99)) | "
                + "\(megabytes) | \(String(format: "%.1f", perThousand)) (\(upstream) in all) |")
    }

    static func seconds(_ duration: Duration) -> Double {
        Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
    }

    /// A program next to this one, or on the usual paths.
    static func sibling(_ name: String, searchPath: Bool = false) -> String? {
        let own = Bundle.main.executableURL ?? URL(fileURLWithPath: CommandLine.arguments[0])
        var candidates = [own.resolvingSymlinksInPath().deletingLastPathComponent().appendingPathComponent(name).path]
        if searchPath { candidates += ["/usr/bin/\(name)", "/usr/local/bin/\(name)", "/opt/homebrew/bin/\(name)"] }
        return candidates.first { FileManager.default.isExecutableFile(atPath: $0) }
    }
}

/// The provider: every request is counted and answered after 300 ms with one Kiwi itinerary.
final class UpstreamCounter: HTTPResponder, @unchecked Sendable {
    private let lock = NSLock()
    private var value = 0

    static let body = Array(
        """
        {"currency": "EUR", "search_id": "bench", "_results": 1, "data": [{
          "id": "0a1b2c3d4e5f0000aaaa0001_0", "flyFrom": "VIE", "flyTo": "BCN", "cityFrom": "Vienna",
          "cityTo": "Barcelona", "cityCodeFrom": "VIE", "cityCodeTo": "BCN",
          "dTime": 1797577500, "aTime": 1797587100, "dTimeUTC": 1797573900, "aTimeUTC": 1797583500,
          "price": 155, "conversion": {"EUR": 155}, "airlines": ["OS"],
          "deep_link": "https://www.kiwi.com/deep?flightsId=bench", "route": [{"flyFrom": "VIE", "flyTo": "BCN",
          "dTime": 1797577500, "aTime": 1797587100, "dTimeUTC": 1797573900, "aTimeUTC": 1797583500,
          "airline": "OS", "flight_no": 395, "return": 0}]}]}
        """.utf8)

    var count: Int { lock.withLock { value } }

    func reset() { lock.withLock { value = 0 } }

    /// Counts one and returns the new count.
    func increment() -> Int {
        lock.withLock {
            value += 1
            return value
        }
    }

    func respond(to request: ServerRequest) async -> ServerResponse {
        _ = increment()
        try? await Task.sleep(for: .milliseconds(300))
        return ServerResponse(status: 200, headers: ["Content-Type": "application/json"], body: .bytes(Self.body))
    }
}

/// A child process the benchmark starts and stops.
final class Child: @unchecked Sendable {
    let process = Process()
    private(set) var port = 0

    /// Starts a program with its output on a file.
    static func start(_ path: String, _ arguments: [String], home: URL) throws -> Child {
        let child = Child()
        try FileManager.default.createDirectory(at: home, withIntermediateDirectories: true)
        child.process.executableURL = URL(fileURLWithPath: path)
        child.process.arguments = arguments
        child.process.environment = ["HOME": home.path, "PATH": "/usr/bin:/bin"]
        child.process.standardOutput = FileHandle.nullDevice
        child.process.standardError = FileHandle.nullDevice
        try child.process.run()
        return child
    }

    /// Starts `aggregate serve` on a free port and waits until it listens.
    static func serve(_ binary: String, _ arguments: [String], home: URL) throws -> Child {
        let child = Child()
        try FileManager.default.createDirectory(at: home, withIntermediateDirectories: true)
        let log = home.appendingPathComponent("serve-\(UUID().uuidString).log")
        _ = FileManager.default.createFile(atPath: log.path, contents: nil)
        child.process.executableURL = URL(fileURLWithPath: binary)
        child.process.arguments = ["serve", "--listen", "127.0.0.1:0", "--max-searches", "64"] + arguments
        child.process.environment = ["HOME": home.path, "PATH": "/usr/bin:/bin"]
        child.process.standardOutput = FileHandle.nullDevice
        child.process.standardError = try FileHandle(forWritingTo: log)
        try child.process.run()
        for _ in 0..<500 {
            let text = (try? String(contentsOf: log, encoding: .utf8)) ?? ""
            if let range = text.range(of: #""address":"127.0.0.1:"#) {
                let digits = text[range.upperBound...].prefix { $0.isNumber }
                child.port = Int(digits) ?? 0
                return child
            }
            usleep(20_000)
        }
        child.stop()
        throw CocoaError(.fileReadUnknown)
    }

    /// The peak resident memory so far, from `/proc` (0 where there is none).
    func peakMemory() -> Int {
        let status = (try? String(contentsOfFile: "/proc/\(process.processIdentifier)/status", encoding: .utf8)) ?? ""
        guard let line = status.split(separator: "\n").first(where: { $0.hasPrefix("VmHWM:") }),
            let kilobytes = Int(line.split(separator: " ").dropFirst().first ?? "")
        else { return 0 }
        return kilobytes * 1024
    }

    /// Stops the child with a signal, SIGTERM by default, and waits.
    func stop(signal: Int32 = SIGTERM) {
        guard process.isRunning else { return }
        kill(process.processIdentifier, signal)
        process.waitUntilExit()
    }
}
