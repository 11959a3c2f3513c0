import AggregatorCore
import Foundation
import ProviderKit

#if canImport(Darwin)
    import Darwin
#elseif canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif

/// Runs one program as a child process and measures it on its own: wall time from spawn to exit, and
/// the child's peak resident memory from `wait4`, which reports that child alone (`getrusage` of
/// `RUSAGE_CHILDREN` would give the largest of all children so far, and `Process` waits for its
/// children itself, so their usage is lost).
///
/// Standard input and output are `/dev/null`, so printing to a terminal or a pipe costs nothing;
/// standard error goes to a file and comes back as text, for when the run fails.
enum ChildProcess {
    /// What one run cost and how it ended.
    struct Measurement {
        /// The exit code, or `128 + signal` when a signal ended the child.
        var exitCode: Int32
        /// Seconds from spawn to the end of `wait4`.
        var seconds: Double
        /// The child's peak resident set size, in bytes.
        var peakResidentBytes: Int
        /// What the child wrote to standard error.
        var standardError: String
    }

    /// Errors starting or waiting for the child; a child that fails is a measurement, not an error.
    struct LaunchError: Error, CustomStringConvertible {
        /// What went wrong, naming the program.
        var description: String
    }

    /// Runs `executable` to completion.
    /// - Parameters:
    ///   - executable: the program: a path, or a bare name looked up in `PATH`.
    ///   - arguments: its arguments, without the program name.
    ///   - environment: its whole environment.
    ///   - scratch: a folder for the file that collects standard error.
    /// - Returns: the measurement.
    /// - Throws: ``LaunchError`` when the program cannot be started or waited for.
    static func run(
        _ executable: String, arguments: [String], environment: [String: String], scratch: URL
    ) throws -> Measurement {
        let errorPath = scratch.appendingPathComponent("stderr-\(getpid()).txt").path
        defer { unlink(errorPath) }

        #if canImport(Darwin)
            var actions: posix_spawn_file_actions_t?
        #else
            var actions = posix_spawn_file_actions_t()
        #endif
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 2, errorPath, O_WRONLY | O_CREAT | O_TRUNC, 0o600)

        let argv = ([executable] + arguments).map { strdup($0) } + [nil]
        let envp = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer {
            for pointer in argv { free(pointer) }
            for pointer in envp { free(pointer) }
        }

        let clock = ContinuousClock()
        let start = clock.now
        var pid: pid_t = 0
        let spawned = posix_spawnp(&pid, executable, &actions, nil, argv, envp)
        guard spawned == 0 else {
            throw LaunchError(description: "cannot start \(executable): \(String(cString: strerror(spawned)))")
        }
        var status: Int32 = 0
        var usage = rusage()
        while wait4(pid, &status, 0, &usage) < 0 {
            guard errno == EINTR else {
                throw LaunchError(description: "cannot wait for \(executable): \(String(cString: strerror(errno)))")
            }
        }
        let elapsed = clock.now - start

        #if canImport(Darwin)
            let peak = Int(usage.ru_maxrss)  // bytes on Darwin
        #else
            let peak = Int(usage.ru_maxrss) * 1024  // kilobytes on Linux
        #endif
        let signal = status & 0x7F
        let exitCode = signal == 0 ? (status >> 8) & 0xFF : 128 + signal
        let errorText = (try? String(contentsOfFile: errorPath, encoding: .utf8)) ?? ""
        return Measurement(
            exitCode: exitCode, seconds: elapsed.inSeconds, peakResidentBytes: peak, standardError: errorText)
    }
}
