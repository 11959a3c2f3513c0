import Foundation
import ProviderKit

/// An MCP server on `127.0.0.1` for tests of tool calls over the Streamable HTTP transport, written from
/// the specification: it answers `initialize`, accepts `notifications/initialized`, and answers
/// `tools/call` with what the test's tool says.
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
            let parsed = try? JSONDocument.read(request.body) { root -> (String, Int?, String?, String?) in
                let method = try root["method"].string
                let id = try? root["id"].int
                let name = try? root["params"]["name"].string
                guard name != nil, let node = try? root["params"]["arguments"] else { return (method, id, name, nil) }
                var arguments = JSONWriter(style: .compact)
                arguments.copy(node)
                return (method, id, name, arguments.text)
            }
            let sessionID = request.headers["mcp-session-id"]
            let message = Message(
                method: parsed?.0 ?? "", sessionID: sessionID, protocolVersion: request.headers["mcp-protocol-version"],
                headers: request.headers, tool: parsed?.2, arguments: parsed?.3)
            lock.withLock { received.append(message) }
            guard let (method, id, name, arguments) = parsed else {
                return .json(
                    #"{"jsonrpc": "2.0", "id": null, "error": {"code": -32700, "message": "Parse error"}}"#, status: 400
                )
            }
            let accepts = request.headers["accept"] ?? ""
            guard accepts.contains("application/json"), accepts.contains("text/event-stream") else {
                return .json(#"{"error": "Not Acceptable"}"#, status: 406)
            }
            if method == "initialize" {
                var headers: [String: String] = [:]
                if style == .stateful {
                    let session = UUID().uuidString
                    lock.withLock { _ = sessions.insert(session) }
                    headers["Mcp-Session-Id"] = session
                }
                let result =
                    #"{"protocolVersion": "\#(protocolVersion)", "capabilities": {"tools": {}}, "#
                    + #""serverInfo": {"name": "loopback", "version": "1.0"}}"#
                return answer(id: id, result: result, headers: headers)
            }
            if style == .stateful {
                guard let sessionID else { return .json(#"{"error": "Bad Request: missing session"}"#, status: 400) }
                guard lock.withLock({ sessions.contains(sessionID) }) else {
                    return .json(#"{"error": "Session not found"}"#, status: 404)
                }
            }
            if method == "notifications/initialized" { return .raw(status: 202, headers: [:], body: Data()) }
            guard method == "tools/call", let name else {
                return answer(id: id, error: #"{"code": -32601, "message": "Method not found"}"#)
            }
            switch tool(name, arguments ?? "{}") {
            case .structured(let json):
                let text = Self.quoted(json)
                return answer(
                    id: id,
                    result: #"{"content": [{"type": "text", "text": \#(text)}], "structuredContent": \#(json)}"#)
            case .text(let text):
                return answer(id: id, result: #"{"content": [{"type": "text", "text": \#(Self.quoted(text))}]}"#)
            case .error(let text):
                return answer(
                    id: id, result: #"{"content": [{"type": "text", "text": \#(Self.quoted(text))}], "isError": true}"#)
            case .rpcError(let code, let message):
                return answer(id: id, error: #"{"code": \#(code), "message": \#(Self.quoted(message))}"#)
            case .http(let status, let headers, let body):
                return .raw(status: status, headers: headers, body: Data(body.utf8))
            case .streamCutBeforeResponse:
                let notice = #"{"jsonrpc": "2.0", "method": "notifications/progress", "params": {"progress": 1}}"#
                let body = Data(
                    "event: message\ndata: \(notice)\n\ndata: {\"jsonrpc\": \"2.0\", \"id\": \(id ?? 0),".utf8)
                return .truncated(declaredLength: body.count + 4096, body: body)
            case .streamWithoutResponse(let seconds):
                return .slow(
                    seconds: seconds,
                    then: .raw(
                        status: 200, headers: ["Content-Type": "text/event-stream"], body: Data(": waiting\n\n".utf8)))
            case .oversized(let bytes):
                return .oversized(bytes: bytes)
            }
        }

        /// A JSON-RPC response in this server's style: a JSON body, or an event stream with a comment, a
        /// notification and the response over two `data` lines.
        private func answer(
            id: Int?, result: String? = nil, error: String? = nil, headers: [String: String] = [:]
        ) -> LoopbackHTTPServer.Reply {
            let idText = id.map(String.init) ?? "null"
            let payload = result.map { #""result": \#($0)"# } ?? #""error": \#(error ?? "null")"#
            let message = #"{"jsonrpc": "2.0", "id": \#(idText), \#(payload)}"#
            var fields = headers
            switch style {
            case .stateless:
                fields["Content-Type"] = "application/json"
                return .raw(status: 200, headers: fields, body: Data(message.utf8))
            case .stateful:
                fields["Content-Type"] = "text/event-stream"
                let notice = #"{"jsonrpc": "2.0", "method": "notifications/message", "params": {"level": "info"}}"#
                // The response's JSON split over two data lines (and one more for each line break a result
                // written over several lines has), which a reader joins with line feeds.
                let split = message.firstIndex(of: ",").map { message.index(after: $0) } ?? message.endIndex
                let data = (message[..<split] + "\n" + message[split...]).split(
                    separator: "\n", omittingEmptySubsequences: false
                ).map { "data: \($0)\n" }.joined()
                let stream =
                    ": keep-alive\n\nevent: message\ndata: \(notice)\n\nevent: message\nid: 1\n" + data + "\n"
                return .raw(status: 200, headers: fields, body: Data(stream.utf8))
            }
        }

        private static func quoted(_ text: String) -> String {
            var json = JSONWriter(style: .compact)
            json.string(text)
            return json.text
        }
    }
}
