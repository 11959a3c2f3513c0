import Foundation
import ProviderKit

/// A `text/event-stream` body read into its events, as the HTML standard's server-sent events define them:
/// lines end in CR LF, LF or CR; a line starting with `:` is a comment; `field: value` lines set a field (one
/// space after the colon is dropped); `data` lines join with line feeds; a blank line ends an event. Fields
/// other than `event`, `data` and `id` are ignored, and an event without data is never dispatched.
///
/// An event the stream stops in the middle of is dispatched only when its data is complete JSON, so that a
/// server that leaves out the last blank line is still understood and a cut-off message never is.
struct EventStream {
    /// One event.
    struct Event: Equatable {
        /// Its type, `message` when the stream does not name one.
        var type: String
        /// Its data lines, joined with line feeds.
        var data: String
        /// Its id, when it has one.
        var id: String?
    }

    /// The events, in order.
    let events: [Event]

    /// Reads a stream's body.
    /// - Parameter body: the body, as it arrived.
    init(_ body: Data) {
        var events: [Event] = []
        var type = ""
        var data: [String] = []
        var id: String?
        func dispatch() {
            if !data.isEmpty {
                events.append(Event(type: type.isEmpty ? "message" : type, data: data.joined(separator: "\n"), id: id))
            }
            type = ""
            data = []
        }
        let text = String(decoding: body, as: UTF8.self)
        var lines = text.split(omittingEmptySubsequences: false) { $0 == "\n" || $0 == "\r" || $0 == "\r\n" }
        // The text after the last line break is a line the stream stopped in.
        let unfinished = lines.popLast().map(String.init) ?? ""
        for line in lines {
            if line.isEmpty {
                dispatch()
                continue
            }
            Self.read(line, type: &type, data: &data, id: &id)
        }
        if !unfinished.isEmpty { Self.read(Substring(unfinished), type: &type, data: &data, id: &id) }
        let pending = data.joined(separator: "\n")
        if !data.isEmpty, (try? JSONDocument.read(Data(pending.utf8)) { _ in true }) == true { dispatch() }
        self.events = events
    }

    private static func read(_ line: Substring, type: inout String, data: inout [String], id: inout String?) {
        guard line.first != ":" else { return }
        let field: Substring
        var value: Substring
        if let colon = line.firstIndex(of: ":") {
            field = line[..<colon]
            value = line[line.index(after: colon)...]
            if value.first == " " { value = value.dropFirst() }
        } else {
            field = line
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
