import Foundation

/// What a command run for a tool call printed: its standard output (the JSON document) and its standard
/// error (warnings and notes), kept apart from the server's own streams.
final class MCPCapturedOutput: @unchecked Sendable {
    private let lock = NSLock()
    private var out: [UInt8] = []
    private var error = ""

    /// A console that writes here, without colour or progress lines.
    var console: Console {
        Console(
            writeOut: { text in self.lock.withLock { self.out.append(contentsOf: text.utf8) } },
            writeError: { text in self.lock.withLock { self.error += text } },
            colors: false, errorIsTerminal: false)
    }

    /// The standard output so far.
    var standardOutput: [UInt8] { lock.withLock { out } }

    /// The standard error so far, one entry a line.
    var errorLines: [String] {
        lock.withLock { error.split(separator: "\n").map(String.init) }
    }
}
