import Foundation
import Testing

/// What the binary wrote to a pseudo-terminal: standard output and error together, as the user sees them.
struct TerminalOutput: Sendable {
    /// The bytes as the terminal received them (line breaks as `\r\n`).
    var bytes: [UInt8]

    /// The text, with the terminal's `\r\n` turned back into `\n`.
    var text: String { String(decoding: bytes, as: UTF8.self).replacingOccurrences(of: "\r\n", with: "\n") }

    /// The lines of ``text``.
    var lines: [String] { text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init) }

    /// Every character that would steer a terminal, after removing the sequences the tool writes on purpose
    /// (`erasing`): ESC, BEL and the other C0 controls but line breaks, DEL, C1 controls (U+0080–U+009F, which
    /// a terminal may take as CSI and friends) and bidirectional overrides.
    func steeringCharacters(erasing own: [String] = ["\r\u{1B}[2K"]) -> [Unicode.Scalar] {
        var text = String(decoding: bytes, as: UTF8.self)
        for sequence in own { text = text.replacingOccurrences(of: sequence, with: "") }
        return text.unicodeScalars.filter { scalar in
            switch scalar.value {
            case 0x0A, 0x0D: false
            case 0x00...0x1F, 0x7F...0x9F, 0x202A...0x202E, 0x2066...0x2069: true
            default: false
            }
        }
    }
}

/// Runs the built binary on a pseudo-terminal of a given size, or in a shell for pipes and redirections.
enum TerminalRunner {
    /// Runs `aggregate ARGUMENTS` on a pseudo-terminal through util-linux's `script`.
    /// - Parameters:
    ///   - arguments: the arguments.
    ///   - columns: the terminal's width, set with `stty` so the binary reads it from `TIOCGWINSZ`; `0`
    ///     leaves the terminal without a size, as some terminals and CI runners are.
    ///   - environment: extra variables.
    /// - Returns: what reached the terminal.
    static func run(
        _ arguments: [String], columns: Int = 80, environment: [String: String] = [:]
    ) async throws -> TerminalOutput {
        let command = ([Binary.url.path] + arguments).map(quoted).joined(separator: " ")
        let data = try await launch(
            Binary.script, ["-qefc", "stty cols \(columns) rows 24 2>/dev/null; exec \(command)", "/dev/null"],
            environment: ["TERM": "xterm", "SHELL": "/bin/sh"].merging(environment) { $1 })
        return TerminalOutput(bytes: Array(data.stdout))
    }

    /// Runs a `bash` command line in which `"$AGGREGATE"` is the built binary, for pipes and redirections.
    /// - Parameters:
    ///   - script: the command line.
    ///   - environment: extra variables.
    /// - Returns: bash's exit status, standard output and error.
    static func shell(_ script: String, environment: [String: String] = [:]) async throws -> BinaryRun {
        let result = try await launch(
            "/bin/bash", ["-c", script], environment: ["AGGREGATE": Binary.url.path].merging(environment) { $1 })
        return BinaryRun(
            status: result.status, stdout: String(decoding: result.stdout, as: UTF8.self),
            stderr: String(decoding: result.stderr, as: UTF8.self))
    }

    /// `'text'`, quoted for a POSIX shell.
    static func quoted(_ text: String) -> String {
        "'" + text.replacingOccurrences(of: "'", with: "'\\''") + "'"
    }

    /// Runs a program to completion on a Dispatch thread, within the binary tests' process slots.
    private static func launch(
        _ program: String, _ arguments: [String], environment: [String: String]
    ) async throws -> (status: Int32, stdout: Data, stderr: Data) {
        await Binary.slots.acquire()
        let result = await withCheckedContinuation { continuation in
            DispatchQueue.global().async {
                continuation.resume(
                    returning: Result { try launchWaiting(program, arguments, environment: environment) })
            }
        }
        await Binary.slots.release()
        return try result.get()
    }

    private static func launchWaiting(
        _ program: String, _ arguments: [String], environment: [String: String]
    ) throws -> (status: Int32, stdout: Data, stderr: Data) {
        let home = FileManager.default.temporaryDirectory.appendingPathComponent("aggregate-home-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: home) }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: program)
        process.arguments = arguments
        process.environment = ["PATH": "/usr/bin:/bin", "LANG": "C.UTF-8", "HOME": home.path, "NO_COLOR": "1"]
            .merging(environment) { $1 }
        let output = Pipe()
        let error = Pipe()
        process.standardOutput = output
        process.standardError = error
        process.standardInput = FileHandle.nullDevice
        try process.run()
        let group = DispatchGroup()
        let collected = Collected()
        DispatchQueue.global().async(group: group) {
            collected.set(out: output.fileHandleForReading.readDataToEndOfFile())
        }
        DispatchQueue.global().async(group: group) {
            collected.set(err: error.fileHandleForReading.readDataToEndOfFile())
        }
        process.waitUntilExit()
        group.wait()
        return (process.terminationStatus, collected.out, collected.err)
    }

    private final class Collected: @unchecked Sendable {
        private let lock = NSLock()
        private var outData = Data()
        private var errData = Data()
        var out: Data { lock.withLock { outData } }
        var err: Data { lock.withLock { errData } }
        func set(out data: Data) { lock.withLock { outData = data } }
        func set(err data: Data) { lock.withLock { errData = data } }
    }
}

/// Columns a line takes on a terminal, counted independently of the tool's own `DisplayWidth`: East Asian
/// wide characters (the CJK blocks, kana, Hangul, fullwidth forms) two, combining marks none.
func terminalColumns(_ line: String) -> Int {
    line.unicodeScalars.reduce(0) { total, scalar in
        switch scalar.value {
        case 0x0300...0x036F: total
        case 0x1100...0x115F, 0x2E80...0xA4CF, 0xAC00...0xD7A3, 0xF900...0xFAFF, 0xFF00...0xFF60, 0xFFE0...0xFFE6:
            total + 2
        default: total + 1
        }
    }
}
