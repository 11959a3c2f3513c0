import Foundation
import Testing

@testable import AggregateCLI
@testable import AggregateEngine

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
    ///
    /// On Linux the binary is started and reaped by a small Python process (``reaper``) rather than by this
    /// one: a process's peak memory counts the memory of the process it was forked from, up to its `exec`,
    /// and the test runner holds hundreds of megabytes; a run's peak would read as the runner's.
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
        let result = scratch.appendingPathComponent("reaped").path
        #if os(Linux)
            let program = "/usr/bin/python3"
            let argv = [program, "-c", reaper, result, url.path] + arguments
        #else
            let program = url.path
            let argv = [url.path] + arguments
        #endif
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
        // A group of its own, so that the time limit kills the reaper and the binary together.
        #if canImport(Glibc)
            var attributes = posix_spawnattr_t()
        #else
            var attributes: posix_spawnattr_t?
        #endif
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETPGROUP))
        posix_spawnattr_setpgroup(&attributes, 0)

        var pid: pid_t = 0
        let spawned = ExternalRun.withCStrings(argv) { argvPointers in
            ExternalRun.withCStrings(envp) { envPointers in
                posix_spawn(&pid, program, &actions, &attributes, argvPointers, envPointers)
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
                kill(-pid, SIGKILL)
                killed = true
            }
            usleep(10_000)
        }
        #if canImport(Darwin)
            var peak = Int(usage.ru_maxrss)  // bytes on Darwin
        #else
            var peak = Int(usage.ru_maxrss) * 1024  // kibibytes on Linux
        #endif
        #if os(Linux)
            // The reaper's word on the binary, when it lived to give it: its wait status and peak in KiB.
            let reaped = (try? String(contentsOfFile: result, encoding: .utf8))?.split(separator: " ")
                .compactMap { Int32($0) }
            if let reaped, reaped.count == 2 {
                status = reaped[0]
                peak = Int(reaped[1]) * 1024
            } else {
                peak = 0
            }
        #endif
        let exitStatus = (status & 0x7F) == 0 ? (status >> 8) & 0xFF : 128 + (status & 0x7F)
        return BoundedRun(
            status: exitStatus,
            stdout: String(decoding: FileManager.default.contents(atPath: outPath) ?? Data(), as: UTF8.self),
            stderr: String(decoding: FileManager.default.contents(atPath: errPath) ?? Data(), as: UTF8.self),
            killed: killed, peakMemory: peak)
    }

    /// Forks and runs the binary, waits for it, and writes its wait status and peak memory (KiB) to the file
    /// named first: `python3 -c reaper RESULT PROGRAM ARGUMENT…`.
    private static let reaper = """
        import os, sys
        result, program = sys.argv[1], sys.argv[2]
        pid = os.fork()
        if pid == 0:
            try:
                os.execv(program, sys.argv[2:])
            finally:
                os._exit(127)
        _, status, usage = os.wait4(pid, 0)
        with open(result, "w") as f:
            f.write("%d %d" % (status, usage.ru_maxrss))
        """
}
