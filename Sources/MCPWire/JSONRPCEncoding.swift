import Foundation
import ProviderKit

/// Writes JSON-RPC 2.0 messages: compact, one message without a line break, members always in one order
/// (`jsonrpc`, `id`, `method`, `params` for a call; `jsonrpc`, `id`, `result` or `error` for a response), so
/// that the client, both servers and the test server write the same bytes for the same message.
package enum JSONRPCEncoding {
    /// A request: a call that wants an answer.
    /// - Parameters:
    ///   - id: its id.
    ///   - method: the method called.
    ///   - params: writes the value of `params`.
    /// - Returns: the message.
    package static func request(
        id: JSONRPCID, method: String, params: (inout JSONWriter) throws -> Void
    ) rethrows -> [UInt8] {
        try message(id: .some(id)) { json in
            json.key("method")
            json.string(method)
            json.key("params")
            try params(&json)
        }
    }

    /// A notification: a call that wants no answer.
    /// - Parameters:
    ///   - method: the method called.
    ///   - params: writes the value of `params`; without it the message has none.
    /// - Returns: the message.
    package static func notification(method: String, params: ((inout JSONWriter) -> Void)? = nil) -> [UInt8] {
        message(id: nil) { json in
            json.key("method")
            json.string(method)
            if let params {
                json.key("params")
                params(&json)
            }
        }
    }

    /// A success response whose `result` `body` writes.
    /// - Parameters:
    ///   - id: the request's id, written back exactly as the client wrote it.
    ///   - body: writes the value of `result`.
    /// - Returns: the message.
    package static func result(id: JSONRPCID, _ body: (inout JSONWriter) throws -> Void) rethrows -> [UInt8] {
        try message(id: .some(id)) { json in
            json.key("result")
            try body(&json)
        }
    }

    /// An error response; the id is `null` when the request's could not be read.
    /// - Parameters:
    ///   - id: the request's id.
    ///   - error: the error.
    /// - Returns: the message.
    package static func error(id: JSONRPCID?, _ error: JSONRPCError) -> [UInt8] {
        message(id: .some(id)) { json in
            json.key("error")
            json.object { object in
                object.key("code")
                object.int(error.code)
                object.key("message")
                object.string(error.message)
            }
        }
    }

    /// One message: `jsonrpc`, then `id` unless the message has none (a notification), then what `members`
    /// writes.
    /// - Parameters:
    ///   - id: `nil` for no `id` member; `.some(nil)` for an `id` of `null`.
    ///   - members: writes the message's other members.
    /// - Returns: the message.
    private static func message(
        id: JSONRPCID??, _ members: (inout JSONWriter) throws -> Void
    ) rethrows -> [UInt8] {
        var writer = JSONWriter(style: .compact)
        try writer.object { json in
            json.key("jsonrpc")
            json.string("2.0")
            if let id {
                json.key("id")
                if let id { id.write(to: &json) } else { json.null() }
            }
            try members(&json)
        }
        return writer.bytes
    }
}
