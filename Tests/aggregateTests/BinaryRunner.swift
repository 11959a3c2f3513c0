import Foundation
import Testing

/// What one run of the built `aggregate` binary printed and returned.
struct BinaryRun: Sendable {
    var status: Int32
    var stdout: String
    var stderr: String
    /// From the process's start to its exit.
    var duration: Duration = .zero

    var stdoutLines: [String] { stdout.split(separator: "\n", omittingEmptySubsequences: false).map(String.init) }
    var stderrLines: [String] { stderr.split(separator: "\n").map(String.init) }

    /// The standard output parsed as a JSON object.
    func json() throws -> [String: Any] {
        let object = try JSONSerialization.jsonObject(with: Data(stdout.utf8))
        return try #require(object as? [String: Any])
    }
}

/// Runs the `aggregate` executable that `swift build` put next to the test bundle, with a clean
/// environment so that the developer's own settings cannot change the results.
enum Binary {
    static var url: URL {
        #if os(macOS)
            let products = Bundle.allBundles.first { $0.bundlePath.hasSuffix(".xctest") }?.bundleURL
                .deletingLastPathComponent()
            return (products ?? Bundle.main.bundleURL).appendingPathComponent("aggregate")
        #else
            return Bundle.main.bundleURL.appendingPathComponent("aggregate")
        #endif
    }

    /// Runs the binary to completion. The waiting happens on a Dispatch thread, not on the test's: a
    /// test blocked on a child process would hold one of the few threads Swift concurrency runs every
    /// other test on, and the timing of those tests would suffer for it.
    /// At most three runs at a time: forking the test process is costly, and dozens of forks at once
    /// stall a small machine long enough to upset the timing of every other test. Waiting for a slot
    /// suspends the test without holding a thread.
    static let slots = ProcessSlots(3)

    /// Runs the binary to completion. The waiting happens on a Dispatch thread, not on the test's: a
    /// test blocked on a child process would hold one of the few threads Swift concurrency runs every
    /// other test on, and the timing of those tests would suffer for it.
    static func run(_ arguments: [String], environment: [String: String] = [:]) async throws -> BinaryRun {
        await slots.acquire()
        let result = await withCheckedContinuation { continuation in
            DispatchQueue.global().async {
                continuation.resume(returning: Result { try runWaiting(arguments, environment: environment) })
            }
        }
        await slots.release()
        return try result.get()
    }

    private static func runWaiting(_ arguments: [String], environment: [String: String]) throws -> BinaryRun {
        let process = Process()
        process.executableURL = url
        process.arguments = arguments
        // A home of its own per run, so that no run reads the cache, config or favourites another left,
        // nor the developer's; a test that wants state to carry over passes HOME or XDG_* itself.
        let home = FileManager.default.temporaryDirectory.appendingPathComponent("aggregate-home-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: home) }
        var base = ["PATH": "/usr/bin:/bin", "LANG": "C.UTF-8", "HOME": home.path]
        base.merge(environment) { $1 }
        process.environment = base
        let out = Pipe()
        let err = Pipe()
        process.standardOutput = out
        process.standardError = err
        process.standardInput = FileHandle.nullDevice
        let started = ContinuousClock.now
        try process.run()
        // Read both pipes while the process runs, so a large output cannot fill a pipe and stall it.
        let group = DispatchGroup()
        let buffers = Buffers()
        DispatchQueue.global().async(group: group) { buffers.setOut(out.fileHandleForReading.readDataToEndOfFile()) }
        DispatchQueue.global().async(group: group) { buffers.setErr(err.fileHandleForReading.readDataToEndOfFile()) }
        process.waitUntilExit()
        group.wait()
        return BinaryRun(
            status: process.terminationStatus, stdout: String(decoding: buffers.out, as: UTF8.self),
            stderr: String(decoding: buffers.err, as: UTF8.self), duration: ContinuousClock.now - started)
    }

    private final class Buffers: @unchecked Sendable {
        private let lock = NSLock()
        private var outData = Data()
        private var errData = Data()
        var out: Data { lock.withLock { outData } }
        var err: Data { lock.withLock { errData } }
        func setOut(_ data: Data) { lock.withLock { outData = data } }
        func setErr(_ data: Data) { lock.withLock { errData = data } }
    }
}

/// A folder under the temporary directory that is removed when the test is done with it.
final class TemporaryFolder {
    let url: URL

    init() throws {
        url = FileManager.default.temporaryDirectory.appendingPathComponent("aggregate-tests-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    deinit { try? FileManager.default.removeItem(at: url) }

    @discardableResult
    func write(_ name: String, _ contents: String) throws -> URL {
        let file = url.appendingPathComponent(name)
        try Data(contents.utf8).write(to: file)
        return file
    }
}

/// A counting semaphore for tasks: `acquire` suspends instead of blocking a thread.
actor ProcessSlots {
    private var free: Int
    private var waiting: [CheckedContinuation<Void, Never>] = []

    init(_ count: Int) { free = count }

    func acquire() async {
        if free > 0 {
            free -= 1
            return
        }
        await withCheckedContinuation { waiting.append($0) }
    }

    func release() {
        if waiting.isEmpty {
            free += 1
        } else {
            waiting.removeFirst().resume()
        }
    }
}
