import Foundation
import ProviderKit

/// A `text/event-stream` body read into its events, as the HTML standard's server-sent events define them:
/// lines end in CR LF, LF or CR; a line starting with `:` is a comment; `field: value` lines set a field (one
/// space after the colon is dropped); `data` lines join with line feeds; a blank line ends an event. Fields
/// other than `event`, `data` and `id` are ignored, and an event without data is never dispatched.
///
/// An event the stream stops in the middle of is dispatched only when its data is complete JSON, so that a
/// server that leaves out the last blank line is still understood and a cut-off message never is.
///
/// The same framing is written by ``Event/encoded`` and ``comment(_:)``: what the MCP client reads, the
/// servers and the test server write.
package struct EventStream {
    /// One event.
    package struct Event: Equatable, Sendable {
        /// Its type, `message` when the stream does not name one.
        package var type: String
        /// Its data lines, joined with line feeds.
        package var data: String
        /// Its id, when it has one.
        package var id: String?

        /// Creates an event.
        /// - Parameters:
        ///   - type: its type.
        ///   - data: its data; each of its lines travels as a `data` line of its own.
        ///   - id: its id, when it has one.
        package init(type: String = "message", data: String, id: String? = nil) {
            self.type = type
            self.data = data
            self.id = id
        }

        /// The event as a stream carries it: its `event` line, its `id` line when it has an id, a `data` line
        /// for each line of its data (split at CR LF, LF or CR) and the blank line that ends it.
        package var encoded: [UInt8] {
            EventStream.encode(type: type, id: id, data: Array(data.utf8))
        }
    }

    /// The events, in order.
    package let events: [Event]

    /// Reads a whole stream's body.
    /// - Parameter body: the body, as it arrived.
    package init(_ body: Data) {
        var reader = Reader()
        events = reader.read(body) + reader.finish()
    }

    /// Writes one event of data that is already bytes, such as a JSON-RPC message: see ``Event/encoded``.
    /// - Parameters:
    ///   - type: the event's type.
    ///   - id: its id, when it has one.
    ///   - data: its data.
    /// - Returns: the event's bytes.
    package static func encode(type: String = "message", id: String? = nil, data: some Collection<UInt8>) -> [UInt8] {
        var bytes = Array("event: \(type)\n".utf8)
        if let id { bytes += Array("id: \(id)\n".utf8) }
        for line in lines(of: data) {
            bytes += Array("data: ".utf8)
            bytes += line
            bytes.append(lineFeed)
        }
        bytes.append(lineFeed)
        return bytes
    }

    /// A comment: a line the reader skips, which keeps a quiet connection alive. Each line of `text` is a
    /// comment line of its own, and a blank line follows.
    /// - Parameter text: what the comment says.
    /// - Returns: the comment's bytes.
    package static func comment(_ text: String) -> [UInt8] {
        var bytes: [UInt8] = []
        for line in lines(of: Array(text.utf8)) {
            bytes += Array(": ".utf8)
            bytes += line
            bytes.append(lineFeed)
        }
        bytes.append(lineFeed)
        return bytes
    }

    /// The lines of `bytes`, split at CR LF, LF or CR; no bytes are one empty line.
    private static func lines(of bytes: some Collection<UInt8>) -> [ArraySlice<UInt8>] {
        let bytes = Array(bytes)
        var lines: [ArraySlice<UInt8>] = []
        var start = 0
        var index = 0
        while index < bytes.count {
            switch bytes[index] {
            case carriageReturn:
                lines.append(bytes[start..<index])
                index += index + 1 < bytes.count && bytes[index + 1] == lineFeed ? 2 : 1
                start = index
            case lineFeed:
                lines.append(bytes[start..<index])
                index += 1
                start = index
            default:
                index += 1
            }
        }
        lines.append(bytes[start..<bytes.count])
        return lines
    }

    private static let lineFeed: UInt8 = 0x0A
    private static let carriageReturn: UInt8 = 0x0D

    /// Reads a stream as its bytes arrive, in chunks cut anywhere: inside a line, inside a character, between
    /// the CR and LF of one line break.
    package struct Reader: Sendable {
        /// The bytes of the line being read.
        private var line: [UInt8] = []
        /// Whether the last byte read was a CR, so that a LF right after it ends no second line.
        private var afterCarriageReturn = false
        private var type = ""
        private var data: [String] = []
        private var id: String?

        /// Creates a reader at the start of a stream.
        package init() {}

        /// Reads the stream's next bytes.
        /// - Parameter bytes: the bytes, as they arrived.
        /// - Returns: the events they complete, in order.
        package mutating func read(_ bytes: some Sequence<UInt8>) -> [Event] {
            var events: [Event] = []
            for byte in bytes {
                if afterCarriageReturn {
                    afterCarriageReturn = false
                    if byte == EventStream.lineFeed { continue }
                }
                switch byte {
                case EventStream.carriageReturn:
                    afterCarriageReturn = true
                    endLine(into: &events)
                case EventStream.lineFeed:
                    endLine(into: &events)
                default:
                    line.append(byte)
                }
            }
            return events
        }

        /// Ends the stream: the line it stopped in is read, and the event it stopped in is dispatched when its
        /// data is complete JSON.
        /// - Returns: that event, if any.
        package mutating func finish() -> [Event] {
            if !line.isEmpty {
                field(String(decoding: line, as: UTF8.self))
                line = []
            }
            var events: [Event] = []
            let pending = data.joined(separator: "\n")
            if !data.isEmpty, (try? JSONDocument.read(Data(pending.utf8)) { _ in true }) == true {
                dispatch(into: &events)
            }
            type = ""
            data = []
            return events
        }

        private mutating func endLine(into events: inout [Event]) {
            if line.isEmpty {
                dispatch(into: &events)
            } else {
                field(String(decoding: line, as: UTF8.self))
                line.removeAll(keepingCapacity: true)
            }
        }

        private mutating func dispatch(into events: inout [Event]) {
            if !data.isEmpty {
                events.append(Event(type: type.isEmpty ? "message" : type, data: data.joined(separator: "\n"), id: id))
            }
            type = ""
            data = []
        }

        private mutating func field(_ line: String) {
            guard line.first != ":" else { return }
            let field: Substring
            var value: Substring
            if let colon = line.firstIndex(of: ":") {
                field = line[..<colon]
                value = line[line.index(after: colon)...]
                if value.first == " " { value = value.dropFirst() }
            } else {
                field = Substring(line)
                value = ""
            }
            switch field {
            case "event": type = String(value)
            case "data": data.append(String(value))
            case "id": id = String(value)
            default: break
            }
        }
    }
}
