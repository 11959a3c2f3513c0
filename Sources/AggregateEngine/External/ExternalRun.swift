import AggregatorCore
import Foundation
import ProviderKit

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// One run of an outside program: started with `posix_spawn` in a session (and so a process group) of its
/// own, fed its input on standard input, its standard output collected up to a cap and the tail of its
/// standard error kept as a log, and stopped when it overruns.
///
/// Rules:
/// - Only the environment given reaches the program; its signals start at their defaults and unblocked.
/// - It gets standard input, output and error and no other descriptor (``ExternalProcessTree``).
/// - Its input is written on a thread that blocks `SIGPIPE`, so a program that does not read it costs an
///   `EPIPE`, never the tool.
/// - At the deadline, or when ``requestStop()`` is called (task cancellation, the tool's exit), the whole
///   process group gets `SIGTERM`, and `SIGKILL` after ``grace`` if anything is still running.
/// - Output beyond the cap stops the program at once with `SIGKILL`: the answer is refused anyway.
/// - When the program has ended, whatever it started and left running is killed (its session, its group,
///   their descendants and what the tool adopted of them: ``ExternalProcessTree/sweep(session:)``), so
///   that nothing it started outlives it or holds its output open; what it wrote before is still read.
///   How many were left after a program exited by itself is part of the outcome, which
///   `aggregate provider check` judges.
/// - Waiting happens on a thread of its own, never on one of Swift concurrency's few threads.
package final class ExternalRun: @unchecked Sendable {
    /// How a run ended.
    package enum Ending: Sendable, Equatable {
        /// It exited by itself with this status.
        case exited(Int32)
        /// A signal it did not catch ended it (not one of ours).
        case signalled(Int32)
        /// It was still running at the deadline and was stopped.
        case deadline
        /// It was stopped because its caller gave up (cancellation).
        case cancelled
        /// It wrote more than the cap and was stopped.
        case outputTooLarge
        /// It could not be started, for this reason.
        case couldNotStart(String)
    }

    /// What a run produced.
    package struct Outcome: Sendable {
        /// How it ended.
        package var ending: Ending
        /// Its standard output, at most the cap.
        package var output: Data
        /// The last lines of its standard error, sanitised, oldest first.
        package var log: [String]
        /// From the start to the end of the run.
        package var duration: Duration
        /// How many processes it had started were still running when it exited by itself, and were killed.
        package var leftRunning = 0

        /// Creates the value from each of its properties, as the memberwise initializer does.
        package init(ending: Ending, output: Data, log: [String], duration: Duration, leftRunning: Int = 0) {
            self.ending = ending
            self.output = output
            self.log = log
            self.duration = duration
            self.leftRunning = leftRunning
        }
    }

    /// How long a program has between `SIGTERM` and `SIGKILL`.
    package static let grace: Duration = .milliseconds(500)
    /// How many lines of standard error are kept.
    package static let logLines = 5
    /// How many bytes of standard error are kept, from the end.
    package static let logBytes = 16 << 10

    private let lock = NSLock()
    private var stopRequested = false

    /// Asks a running program to stop, or one about to start not to run: `SIGTERM`, then `SIGKILL` after
    /// the grace period. Safe to call from any thread, any number of times.
    package func requestStop() { lock.withLock { stopRequested = true } }

    private var isStopRequested: Bool { lock.withLock { stopRequested } }

    /// Serialises creating pipes and spawning, so that no program started at the same moment inherits
    /// another's pipe ends in the instant between `pipe` and marking them close-on-exec.
    private static let spawnLock = NSLock()

    /// Runs a program to its end.
    /// - Parameters:
    ///   - program: the executable's absolute path.
    ///   - arguments: its arguments, without its name.
    ///   - environment: its whole environment.
    ///   - input: what it reads on standard input; the pipe is closed after it.
    ///   - maxOutputBytes: the most standard output accepted.
    ///   - deadline: when it is stopped.
    ///   - children: the runs to stop when the tool exits; this one joins them while it runs.
    /// - Returns: how it ended and what it wrote.
    package static func run(
        program: String, arguments: [String], environment: [String: String], input: Data, maxOutputBytes: Int,
        deadline: ContinuousClock.Instant, children: ExternalChildren?
    ) async -> Outcome {
        let run = ExternalRun()
        children?.add(run)
        defer { children?.remove(run) }
        return await withTaskCancellationHandler {
            await withCheckedContinuation { continuation in
                let thread = Thread {
                    // A program that exits without reading its input makes the write fail with EPIPE; blocked
                    // on this thread, SIGPIPE cannot end the whole process, even where the tool is embedded
                    // without ignoring it. A pending one is dropped with the thread.
                    var pipeSignal = sigset_t()
                    sigemptyset(&pipeSignal)
                    sigaddset(&pipeSignal, SIGPIPE)
                    pthread_sigmask(SIG_BLOCK, &pipeSignal, nil)
                    continuation.resume(
                        returning: run.execute(
                            program: program, arguments: arguments, environment: environment, input: input,
                            maxOutputBytes: maxOutputBytes, deadline: deadline))
                }
                thread.name = "aggregate.external"
                thread.start()
            }
        } onCancel: {
            run.requestStop()
        }
    }

    // MARK: - Starting

    private func execute(
        program: String, arguments: [String], environment: [String: String], input: Data, maxOutputBytes: Int,
        deadline: ContinuousClock.Instant
    ) -> Outcome {
        let start = ContinuousClock.now
        func failed(_ reason: String) -> Outcome {
            Outcome(ending: .couldNotStart(reason), output: Data(), log: [], duration: ContinuousClock.now - start)
        }
        if isStopRequested { return Outcome(ending: .cancelled, output: Data(), log: [], duration: .zero) }
        Self.spawnLock.lock()
        guard let standardInput = Self.makePipe() else {
            Self.spawnLock.unlock()
            return failed(Self.systemError(errno))
        }
        guard let standardOutput = Self.makePipe() else {
            Self.spawnLock.unlock()
            Self.close(standardInput.read, standardInput.write)
            return failed(Self.systemError(errno))
        }
        guard let standardError = Self.makePipe() else {
            Self.spawnLock.unlock()
            Self.close(standardInput.read, standardInput.write, standardOutput.read, standardOutput.write)
            return failed(Self.systemError(errno))
        }
        let spawned = Self.spawn(
            program: program, arguments: arguments, environment: environment,
            descriptors: (standardInput.read, standardOutput.write, standardError.write))
        Self.spawnLock.unlock()
        Self.close(standardInput.read, standardOutput.write, standardError.write)
        let pid: pid_t
        switch spawned {
        case .failure(let code):
            Self.close(standardInput.write, standardOutput.read, standardError.read)
            return failed(Self.systemError(code))
        case .success(let id):
            pid = id
        }
        for descriptor in [standardInput.write, standardOutput.read, standardError.read] {
            _ = fcntl(descriptor, F_SETFL, fcntl(descriptor, F_GETFL) | O_NONBLOCK)
        }
        var loop = RunLoopState(
            pid: pid, input: input, inputDescriptor: standardInput.write, outputDescriptor: standardOutput.read,
            errorDescriptor: standardError.read, maxOutputBytes: maxOutputBytes)
        let ending = loop.run(until: deadline, stopRequested: { self.isStopRequested })
        return Outcome(
            ending: ending, output: loop.output, log: Self.lastLines(of: loop.errorTail),
            duration: ContinuousClock.now - start, leftRunning: loop.leftRunning)
    }

    private enum Spawned {
        case success(pid_t)
        case failure(Int32)
    }

    private static func spawn(
        program: String, arguments: [String], environment: [String: String],
        descriptors: (input: Int32, output: Int32, error: Int32)
    ) -> Spawned {
        #if canImport(Glibc)
            var actions = posix_spawn_file_actions_t()
            var attributes = posix_spawnattr_t()
        #else
            var actions: posix_spawn_file_actions_t?
            var attributes: posix_spawnattr_t?
        #endif
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_adddup2(&actions, descriptors.input, STDIN_FILENO)
        posix_spawn_file_actions_adddup2(&actions, descriptors.output, STDOUT_FILENO)
        posix_spawn_file_actions_adddup2(&actions, descriptors.error, STDERR_FILENO)
        #if canImport(Glibc)
            ExternalProcessTree.closeOtherDescriptors(&actions)
        #endif
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        // The tool ignores SIGPIPE; a program must not inherit that, nor any signal mask of this thread.
        var defaults = sigset_t()
        sigemptyset(&defaults)
        for signal in [SIGPIPE, SIGTERM, SIGINT, SIGHUP, SIGQUIT, SIGCHLD, SIGALRM, SIGUSR1, SIGUSR2] {
            sigaddset(&defaults, signal)
        }
        posix_spawnattr_setsigdefault(&attributes, &defaults)
        var mask = sigset_t()
        sigemptyset(&mask)
        posix_spawnattr_setsigmask(&attributes, &mask)
        // A session, and so a group, of its own, so that stopping it stops whatever it started too.
        posix_spawnattr_setflags(
            &attributes,
            Int16(Int32(POSIX_SPAWN_SETSIGDEF | POSIX_SPAWN_SETSIGMASK) | ExternalProcessTree.spawnFlags))
        let argv = [program] + arguments
        let envp = environment.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }
        let started = ExternalProcessTree.starting { () -> Result<pid_t, ExternalProcessTree.SpawnFailure> in
            var pid: pid_t = 0
            let result = withCStrings(argv) { argvPointers in
                withCStrings(envp) { envPointers in
                    posix_spawn(&pid, program, &actions, &attributes, argvPointers, envPointers)
                }
            }
            return result == 0 ? .success(pid) : .failure(ExternalProcessTree.SpawnFailure(code: result))
        }
        switch started {
        case .success(let pid): return .success(pid)
        case .failure(let failure): return .failure(failure.code)
        }
    }

    /// Calls `body` with a NULL-terminated array of C strings, as `posix_spawn` takes arguments and
    /// environments.
    package static func withCStrings<Result>(
        _ strings: [String], _ body: ([UnsafeMutablePointer<CChar>?]) -> Result
    ) -> Result {
        let pointers = strings.map { strdup($0) } + [nil]
        defer { pointers.forEach { free($0) } }
        return body(pointers)
    }

    /// A pipe whose ends are closed on `exec`, so that only the program they were made for gets them (as
    /// its standard descriptors, by `dup2`); made under ``spawnLock``, so no spawn of ours sees them open.
    private static func makePipe() -> (read: Int32, write: Int32)? {
        var descriptors: [Int32] = [-1, -1]
        guard pipe(&descriptors) == 0 else { return nil }
        _ = fcntl(descriptors[0], F_SETFD, FD_CLOEXEC)
        _ = fcntl(descriptors[1], F_SETFD, FD_CLOEXEC)
        return (descriptors[0], descriptors[1])
    }

    private static func close(_ descriptors: Int32...) {
        for descriptor in descriptors where descriptor >= 0 {
            #if canImport(Glibc)
                _ = Glibc.close(descriptor)
            #else
                _ = Darwin.close(descriptor)
            #endif
        }
    }

    private static func systemError(_ code: Int32) -> String {
        String(cString: strerror(code)).lowercased()
    }

    /// The last non-blank lines of a log, each a printable excerpt.
    private static func lastLines(of tail: Data) -> [String] {
        let lines = String(decoding: tail, as: UTF8.self).split(whereSeparator: { $0 == "\n" || $0 == "\r\n" })
        return lines.map { PrintableText.excerpt(String($0), limit: 200) }.filter { !$0.isEmpty }.suffix(logLines)
            .map { $0 }
    }

    // MARK: - Waiting

    /// The state of one run's waiting loop, on its own thread.
    private struct RunLoopState {
        let pid: pid_t
        let input: Data
        var inputDescriptor: Int32
        var outputDescriptor: Int32
        var errorDescriptor: Int32
        let maxOutputBytes: Int
        var inputOffset = 0
        var output = Data()
        var errorTail = Data()
        /// Why the program is being stopped, once it is.
        var stopping: Ending?
        var killAt: ContinuousClock.Instant?
        var killed = false
        /// Whether the program has been reaped; ``status`` is its wait status when it could be read.
        var exited = false
        var status: Int32?
        var drainUntil: ContinuousClock.Instant?
        /// How many processes it left running when it exited by itself.
        var leftRunning = 0

        init(
            pid: pid_t, input: Data, inputDescriptor: Int32, outputDescriptor: Int32, errorDescriptor: Int32,
            maxOutputBytes: Int
        ) {
            self.pid = pid
            self.input = input
            self.inputDescriptor = inputDescriptor
            self.outputDescriptor = outputDescriptor
            self.errorDescriptor = errorDescriptor
            self.maxOutputBytes = maxOutputBytes
            if input.isEmpty { closeInput() }
        }

        mutating func run(until deadline: ContinuousClock.Instant, stopRequested: () -> Bool) -> Ending {
            while true {
                let now = ContinuousClock.now
                if !exited {
                    if stopping == nil, stopRequested() {
                        stop(.cancelled, now: now)
                    } else if stopping == nil, now >= deadline {
                        stop(.deadline, now: now)
                    }
                    if let killAt, now >= killAt, !killed {
                        signalGroup(SIGKILL)
                        killed = true
                    }
                    reapIfExited(now: now)
                }
                if exited, let drainUntil,
                    (outputDescriptor < 0 && errorDescriptor < 0) || now >= drainUntil
                {
                    break
                }
                waitForData()
            }
            ExternalRun.close(inputDescriptor, outputDescriptor, errorDescriptor)
            if let stopping { return stopping }
            // Reaped by someone else in this process: it ended, how is unknown.
            guard let status else { return .signalled(0) }
            if status & 0x7F == 0 { return .exited((status >> 8) & 0xFF) }
            return .signalled(status & 0x7F)
        }

        private mutating func stop(_ reason: Ending, now: ContinuousClock.Instant) {
            stopping = reason
            signalGroup(SIGTERM)
            killAt = now.advanced(by: ExternalRun.grace)
        }

        private func signalGroup(_ signal: Int32) {
            _ = kill(-pid, signal)
        }

        /// Reaps the program once it has exited, then kills what it left running, so that no leftover can
        /// outlive it or hold its output open; its session and group keep the leader's id, which is not
        /// reused while any member lives.
        private mutating func reapIfExited(now: ContinuousClock.Instant) {
            var raw: Int32 = 0
            let reaped = waitpid(pid, &raw, WNOHANG)
            guard reaped == pid || (reaped < 0 && errno == ECHILD) else { return }
            exited = true
            status = reaped == pid ? raw : nil
            ExternalProcessTree.ended(pid)
            let swept = ExternalProcessTree.sweep(session: pid)
            // What a program that was stopped had started is stopped with it, not left behind by it.
            if stopping == nil { leftRunning = swept }
            closeInput()
            drainUntil = now.advanced(by: .milliseconds(250))
        }

        /// Waits up to a short tick for any pipe to be ready, and moves what is ready.
        private mutating func waitForData() {
            var watched: [pollfd] = []
            if outputDescriptor >= 0 { watched.append(pollfd(fd: outputDescriptor, events: Int16(POLLIN), revents: 0)) }
            if errorDescriptor >= 0 { watched.append(pollfd(fd: errorDescriptor, events: Int16(POLLIN), revents: 0)) }
            if inputDescriptor >= 0 { watched.append(pollfd(fd: inputDescriptor, events: Int16(POLLOUT), revents: 0)) }
            // A short tick: the deadline, a stop request and the program's exit are noticed within it.
            let tick: Int32 = exited ? 10 : 25
            if watched.isEmpty {
                usleep(UInt32(tick) * 1000)
                return
            }
            guard poll(&watched, nfds_t(watched.count), tick) > 0 else { return }
            for entry in watched where entry.revents != 0 {
                if entry.fd == outputDescriptor {
                    readOutput()
                } else if entry.fd == errorDescriptor {
                    readLog()
                } else if entry.fd == inputDescriptor {
                    writeInput()
                }
            }
        }

        private mutating func readOutput() {
            var buffer = [UInt8](repeating: 0, count: 64 << 10)
            while outputDescriptor >= 0 {
                let count = read(outputDescriptor, &buffer, buffer.count)
                if count > 0 {
                    let room = maxOutputBytes - output.count
                    output.append(contentsOf: buffer[0..<min(count, max(room, 0))])
                    if count > room {
                        if stopping == nil { stopping = .outputTooLarge }
                        signalGroup(SIGKILL)
                        killed = true
                        ExternalRun.close(outputDescriptor)
                        outputDescriptor = -1
                    }
                } else if count == 0 || (errno != EINTR && errno != EAGAIN && errno != EWOULDBLOCK) {
                    ExternalRun.close(outputDescriptor)
                    outputDescriptor = -1
                } else if errno != EINTR {
                    return
                }
            }
        }

        private mutating func readLog() {
            var buffer = [UInt8](repeating: 0, count: 16 << 10)
            while errorDescriptor >= 0 {
                let count = read(errorDescriptor, &buffer, buffer.count)
                if count > 0 {
                    errorTail.append(contentsOf: buffer[0..<count])
                    if errorTail.count > ExternalRun.logBytes {
                        errorTail = Data(errorTail.suffix(ExternalRun.logBytes))
                    }
                } else if count == 0 || (errno != EINTR && errno != EAGAIN && errno != EWOULDBLOCK) {
                    ExternalRun.close(errorDescriptor)
                    errorDescriptor = -1
                } else if errno != EINTR {
                    return
                }
            }
        }

        private mutating func writeInput() {
            while inputDescriptor >= 0, inputOffset < input.count {
                let written = input.withUnsafeBytes { bytes in
                    write(inputDescriptor, bytes.baseAddress.map { $0 + inputOffset }, input.count - inputOffset)
                }
                if written > 0 {
                    inputOffset += written
                } else if written < 0, errno == EINTR {
                    continue
                } else if written < 0, errno == EAGAIN || errno == EWOULDBLOCK {
                    return
                } else {
                    // The program closed its standard input (EPIPE): it does not want the rest.
                    break
                }
            }
            closeInput()
        }

        private mutating func closeInput() {
            ExternalRun.close(inputDescriptor)
            inputDescriptor = -1
        }
    }
}
