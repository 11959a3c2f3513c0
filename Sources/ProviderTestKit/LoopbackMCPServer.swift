import Foundation
import MCPWire
import ProviderKit

/// An MCP server on `127.0.0.1` for tests of tool calls over the Streamable HTTP transport, speaking through
/// MCPWire as `aggregate`'s own servers do: it answers `initialize` and `ping`, accepts
/// `notifications/initialized`, and answers `tools/call` with what the test's tool says.
///
/// It plays the two kinds of server public clients meet:
/// - ``Style/stateless``: JSON answers and no session, as Kiwi's server;
/// - ``Style/stateful``: an `Mcp-Session-Id` from `initialize`, required on every later message (a missing
///   one is 400, an unknown or ended one 404), and answers as event streams that carry a comment, a
///   notification and the response spread over several `data` lines, as Skiplagged's server.
///
/// ```swift
/// let server = try LoopbackMCPServer(style: .stateful) { name, arguments in
///     name == "sk_flights_search" ? .structured(#"{"flights": []}"#) : .error("unknown tool")
/// }
/// defer { server.stop() }
/// // The provider's endpoint: mcp+\(server.baseURL.absoluteString)
/// ```
public final class LoopbackMCPServer: @unchecked Sendable {
    /// How the server keeps sessions and answers.
    public enum Style: Sendable {
        /// No session id; JSON bodies.
        case stateless
        /// Session ids required after `initialize`; event streams.
        case stateful
    }

    /// What a tool call gets.
    public enum ToolReply: Sendable {
        /// A result with this `structuredContent` (a JSON document) and the same as text.
        case structured(String)
        /// A result with only a `text` content holding this text.
        case text(String)
        /// A result with `isError: true` and this text.
        case error(String)
        /// A JSON-RPC error instead of a result.
        case rpcError(code: Int, message: String)
        /// An HTTP answer of this status, header fields and body instead of a JSON-RPC message.
        case http(status: Int, headers: [String: String], body: String)
        /// An event stream that stops before the response: a notification, then the connection closes.
        case streamCutBeforeResponse
        /// An event stream that sends a comment and never the response, until the client gives up.
        case streamWithoutResponse(seconds: Double)
        /// A chunked answer of this many bytes.
        case oversized(bytes: Int)
    }

    /// One message the server received.
    public struct Message: Sendable {
        /// The JSON-RPC method, `""` for a body that is not one.
        public var method: String
        /// The session id it carried.
        public var sessionID: String?
        /// The protocol version it carried.
        public var protocolVersion: String?
        /// The revision an `initialize` asked for, its `protocolVersion`.
        public var requestedRevision: String?
        /// Its header fields, names in lower case.
        public var headers: [String: String]
        /// The tool's name, for `tools/call`.
        public var tool: String?
        /// The tool's arguments as compact JSON, for `tools/call`.
        public var arguments: String?
    }

    private let http: LoopbackHTTPServer
    private let state: State

    /// Starts a server.
    /// - Parameters:
    ///   - style: stateless with JSON answers, or stateful with event streams.
    ///   - protocolVersion: the revision `initialize` answers with.
    ///   - tool: what each tool call gets, from the tool's name and its arguments as compact JSON.
    /// - Throws: ``LoopbackHTTPServer/StartError`` when no port can be bound.
    public init(
        style: Style, protocolVersion: String = "2025-06-18",
        tool: @escaping @Sendable (_ name: String, _ arguments: String) -> ToolReply
    ) throws {
        let state = State(style: style, protocolVersion: protocolVersion, tool: tool)
        self.state = state
        http = try LoopbackHTTPServer { request in state.reply(to: request) }
    }

    /// The server's URL, `http://127.0.0.1:PORT/mcp`; its endpoint setting is this with `mcp+` before it.
    public var baseURL: URL { http.baseURL.appendingPathComponent("mcp") }

    /// Every message received, in order.
    public var messages: [Message] { state.lock.withLock { state.received } }

    /// How many sessions were started.
    public var sessionsStarted: Int { state.lock.withLock { state.sessions.count + state.ended } }

    /// Ends every session, as a server that restarted does: later messages with those ids get 404.
    public func endSessions() {
        state.lock.withLock {
            state.ended += state.sessions.count
            state.sessions.removeAll()
        }
    }

    /// Stops the server.
    public func stop() { http.stop() }

    private final class State: @unchecked Sendable {
        let style: Style
        let protocolVersion: String
        let tool: @Sendable (String, String) -> ToolReply
        let lock = NSLock()
        var received: [Message] = []
        var sessions: Set<String> = []
        var ended = 0

        init(style: Style, protocolVersion: String, tool: @escaping @Sendable (String, String) -> ToolReply) {
            self.style = style
            self.protocolVersion = protocolVersion
            self.tool = tool
        }

        func reply(to request: LoopbackHTTPServer.Request) -> LoopbackHTTPServer.Reply {
            guard request.path == "/mcp" else { return .json("{}", status: 404) }
            guard request.method == "POST" else { return .raw(status: 405, headers: [:], body: Data()) }
            let parsed = JSONRPCMessage.parse(Array(request.body))
            var method = ""
            var params: MCPValue?
            switch parsed {
            case .request(_, let name, let values), .notification(let name, let values):
                (method, params) = (name, values)
            case .response, .invalid: break
            }
            let name = try? MCPServerMessage.toolName(params).get()
            var arguments: String?
            if name != nil, let value = params?["arguments"] {
                var json = JSONWriter(style: .compact)
                value.write(to: &json)
                arguments = json.text
            }
            let sessionID = request.headers["mcp-session-id"]
            let asked = MCPServerMessage(parsed)
            var requestedRevision: String?
            if case .initialize(_, let params) = asked {
                requestedRevision = try? MCPServerMessage.requestedRevision(params).get()
            }
            let message = Message(
                method: method, sessionID: sessionID, protocolVersion: request.headers["mcp-protocol-version"],
                requestedRevision: requestedRevision, headers: request.headers, tool: name, arguments: arguments)
            lock.withLock { received.append(message) }
            if case .invalid(let id, let error) = asked {
                return .json(String(decoding: JSONRPCEncoding.error(id: id, error), as: UTF8.self), status: 400)
            }
            let accepts = request.headers["accept"] ?? ""
            guard accepts.contains("application/json"), accepts.contains("text/event-stream") else {
                return .json(#"{"error": "Not Acceptable"}"#, status: 406)
            }
            if case .initialize(let id, _) = asked {
                var headers: [String: String] = [:]
                if style == .stateful {
                    let session = UUID().uuidString
                    lock.withLock { _ = sessions.insert(session) }
                    headers["Mcp-Session-Id"] = session
                }
                let server = MCPServerInfo(name: "loopback", version: "1.0")
                return answer(server.initializeResult(id: id, revision: protocolVersion), headers: headers)
            }
            if style == .stateful {
                guard let sessionID else { return .json(#"{"error": "Bad Request: missing session"}"#, status: 400) }
                guard lock.withLock({ sessions.contains(sessionID) }) else {
                    return .json(#"{"error": "Session not found"}"#, status: 404)
                }
            }
            switch asked {
            case .initialize, .invalid, .ignored, .cancelled: return .raw(status: 202, headers: [:], body: Data())
            case .ping(let id): return answer(JSONRPCEncoding.result(id: id) { $0.object { _ in } })
            case .listTools(let id): return answer(JSONRPCEncoding.error(id: id, .methodNotFound(method)))
            case .unknownMethod(let id, let method):
                return answer(JSONRPCEncoding.error(id: id, .methodNotFound(method)))
            case .callTool(let id, let params):
                switch MCPServerMessage.toolName(params) {
                case .success(let name): return call(name, arguments: arguments ?? "{}", id: id)
                case .failure(let error): return answer(JSONRPCEncoding.error(id: id, error))
                }
            }
        }

        /// The answer to a call of the test's tool.
        private func call(_ name: String, arguments: String, id: JSONRPCID) -> LoopbackHTTPServer.Reply {
            switch tool(name, arguments) {
            case .structured(let json):
                return answer(
                    Self.result(id: id, text: json) { result in
                        result.key("structuredContent")
                        result.verbatim(json)
                    })
            case .text(let text):
                return answer(Self.result(id: id, text: text) { _ in })
            case .error(let text):
                return answer(
                    Self.result(id: id, text: text) { result in
                        result.key("isError")
                        result.bool(true)
                    })
            case .rpcError(let code, let message):
                return answer(JSONRPCEncoding.error(id: id, JSONRPCError(code: code, message: message)))
            case .http(let status, let headers, let body):
                return .raw(status: status, headers: headers, body: Data(body.utf8))
            case .streamCutBeforeResponse:
                // A notification, then the response's event cut off after its id, in the middle of its data line.
                let response = EventStream.encode(data: JSONRPCEncoding.result(id: id) { $0.object { _ in } })
                let cut = response.lastIndex(of: UInt8(ascii: ",")).map { response.index(after: $0) } ?? 0
                let body = Data(
                    Self.notice(method: "notifications/progress", .object([("progress", .number("1"))]))
                        + response[..<cut])
                return .truncated(declaredLength: body.count + 4096, body: body)
            case .streamWithoutResponse(let seconds):
                return .slow(
                    seconds: seconds,
                    then: .raw(
                        status: 200, headers: ["Content-Type": "text/event-stream"],
                        body: Data(EventStream.comment("waiting"))))
            case .oversized(let bytes):
                return .oversized(bytes: bytes)
            }
        }

        /// A tool's result whose one content is `text`, with the members `more` writes after it.
        private static func result(
            id: JSONRPCID, text: String, more: (inout JSONWriter) -> Void
        ) -> [UInt8] {
            JSONRPCEncoding.result(id: id) { json in
                json.object { result in
                    result.key("content")
                    result.array { content in
                        content.object { item in
                            item.key("type")
                            item.string("text")
                            item.key("text")
                            item.string(text)
                        }
                    }
                    more(&result)
                }
            }
        }

        /// An event carrying a notification.
        private static func notice(method: String, _ params: MCPValue) -> [UInt8] {
            EventStream.encode(data: JSONRPCEncoding.notification(method: method) { params.write(to: &$0) })
        }

        /// A JSON-RPC message in this server's style: a JSON body, or an event stream with a comment, a
        /// notification and the message over two `data` lines.
        private func answer(_ message: [UInt8], headers: [String: String] = [:]) -> LoopbackHTTPServer.Reply {
            var fields = headers
            switch style {
            case .stateless:
                fields["Content-Type"] = "application/json"
                return .raw(status: 200, headers: fields, body: Data(message))
            case .stateful:
                fields["Content-Type"] = "text/event-stream"
                // The message split over two data lines after its first comma (and one more for each line break
                // a result written over several lines has), which a reader joins with line feeds.
                var split = message
                if let comma = split.firstIndex(of: UInt8(ascii: ",")) { split.insert(0x0A, at: comma + 1) }
                let stream =
                    EventStream.comment("keep-alive")
                    + Self.notice(method: "notifications/message", .object([("level", .string("info"))]))
                    + EventStream.encode(id: "1", data: split)
                return .raw(status: 200, headers: fields, body: Data(stream))
            }
        }
    }
}
