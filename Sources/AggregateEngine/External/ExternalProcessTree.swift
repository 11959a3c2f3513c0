import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// What an outside program is started with and what is left of it afterwards: the descriptors it gets,
/// and the processes it started, found and stopped when it ends.
///
/// Rules:
/// - A program gets standard input, output and error and no other descriptor of the tool's, whatever
///   the tool holds open and whether or not it was opened close-on-exec: the spawn closes every
///   descriptor from 3 up (`posix_spawn_file_actions_addclosefrom_np` on Linux, where the C library has
///   it, else each descriptor listed in `/proc/self/fd`; `POSIX_SPAWN_CLOEXEC_DEFAULT` on macOS).
/// - A program starts in a session of its own, so that whatever it starts stays in that session unless it
///   makes a session of its own in turn.
/// - On Linux the tool is a child subreaper (`PR_SET_CHILD_SUBREAPER`) once it has started a program: a
///   process a program started and left behind, even one that made a session of its own and whose parent
///   has exited, becomes the tool's child rather than init's, and so can be found.
/// - When a program has ended, ``sweep(session:)`` kills, with `SIGKILL`, every process of its session
///   and of its process group, every descendant of those, and every child the tool adopted that is none
///   of its own programs and not of its own session; then it reaps the adopted ones. It repeats until
///   nothing is left, as a process being killed may have been forking. On macOS, where none of this can
///   be found, the program's process group is killed instead.
package enum ExternalProcessTree {
    // MARK: - Descriptors

    #if canImport(Glibc)
        /// Adds to a spawn's actions the closing of every descriptor from 3 up; call it after the `dup2`
        /// actions that set up standard input, output and error. (On macOS ``spawnFlags`` does this.)
        /// - Parameter actions: the spawn's file actions.
        package static func closeOtherDescriptors(_ actions: UnsafeMutablePointer<posix_spawn_file_actions_t>) {
            if let closeFrom = closeFromAction {
                _ = closeFrom(actions, 3)
                return
            }
            // An older C library: each descriptor open now. One opened after this listing by another thread
            // is close-on-exec, as everything the tool opens is.
            for descriptor in openDescriptors() where descriptor > 2 {
                posix_spawn_file_actions_addclose(actions, descriptor)
            }
        }
    #endif

    /// The spawn flags this file adds: a session of its own, and on macOS every descriptor not set up by
    /// the file actions closed.
    package static var spawnFlags: Int32 {
        #if canImport(Darwin)
            Int32(POSIX_SPAWN_SETSID | POSIX_SPAWN_CLOEXEC_DEFAULT)
        #else
            // POSIX_SPAWN_SETSID, a GNU extension the Glibc module does not import.
            0x80
        #endif
    }

    #if canImport(Glibc)
        private typealias FileActions = UnsafeMutablePointer<posix_spawn_file_actions_t>
        private typealias CloseFrom = @convention(c) (FileActions, Int32) -> Int32

        /// `posix_spawn_file_actions_addclosefrom_np`, in glibc from 2.34; looked up at run time, so that the
        /// tool also runs on an older one.
        private static let closeFromAction: CloseFrom? = dlsym(nil, "posix_spawn_file_actions_addclosefrom_np")
            .map { unsafeBitCast($0, to: CloseFrom.self) }

        /// The descriptors this process has open, from `/proc/self/fd`.
        package static func openDescriptors() -> [Int32] {
            guard let directory = opendir("/proc/self/fd") else { return [] }
            defer { closedir(directory) }
            let own = dirfd(directory)
            var found: [Int32] = []
            while let entry = readdir(directory) {
                let name = withUnsafePointer(to: &entry.pointee.d_name) { tuple in
                    tuple.withMemoryRebound(to: CChar.self, capacity: MemoryLayout.size(ofValue: tuple.pointee)) {
                        String(cString: $0)
                    }
                }
                if let descriptor = Int32(name), descriptor != own { found.append(descriptor) }
            }
            return found
        }
    #endif

    // MARK: - Processes

    private static let lock = NSLock()
    // Under `lock`: the programs running now, by pid, and whether the tool is a subreaper yet.
    nonisolated(unsafe) private static var programs: Set<pid_t> = []
    nonisolated(unsafe) private static var isSubreaper = false

    /// Starts a program and notes it, under the lock a sweep holds while it looks, so that no sweep can
    /// see a program that has started and not been noted yet, and take it for something left behind. On
    /// Linux the tool becomes a subreaper first, once, so that even a program's first orphan is adopted.
    /// - Parameter spawn: starts the program; its pid, or the error number.
    /// - Returns: what `spawn` returned.
    package static func starting(_ spawn: () -> Result<pid_t, SpawnFailure>) -> Result<pid_t, SpawnFailure> {
        lock.withLock {
            #if os(Linux)
                if !isSubreaper {
                    isSubreaper = true
                    typealias ProcessControl = @convention(c) (Int32, UInt, UInt, UInt, UInt) -> Int32
                    if let symbol = dlsym(nil, "prctl") {
                        // PR_SET_CHILD_SUBREAPER
                        _ = unsafeBitCast(symbol, to: ProcessControl.self)(36, 1, 0, 0, 0)
                    }
                }
            #endif
            let result = spawn()
            if case .success(let pid) = result { programs.insert(pid) }
            return result
        }
    }

    /// Why a program could not be started: the error number.
    package struct SpawnFailure: Error {
        package var code: Int32
    }

    /// Notes that a program has ended and been reaped.
    package static func ended(_ pid: pid_t) {
        _ = lock.withLock { programs.remove(pid) }
    }

    /// Kills what a program left: see the type's rules.
    /// - Parameter session: the program's pid, which is its session's and its process group's id.
    /// - Returns: how many processes were still running and were killed.
    package static func sweep(session: pid_t) -> Int {
        #if os(Linux)
            var killed = Set<pid_t>()
            var adopted = Set<pid_t>()
            let tool = getpid()
            let toolSession = getsid(0)
            // A process being killed may have been forking: look again until a look finds nothing new.
            for round in 0..<50 {
                // Under the lock: every program started by then is noted, and none starts meanwhile.
                lock.lock()
                let running = programs
                let table = processTable()
                var targets = Set<pid_t>()
                for entry in table.values where entry.pid != tool && !running.contains(entry.pid) {
                    if entry.session == session || entry.group == session {
                        targets.insert(entry.pid)
                    } else if entry.parent == tool, entry.session != toolSession, running.isEmpty {
                        // Adopted: only while no other program runs, whose leftovers it could be.
                        targets.insert(entry.pid)
                        adopted.insert(entry.pid)
                    }
                }
                // Their descendants, however deep.
                var grew = true
                while grew {
                    grew = false
                    for entry in table.values where !targets.contains(entry.pid) && targets.contains(entry.parent) {
                        if entry.pid != tool, !running.contains(entry.pid) {
                            targets.insert(entry.pid)
                            grew = true
                        }
                    }
                }
                let alive = targets.filter { table[$0]?.state != "Z" }
                for pid in alive { kill(pid, SIGKILL) }
                lock.unlock()
                killed.formUnion(alive)
                adopted.formUnion(targets.filter { table[$0]?.parent == tool })
                if alive.isEmpty { break }
                if round > 0 { usleep(2_000) }
            }
            reap(adopted)
            return killed.count
        #else
            kill(-session, SIGKILL)
            return 0
        #endif
    }

    #if os(Linux)
        /// Reaps the children of the tool that were killed, so that none stays a zombie: at most a second's
        /// wait in all, as `SIGKILL` ends a process at once.
        private static func reap(_ children: Set<pid_t>) {
            var left = children
            for _ in 0..<100 where !left.isEmpty {
                for pid in left {
                    var status: Int32 = 0
                    let result = waitpid(pid, &status, WNOHANG)
                    if result == pid || (result < 0 && errno == ECHILD) { left.remove(pid) }
                }
                if !left.isEmpty { usleep(10_000) }
            }
        }

        /// One line of `/proc/<pid>/stat`, the fields a sweep needs.
        package struct Entry {
            package var pid: pid_t
            package var state: Character
            package var parent: pid_t
            package var group: pid_t
            package var session: pid_t

            /// Creates the value from each of its properties, as the memberwise initializer does.
            package init(pid: pid_t, state: Character, parent: pid_t, group: pid_t, session: pid_t) {
                self.pid = pid
                self.state = state
                self.parent = parent
                self.group = group
                self.session = session
            }
        }

        /// Every process visible in `/proc`, by pid.
        package static func processTable() -> [pid_t: Entry] {
            guard let directory = opendir("/proc") else { return [:] }
            defer { closedir(directory) }
            var table: [pid_t: Entry] = [:]
            while let entry = readdir(directory) {
                let name = withUnsafePointer(to: &entry.pointee.d_name) { tuple in
                    tuple.withMemoryRebound(to: CChar.self, capacity: MemoryLayout.size(ofValue: tuple.pointee)) {
                        String(cString: $0)
                    }
                }
                guard let pid = pid_t(name), let parsed = stat(of: pid) else { continue }
                table[pid] = parsed
            }
            return table
        }

        /// Reads `/proc/<pid>/stat`: `pid (comm) state ppid pgrp session …`, where `comm` may hold spaces and
        /// parentheses, so the fields are read after its last `)`.
        package static func stat(of pid: pid_t) -> Entry? {
            let descriptor = open("/proc/\(pid)/stat", O_RDONLY | O_CLOEXEC)
            guard descriptor >= 0 else { return nil }
            defer { close(descriptor) }
            var buffer = [UInt8](repeating: 0, count: 1024)
            let count = read(descriptor, &buffer, buffer.count)
            guard count > 0, let end = buffer[0..<count].lastIndex(of: UInt8(ascii: ")")) else { return nil }
            let fields = String(decoding: buffer[(end + 1)..<count], as: UTF8.self).split(separator: " ")
            guard fields.count >= 4, let state = fields[0].first, let parent = pid_t(fields[1]),
                let group = pid_t(fields[2]), let session = pid_t(fields[3])
            else { return nil }
            return Entry(pid: pid, state: state, parent: parent, group: group, session: session)
        }
    #endif
}
