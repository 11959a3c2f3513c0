import Foundation
import Testing

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// `aggregate mcp` running as a child process that a test talks to: messages go to its standard input one
/// a line, and its standard output is read line by line as it arrives, so a test can wait for the answer
/// to one request while others are still running.
///
/// Waits poll in short slices up to a limit meant to rule out a hang (a minute), never to measure speed.
/// Starting the process and writing to it happen on Dispatch threads, as in `Binary.run`: a fork or a
/// full pipe must not hold one of the few threads every other test runs on.
final class MCPServerProcess: @unchecked Sendable {
    /// How long any wait lasts before the test gives up: long enough for the slowest machine, short
    /// enough that a hang fails instead of stalling the suite.
    static let patience: Duration = .seconds(60)

    private let process = Process()
    private let input = Pipe()
    private let lock = NSLock()
    private var lines: [String] = []
    private var consumed = 0
    private var errorText = ""
    private var inputClosed = false
    /// Whether the server's standard output has ended, every line of it read.
    private var outputEnded = false
    private let home: URL
    private let writes = DispatchQueue(label: "MCPServerProcess.stdin")

    /// Starts the server with a clean environment and a home of its own, as `Binary.run` does, taking one
    /// of `Binary`'s slots while it forks.
    /// - Parameters:
    ///   - arguments: arguments after `mcp`.
    ///   - environment: variables to add, such as `AGGREGATE_KIWI_ENDPOINT`.
    ///   - errorReadable: `false` to give the server a standard error nobody reads: a pipe whose reading end
    ///     is closed, as a client that hangs up on it leaves it.
    static func start(
        arguments: [String] = [], environment: [String: String] = [:], errorReadable: Bool = true
    ) async throws -> MCPServerProcess {
        await Binary.slots.acquire()
        let started = await withCheckedContinuation { continuation in
            DispatchQueue.global().async {
                continuation.resume(
                    returning: Result {
                        try MCPServerProcess(
                            arguments: arguments, environment: environment, errorReadable: errorReadable)
                    })
            }
        }
        await Binary.slots.release()
        return try started.get()
    }

    private init(arguments: [String], environment: [String: String], errorReadable: Bool) throws {
        home = FileManager.default.temporaryDirectory.appendingPathComponent("aggregate-home-\(UUID().uuidString)")
        process.executableURL = Binary.url
        process.arguments = ["mcp"] + arguments
        var base = ["PATH": "/usr/bin:/bin", "LANG": "C.UTF-8", "HOME": home.path]
        base.merge(environment) { $1 }
        process.environment = base
        let output = Pipe()
        let error = Pipe()
        process.standardInput = input
        process.standardOutput = output
        process.standardError = error
        // A server that has exited must fail a write with an error, not end the test process.
        signal(SIGPIPE, SIG_IGN)
        try process.run()
        // Threads of their own, not Dispatch's shared pool: these reads block for the whole session, and
        // a few sessions at once could otherwise take every thread the pool has on a small machine.
        Thread { [self] in
            Self.readLines(from: output.fileHandleForReading) { line in lock.withLock { lines.append(line) } }
            lock.withLock { outputEnded = true }
        }.start()
        if errorReadable {
            Thread { [self] in
                Self.readLines(from: error.fileHandleForReading) { line in lock.withLock { errorText += line + "\n" } }
            }.start()
        } else {
            try error.fileHandleForReading.close()
        }
    }

    deinit {
        if process.isRunning { process.terminate() }
        try? FileManager.default.removeItem(at: home)
    }

    private static func readLines(from handle: FileHandle, _ deliver: (String) -> Void) {
        var pending = Data()
        while true {
            let chunk = handle.availableData
            if chunk.isEmpty { break }
            pending.append(chunk)
            while let newline = pending.firstIndex(of: 0x0A) {
                deliver(String(decoding: pending[pending.startIndex..<newline], as: UTF8.self))
                pending.removeSubrange(pending.startIndex...newline)
            }
        }
        if !pending.isEmpty { deliver(String(decoding: pending, as: UTF8.self)) }
    }

    /// Sends one line as it is.
    /// - Throws: when the server no longer reads its input.
    func send(line: String) async throws {
        let handle = input.fileHandleForWriting
        let data = Data((line + "\n").utf8)
        let written = await withCheckedContinuation { continuation in
            writes.async { continuation.resume(returning: Result { try handle.write(contentsOf: data) }) }
        }
        try written.get()
    }

    /// Sends one message, serialized on one line.
    func send(_ message: [String: Any]) async throws {
        let data = try JSONSerialization.data(withJSONObject: message, options: [.sortedKeys])
        try await send(line: String(decoding: data, as: UTF8.self))
    }

    /// Sends a request.
    func request(_ id: Any, _ method: String, _ params: [String: Any]? = nil) async throws {
        var message: [String: Any] = ["jsonrpc": "2.0", "id": id, "method": method]
        if let params { message["params"] = params }
        try await send(message)
    }

    /// Sends a notification: a message without an id.
    func notify(_ method: String, _ params: [String: Any]? = nil) async throws {
        var message: [String: Any] = ["jsonrpc": "2.0", "method": method]
        if let params { message["params"] = params }
        try await send(message)
    }

    /// The next line of output not yet taken, parsed as a JSON object.
    /// - Throws: when none arrives in time or it is not a JSON object.
    func nextMessage() async throws -> [String: Any] {
        let deadline = ContinuousClock.now + Self.patience
        while ContinuousClock.now < deadline {
            let line: String? = lock.withLock {
                guard consumed < lines.count else { return nil }
                consumed += 1
                return lines[consumed - 1]
            }
            if let line {
                let object = try JSONSerialization.jsonObject(with: Data(line.utf8))
                return try #require(object as? [String: Any], "not a JSON object: \(line)")
            }
            if lock.withLock({ outputEnded && consumed == lines.count }) {
                throw MCPTestTimeout(waitingFor: "a message; the server closed its output. stderr: \(standardError)")
            }
            try await Task.sleep(for: .milliseconds(20))
        }
        throw MCPTestTimeout(waitingFor: "a message; stderr so far: \(standardError)")
    }

    /// Sends a request and waits for the next message, which must be its answer.
    func call(_ id: Int, _ method: String, _ params: [String: Any]? = nil) async throws -> [String: Any] {
        try await request(id, method, params)
        let answer = try await nextMessage()
        #expect(answer["id"] as? Int == id)
        return answer
    }

    /// Every line of output, once the server has closed its standard output.
    /// - Throws: when the output is still open after the wait.
    func allOutputLines() async throws -> [String] {
        let deadline = ContinuousClock.now + Self.patience
        while ContinuousClock.now < deadline {
            if let all = lock.withLock({ outputEnded ? lines : nil }) { return all }
            try await Task.sleep(for: .milliseconds(20))
        }
        throw MCPTestTimeout(waitingFor: "the server to close its output")
    }

    /// Standard error so far.
    var standardError: String { lock.withLock { errorText } }

    /// Waits until standard error holds `text`.
    /// - Throws: when it does not in time.
    func waitForError(containing text: String) async throws {
        let deadline = ContinuousClock.now + Self.patience
        while ContinuousClock.now < deadline {
            if standardError.contains(text) { return }
            try await Task.sleep(for: .milliseconds(20))
        }
        throw MCPTestTimeout(waitingFor: "'\(text)' on stderr; stderr so far: \(standardError)")
    }

    /// Closes the server's standard input, after what was sent before: the end of the session.
    func closeInput() {
        let first = lock.withLock {
            defer { inputClosed = true }
            return !inputClosed
        }
        let handle = input.fileHandleForWriting
        if first { writes.async { try? handle.close() } }
    }

    /// Waits for the process to exit.
    /// - Returns: its exit status.
    /// - Throws: when it is still running after the wait.
    func exitStatus() async throws -> Int32 {
        let deadline = ContinuousClock.now + Self.patience
        while process.isRunning {
            guard ContinuousClock.now < deadline else { throw MCPTestTimeout(waitingFor: "the server to exit") }
            try await Task.sleep(for: .milliseconds(20))
        }
        return process.terminationStatus
    }
}

/// A wait in a test that ran out.
struct MCPTestTimeout: Error, CustomStringConvertible {
    var waitingFor: String
    var description: String { "gave up waiting for \(waitingFor)" }
}
