import Foundation

/// Runs a shell installed on the machine, for the tests that load a completion script in it.
enum ShellRunner {
    /// The shell's executable, found as `command -v` would: on `PATH`, then in the usual folders; `nil` when
    /// it is not installed.
    /// - Parameter name: `bash`, `zsh` or `fish`.
    static func path(of name: String) -> URL? {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? ""
        let folders =
            path.split(separator: ":").map(String.init) + ["/usr/local/bin", "/opt/homebrew/bin", "/usr/bin", "/bin"]
        return folders.lazy.map { URL(fileURLWithPath: $0).appendingPathComponent(name) }
            .first { FileManager.default.isExecutableFile(atPath: $0.path) }
    }

    /// Whether the shell is installed.
    static func has(_ name: String) -> Bool { path(of: name) != nil }

    /// Runs the shell to completion with a clean environment and no input, waiting on a Dispatch thread (as
    /// ``Binary/run(_:environment:)`` does, and sharing its slots).
    /// - Parameters:
    ///   - shell: the shell's executable.
    ///   - arguments: its arguments.
    ///   - home: the `HOME` it sees, so that no user's settings change what it does.
    /// - Returns: what it printed and its status.
    static func run(_ shell: URL, _ arguments: [String], home: URL) async throws -> BinaryRun {
        await Binary.slots.acquire()
        let result = await withCheckedContinuation { continuation in
            DispatchQueue.global().async {
                continuation.resume(returning: Result { try runWaiting(shell, arguments, home: home) })
            }
        }
        await Binary.slots.release()
        return try result.get()
    }

    private static func runWaiting(_ shell: URL, _ arguments: [String], home: URL) throws -> BinaryRun {
        let process = Process()
        process.executableURL = shell
        process.arguments = arguments
        process.environment = [
            "PATH": "/usr/local/bin:/usr/bin:/bin", "LANG": "C.UTF-8", "HOME": home.path,
            "XDG_CONFIG_HOME": home.path, "XDG_DATA_HOME": home.path, "XDG_CACHE_HOME": home.path,
        ]
        let output = TemporaryOutput()
        process.standardOutput = output.out
        process.standardError = output.err
        process.standardInput = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        return BinaryRun(
            status: process.terminationStatus, stdout: output.text(output.out), stderr: output.text(output.err))
    }

    /// Standard output and error as files, so that a full pipe can never stall the shell.
    private final class TemporaryOutput {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("aggregate-shell-\(UUID())")
        let out: FileHandle
        let err: FileHandle

        init() {
            try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            out = Self.file(folder.appendingPathComponent("out"))
            err = Self.file(folder.appendingPathComponent("err"))
        }

        deinit { try? FileManager.default.removeItem(at: folder) }

        private static func file(_ url: URL) -> FileHandle {
            _ = FileManager.default.createFile(atPath: url.path, contents: nil)
            return (try? FileHandle(forUpdating: url)) ?? FileHandle.nullDevice
        }

        func text(_ handle: FileHandle) -> String {
            try? handle.seek(toOffset: 0)
            return String(decoding: (try? handle.readToEnd()) ?? Data(), as: UTF8.self)
        }
    }
}
