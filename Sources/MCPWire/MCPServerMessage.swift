import Foundation
import ProviderKit

/// What one message asks of an MCP server: the one reading of MCP's methods that `aggregate mcp`, `/mcp` and
/// the test server answer, so that each says only what it does for each kind and how its transport carries
/// the answer.
///
/// Rules:
/// - Requests for `initialize`, `ping`, `tools/list` and `tools/call` are told apart; a request for any
///   other method is ``unknownMethod(id:method:)``, answered with -32601.
/// - `notifications/cancelled` with a `requestId` that is a string or a number is ``cancelled(_:reason:)``;
///   every other notification (`notifications/initialized` among them) and every response needs nothing.
/// - A message that cannot be read is ``invalid(id:_:)`` with the error to answer (see
///   ``JSONRPCMessage/parse(_:)``).
package enum MCPServerMessage: Sendable, Equatable {
    /// `initialize`, with its parameters.
    case initialize(id: JSONRPCID, params: MCPValue?)
    /// `ping`, answered with an empty result.
    case ping(id: JSONRPCID)
    /// `tools/list`.
    case listTools(id: JSONRPCID)
    /// `tools/call`, with its parameters.
    case callTool(id: JSONRPCID, params: MCPValue?)
    /// A request for a method the server does not have.
    case unknownMethod(id: JSONRPCID, method: String)
    /// `notifications/cancelled` naming a request, with the reason the client gave.
    case cancelled(JSONRPCID, reason: String?)
    /// A notification that needs nothing, or a response to the server.
    case ignored
    /// A message to answer with an error, with the id to answer or `nil` when none could be read.
    case invalid(id: JSONRPCID?, JSONRPCError)

    /// Reads one message.
    /// - Parameter bytes: the message, such as one line or one `POST`'s body.
    /// - Returns: what it asks.
    package static func parse(_ bytes: [UInt8]) -> MCPServerMessage {
        MCPServerMessage(JSONRPCMessage.parse(bytes))
    }

    /// What a message asks.
    /// - Parameter message: a message read by ``JSONRPCMessage/parse(_:)``.
    package init(_ message: JSONRPCMessage) {
        switch message {
        case .invalid(let id, let error): self = .invalid(id: id, error)
        case .response: self = .ignored
        case .notification(let method, let params):
            guard method == "notifications/cancelled", let id = JSONRPCID.read(params?["requestId"]) else {
                self = .ignored
                return
            }
            var reason: String?
            if case .string(let text) = params?["reason"] { reason = text }
            self = .cancelled(id, reason: reason)
        case .request(let id, let method, let params):
            switch method {
            case "initialize": self = .initialize(id: id, params: params)
            case "ping": self = .ping(id: id)
            case "tools/list": self = .listTools(id: id)
            case "tools/call": self = .callTool(id: id, params: params)
            default: self = .unknownMethod(id: id, method: method)
            }
        }
    }

    // MARK: - Parameters

    /// The revision a client asks for in `initialize`.
    /// - Parameter params: `initialize`'s parameters.
    /// - Returns: its `protocolVersion`, or the error to answer when it has none.
    package static func requestedRevision(_ params: MCPValue?) -> Result<String, JSONRPCError> {
        guard case .string(let requested) = params?["protocolVersion"] else {
            return .failure(.invalidParams("initialize needs params.protocolVersion, a string"))
        }
        return .success(requested)
    }

    /// The tool a `tools/call` names.
    /// - Parameter params: the call's parameters.
    /// - Returns: its `name`, or the error to answer when it has none.
    package static func toolName(_ params: MCPValue?) -> Result<String, JSONRPCError> {
        guard case .string(let name) = params?["name"] else {
            return .failure(.invalidParams("tools/call needs params.name, a string"))
        }
        return .success(name)
    }

    /// The arguments of a `tools/call`: none when it has none or `null`.
    /// - Parameter params: the call's parameters.
    /// - Returns: the members of its `arguments` object, or the error to answer when they are not an object.
    package static func toolArguments(_ params: MCPValue?) -> Result<[(name: String, value: MCPValue)], JSONRPCError> {
        switch params?["arguments"] {
        case .object(let members): .success(members)
        case nil, .null: .success([])
        default: .failure(.invalidParams("params.arguments must be an object"))
        }
    }
}

/// Who a server is and what it can do, as its answer to `initialize` tells a client.
package struct MCPServerInfo: Sendable, Equatable {
    /// Its name in `serverInfo`.
    package var name: String
    /// Its title in `serverInfo`, for people, when it has one.
    package var title: String?
    /// Its version in `serverInfo`.
    package var version: String
    /// What it tells a client's model about using it, in `instructions`, when it tells anything.
    package var instructions: String?

    /// Creates the value from each of its properties, as the memberwise initializer does.
    package init(name: String, title: String? = nil, version: String, instructions: String? = nil) {
        self.name = name
        self.title = title
        self.version = version
        self.instructions = instructions
    }

    /// The response to `initialize`: the revision agreed, the tools capability (a list that never changes),
    /// who the server is and, when it has them, its instructions.
    /// - Parameters:
    ///   - id: the request's id.
    ///   - revision: the protocol revision agreed.
    /// - Returns: the message.
    package func initializeResult(id: JSONRPCID, revision: String) -> [UInt8] {
        JSONRPCEncoding.result(id: id) { writer in
            writer.object { json in
                json.key("protocolVersion")
                json.string(revision)
                json.key("capabilities")
                json.object { capabilities in
                    capabilities.key("tools")
                    capabilities.object { tools in
                        tools.key("listChanged")
                        tools.bool(false)
                    }
                }
                json.key("serverInfo")
                json.object { info in
                    info.key("name")
                    info.string(name)
                    if let title {
                        info.key("title")
                        info.string(title)
                    }
                    info.key("version")
                    info.string(version)
                }
                if let instructions {
                    json.key("instructions")
                    json.string(instructions)
                }
            }
        }
    }
}
