import AggregatorCore
import Foundation
import HTTPServer
import ProviderKit

/// The server's standard error: one JSON object a line, for each request (``access(_:)``) and each event
/// of the server's life (``event(_:_:)``). A line holds the method, the path without its query, the status
/// and the time taken: never a query, a header field, a body or a token.
package struct ServeLog: Sendable {
    /// Writes one whole line.
    package let write: @Sendable (String) -> Void
    /// The clock for each line's time.
    package var now: @Sendable () -> Date = { Date() }

    /// Logs a request.
    /// - Parameter record: the request as the server saw it.
    package func access(_ record: AccessRecord) {
        line { json in
            json.key("event")
            json.string("request")
            json.key("method")
            json.string(PrintableText.excerpt(record.method, limit: 16))
            json.key("path")
            json.string(PrintableText.excerpt(record.path, limit: 200))
            json.key("status")
            json.int(record.status)
            json.key("ms")
            let parts = record.latency.components
            json.decimal(Decimal(parts.seconds * 1_000_000 + parts.attoseconds / 1_000_000_000_000) / 1000)
            json.key("bytes")
            json.int(record.bytesSent)
            json.key("client")
            json.string(record.remoteAddress)
            if record.incomplete {
                json.key("incomplete")
                json.bool(true)
            }
        }
    }

    /// Logs an event of the server's life, such as `listening`.
    /// - Parameters:
    ///   - name: the event.
    ///   - message: what happened, in words.
    ///   - fields: further fields, as text.
    package func event(_ name: String, _ message: String, fields: [(String, String)] = []) {
        line { json in
            json.key("event")
            json.string(name)
            json.key("message")
            json.string(message)
            for (key, value) in fields {
                json.key(key)
                json.string(value)
            }
        }
    }

    private func line(_ body: (inout JSONWriter) -> Void) {
        var json = JSONWriter(style: .compact)
        let time = now()
        json.object { json in
            json.key("time")
            json.string(Self.timestamp(time))
            body(&json)
        }
        write(json.text + "\n")
    }

    /// `2026-11-26T10:00:00.123Z`.
    private static func timestamp(_ date: Date) -> String {
        date.formatted(Date.ISO8601FormatStyle(includingFractionalSeconds: true))
    }

    /// Creates the value from each of its properties, as the memberwise initializer does.
    package init(write: @escaping @Sendable (String) -> Void, now: @escaping @Sendable () -> Date = { Date() }) {
        self.write = write
        self.now = now
    }
}
