import Foundation
import ProviderKit

/// One line from the client, read as a JSON-RPC 2.0 message: a request, a notification, a response to
/// something the server asked (it asks nothing, so these are ignored), or a message to answer with an error.
package enum JSONRPCMessage: Sendable, Equatable {
    /// A call that wants an answer.
    case request(id: JSONRPCID, method: String, params: MCPValue?)
    /// A call that wants none: nothing is ever written back for it, not even an error.
    case notification(method: String, params: MCPValue?)
    /// A result or error sent to the server.
    case response
    /// A line that cannot be handled, with the id to answer, or `nil` when the id could not be read.
    case invalid(id: JSONRPCID?, JSONRPCError)

    /// How deeply a message may nest; MCP's own messages need a handful of levels.
    package static let maxDepth = 64

    /// Reads one line.
    ///
    /// The rules, from JSON-RPC 2.0 and MCP: a line that is not JSON is a parse error (-32700); a batch (a
    /// top-level array, which MCP no longer uses), a message without `"jsonrpc": "2.0"`, an id that is
    /// `null` or not a string or number, a method that is not a string, and parameters that are neither an
    /// object nor an array are invalid requests (-32600). A message with `result` or `error` and no method
    /// is a response.
    /// - Parameter line: the bytes of one line, without its newline.
    /// - Returns: the message.
    package static func parse(_ line: [UInt8]) -> JSONRPCMessage {
        do {
            return try JSONDocument.read(line, maxDepth: maxDepth) { root in try parse(root) }
        } catch let error as JSONError {
            return .invalid(id: nil, .parseError(error.description))
        } catch {
            return .invalid(id: nil, .internalError("\(error)"))
        }
    }

    private static func parse(_ root: JSONNode) throws(JSONError) -> JSONRPCMessage {
        switch root.kind {
        case .object: break
        case .array: return .invalid(id: nil, .invalidRequest("batches are not supported; send one message a line"))
        default: return .invalid(id: nil, .invalidRequest("a message is a JSON object"))
        }
        let idNode = try root["id"]
        var id: JSONRPCID?
        if !idNode.isMissing {
            guard let readable = JSONRPCID.read(idNode) else {
                return .invalid(id: nil, .invalidRequest("the id must be a string or a number"))
            }
            id = readable
        }
        guard (try? root["jsonrpc"].string) == "2.0" else {
            return .invalid(id: id, .invalidRequest("\"jsonrpc\" must be \"2.0\""))
        }
        let methodNode = try root["method"]
        if methodNode.isMissing {
            let result = try root["result"]
            let error = try root["error"]
            if !result.isMissing || !error.isMissing { return .response }
            return .invalid(id: id, .invalidRequest("the message has no method"))
        }
        guard let method = try? methodNode.string else {
            return .invalid(id: id, .invalidRequest("the method must be a string"))
        }
        let paramsNode = try root["params"]
        var params: MCPValue?
        switch paramsNode.kind {
        case nil: params = nil
        case .object, .array: params = try MCPValue(paramsNode)
        default: return .invalid(id: id, .invalidRequest("params must be an object or an array"))
        }
        guard let id else { return .notification(method: method, params: params) }
        return .request(id: id, method: method, params: params)
    }
}
