import AggregatorCore
import Foundation
import HTTPServer
import ProviderKit

/// The body of every error `aggregate serve` answers with: `aggregate.error.v1`, the status and one line
/// saying what is wrong and what to do. For a bad parameter, the line is the one the command line prints
/// for the same mistake.
///
/// ```json
/// {"schema": "aggregate.error.v1", "status": 400,
///  "message": "error: '--adults' takes a whole number from 1 to 9, got 'two'. See 'aggregate search --help'."}
/// ```
package enum ServeErrorDocument {
    /// The document's `schema`.
    package static let schema = "aggregate.error.v1"

    /// A response carrying the document.
    /// - Parameters:
    ///   - status: the status.
    ///   - message: the line.
    ///   - headers: further header fields.
    /// - Returns: the response.
    package static func response(_ status: Int, _ message: String, headers: HeaderFields = [:]) -> ServerResponse {
        var json = JSONWriter(style: .compact)
        json.object { json in
            json.key("schema")
            json.string(schema)
            json.key("status")
            json.int(status)
            json.key("message")
            json.string(message)
        }
        var fields = headers
        fields["Content-Type"] = "application/json"
        fields["Cache-Control"] = "no-store"
        return ServerResponse(status: status, headers: fields, body: .bytes(json.bytes + [0x0A]))
    }
}
