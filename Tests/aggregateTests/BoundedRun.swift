import Foundation
import Testing

@testable import AggregateCLI

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// One run of the built binary that could hang or balloon: what it printed, how it ended, and the most
/// memory it held.
struct BoundedRun: Sendable {
    var status: Int32
    var stdout: String
    var stderr: String
    /// Whether it was still running at the time limit and had to be killed.
    var killed: Bool
    /// The process's peak resident memory, in bytes.
    var peakMemory: Int

    var stderrLines: [String] { stderr.split(separator: "\n").map(String.init) }

    /// The standard output parsed as a JSON object.
    func json() throws -> [String: Any] {
        let object = try JSONSerialization.jsonObject(with: Data(stdout.utf8))
        return try #require(object as? [String: Any])
    }
}

extension Binary {
    /// Runs the binary as ``run(_:environment:)`` does, but kills it at `limit` instead of waiting for ever
    /// (a hang is then a failed expectation, not a stuck test run) and reports its peak memory, which only
    /// the parent that reaps a process can read (`wait4`), so it is spawned and reaped here, not through
    /// `Process`.
    /// - Parameters:
    ///   - arguments: the arguments.
    ///   - environment: variables added to the clean environment.
    ///   - limit: how long it may run.
    /// - Returns: the run.
    static func runBounded(
        _ arguments: [String], environment: [String: String] = [:], limit: Duration = .seconds(60)
    ) async throws -> BoundedRun {
        await slots.acquire()
        let result = await withCheckedContinuation { continuation in
            DispatchQueue.global().async {
                continuation.resume(
                    returning: Result { try spawnAndReap(arguments, environment: environment, limit: limit) })
            }
        }
        await slots.release()
        return try result.get()
    }

    private struct SpawnError: Error, CustomStringConvertible {
        var description: String
    }

    private static func spawnAndReap(
        _ arguments: [String], environment: [String: String], limit: Duration
    ) throws -> BoundedRun {
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent(
            "aggregate-run-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: scratch) }
        let home = scratch.appendingPathComponent("home")
        let outPath = scratch.appendingPathComponent("stdout").path
        let errPath = scratch.appendingPathComponent("stderr").path

        var variables = ["PATH": "/usr/bin:/bin", "LANG": "C.UTF-8", "HOME": home.path]
        variables.merge(environment) { $1 }
        let argv = [url.path] + arguments
        let envp = variables.map { "\($0.key)=\($0.value)" }

        #if canImport(Glibc)
            var actions = posix_spawn_file_actions_t()
        #else
            var actions: posix_spawn_file_actions_t?
        #endif
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, outPath, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        posix_spawn_file_actions_addopen(&actions, 2, errPath, O_WRONLY | O_CREAT | O_TRUNC, 0o600)

        var pid: pid_t = 0
        let spawned = ExternalRun.withCStrings(argv) { argvPointers in
            ExternalRun.withCStrings(envp) { envPointers in
                posix_spawn(&pid, url.path, &actions, nil, argvPointers, envPointers)
            }
        }
        guard spawned == 0 else { throw SpawnError(description: "posix_spawn failed: \(spawned)") }

        let deadline = ContinuousClock.now.advanced(by: limit)
        var status: Int32 = 0
        var usage = rusage()
        var killed = false
        while true {
            let reaped = wait4(pid, &status, WNOHANG, &usage)
            if reaped == pid { break }
            if reaped < 0, errno != EINTR { throw SpawnError(description: "wait4 failed: \(errno)") }
            if !killed, ContinuousClock.now >= deadline {
                kill(pid, SIGKILL)
                killed = true
            }
            usleep(10_000)
        }
        let exitStatus = (status & 0x7F) == 0 ? (status >> 8) & 0xFF : 128 + (status & 0x7F)
        #if canImport(Darwin)
            let peak = Int(usage.ru_maxrss)  // bytes on Darwin
        #else
            let peak = Int(usage.ru_maxrss) * 1024  // kibibytes on Linux
        #endif
        return BoundedRun(
            status: exitStatus,
            stdout: String(decoding: FileManager.default.contents(atPath: outPath) ?? Data(), as: UTF8.self),
            stderr: String(decoding: FileManager.default.contents(atPath: errPath) ?? Data(), as: UTF8.self),
            killed: killed, peakMemory: peak)
    }
}
