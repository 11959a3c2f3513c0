import AggregatorCore
import Foundation
import HTTPServer
import MCPFrontEnd
import MCPWire
import ProviderKit

/// `/mcp`: the tools of `aggregate mcp` over MCP's Streamable HTTP transport (the revisions of
/// ``MCPRevision/supported``). The messages are the stdio server's own (``MCPServer``'s `initialize`, the tool listing,
/// ``MCPToolRunner``'s calls); only how they travel differs.
///
/// Rules:
/// - `POST` carries one JSON-RPC message. `initialize` starts a session and answers with its
///   `Mcp-Session-Id`; every other message must carry that id (`400` without one, `404` for one that ended
///   or expired, so that the client initializes again). A present `MCP-Protocol-Version` must be a revision
///   this server speaks (`400` otherwise).
/// - A notification or a response is `202` with no body; `notifications/cancelled` stops the named call,
///   whose request then gets no JSON-RPC response (an event stream ends without it, a JSON answer is `204`).
/// - A request is answered with `application/json`, except `tools/call` from a client that accepts
///   `text/event-stream`: its answer is an event stream that carries comments while the search runs (so no
///   proxy drops a quiet connection) and then the response. A client that disconnects does not cancel its
///   call. A call finds the server's cap on searches full: `503` with `Retry-After`.
/// - `GET` opens the session's one listening stream, ending the one open before (a client opens another when
///   it lost the last, and a dropped connection the server has not noticed must not block it): the server
///   sends nothing on it but comments, since it makes no requests of its own; it ends with the session, or as soon as the
///   server begins to stop. `DELETE` ends the session and its calls (`204`).
/// - A new session past the table's caps (``MCPHTTPSessions``) is `503` with `Retry-After`.
/// - A message that cannot be read is `400`, with a JSON-RPC error without an id.
package struct MCPHTTPEndpoint: Sendable {
    /// The tools and how to run them.
    package let runner: MCPToolRunner
    /// The sessions.
    package let sessions: MCPHTTPSessions
    /// The server's cap on searches running at once, which calls share with the JSON API.
    package let searches: ConcurrencyGate
    /// How often a quiet event stream carries a comment.
    package var keepAlive: Duration = .seconds(15)

    /// Answers a request to `/mcp`.
    /// - Parameter request: the request.
    /// - Returns: the response.
    package func respond(to request: ServerRequest) async -> ServerResponse {
        switch request.method {
        case "POST": return await post(request)
        case "GET": return listen(request)
        case "DELETE": return delete(request)
        default:
            return Self.failure(
                405, "/mcp takes POST, GET and DELETE",
                headers: ["Allow": ServeRoute.mcp.methods.joined(separator: ", ")])
        }
    }

    // MARK: - POST

    private func post(_ request: ServerRequest) async -> ServerResponse {
        if let type = request.headers["Content-Type"], !type.lowercased().hasPrefix("application/json") {
            return Self.failure(415, "a message is sent as Content-Type: application/json")
        }
        let accepted = Accepted(request.headers["Accept"])
        guard accepted.json || accepted.eventStream else {
            return Self.failure(406, "a client accepts application/json and text/event-stream")
        }
        let message = MCPServerMessage.parse(request.body)
        if case .invalid(let id, let error) = message {
            return Self.json(JSONRPCEncoding.error(id: id, error), status: 400)
        }
        if case .initialize(let id, let params) = message {
            return initialize(id: id, params: params, remoteAddress: request.remoteAddress)
        }
        let session: MCPHTTPSessions.Session
        switch self.session(of: request) {
        case .success(let found): session = found
        case .failure(let refusal): return refusal.response
        }
        switch message {
        case .ignored, .invalid, .initialize:
            // A notification or a response; an unreadable message and `initialize` were answered above.
            return ServerResponse(status: 202)
        case .cancelled(let id, _):
            session.requests.cancelByClient(id)
            return ServerResponse(status: 202)
        case .ping(let id): return Self.json(JSONRPCEncoding.result(id: id) { $0.object { _ in } })
        case .listTools(let id):
            return Self.json(JSONRPCEncoding.result(id: id) { MCPToolListing.write(runner, to: &$0) })
        case .callTool(let id, let params):
            return await call(id: id, params: params, session: session, stream: accepted.eventStream)
        case .unknownMethod(let id, let method):
            return Self.json(JSONRPCEncoding.error(id: id, .methodNotFound(method)))
        }
    }

    private func initialize(id: JSONRPCID, params: MCPValue?, remoteAddress: String) -> ServerResponse {
        let reply = MCPServer.initialize(id: id, params: params) { _ in }
        guard case .success(let requested) = MCPServerMessage.requestedRevision(params) else { return Self.json(reply) }
        switch sessions.start(protocolVersion: MCPRevision.negotiate(requested), remoteAddress: remoteAddress) {
        case .success(let session):
            return Self.json(reply, headers: ["Mcp-Session-Id": session.id])
        case .failure(.full):
            return Self.failure(503, "too many MCP sessions are open; try again shortly", headers: ["Retry-After": "5"])
        case .failure(.clientFull):
            return Self.failure(
                503,
                "this address has \(sessions.perClient) MCP sessions open, the most it may; "
                    + "end one with DELETE /mcp or let one expire", headers: ["Retry-After": "5"])
        case .failure(.stopping):
            return Self.failure(503, "the server is stopping", headers: ["Retry-After": "1"])
        }
    }

    private func call(
        id: JSONRPCID, params: MCPValue?, session: MCPHTTPSessions.Session, stream: Bool
    ) async -> ServerResponse {
        let tool: MCPTool
        let arguments: [(name: String, value: MCPValue)]
        switch MCPServer.toolCall(params, runner: runner) {
        case .success(let call): (tool, arguments) = call
        case .failure(let error): return Self.json(JSONRPCEncoding.error(id: id, error))
        }
        guard let pass = searches.enter() else {
            return Self.json(
                JSONRPCEncoding.error(
                    id: id,
                    .serverBusy(
                        "\(searches.limit) searches are running, the most it runs at once; call again shortly")),
                status: 503, headers: ["Retry-After": "1"])
        }
        let reply = ReplyBox()
        var running: Task<Void, Never>?
        let runner = runner
        let started = session.requests.start(id) {
            let task = Task {
                defer { pass.leave() }
                let result = await runner.call(tool, arguments: arguments)
                let message: [UInt8]
                do {
                    message = try JSONRPCEncoding.result(id: id) { try result.write(to: &$0) }
                } catch {
                    message = JSONRPCEncoding.error(id: id, .internalError("the command's output is not JSON"))
                }
                _ = session.requests.finish(id, answer: { reply.set(message) })
                session.touch()
            }
            running = task
            return task
        }
        guard started, let running else {
            pass.leave()
            return Self.json(
                JSONRPCEncoding.error(
                    id: id, .invalidRequest("request id \(id) is already in use by a call in progress")))
        }
        guard stream else {
            await running.value
            guard let message = reply.value else { return ServerResponse(status: 204) }
            return Self.json(message)
        }
        let keepAlive = keepAlive
        return ServerResponse(
            status: 200, headers: Self.streamHeaders,
            body: .stream { writer in
                let comments = Task {
                    while (try? await Task.sleep(for: keepAlive)) != nil {
                        guard (try? await writer.write(EventStream.comment("the search is running"))) != nil else {
                            return
                        }
                    }
                }
                await running.value
                comments.cancel()
                if let message = reply.value {
                    try? await writer.write(EventStream.encode(data: message))
                }
            })
    }

    // MARK: - GET and DELETE

    private func listen(_ request: ServerRequest) -> ServerResponse {
        guard Accepted(request.headers["Accept"]).eventStream else {
            return Self.failure(406, "GET /mcp opens an event stream: send Accept: text/event-stream")
        }
        let session: MCPHTTPSessions.Session
        switch self.session(of: request) {
        case .success(let found): session = found
        case .failure(let refusal): return refusal.response
        }
        guard let number = session.openStream() else {
            return Self.failure(503, "the server is stopping: no stream opens; try again shortly")
        }
        let keepAlive = keepAlive
        return ServerResponse(
            status: 200, headers: Self.streamHeaders,
            body: .stream { writer in
                guard (try? await writer.write(EventStream.comment("listening"))) != nil else { return }
                var quiet: Duration = .zero
                // The server sends no requests of its own: the stream carries comments until the session ends.
                while !session.streamShouldEnd(number), (try? await Task.sleep(for: .milliseconds(250))) != nil {
                    quiet += .milliseconds(250)
                    guard quiet >= keepAlive else { continue }
                    quiet = .zero
                    guard (try? await writer.write(EventStream.comment("keep-alive"))) != nil else { return }
                }
            })
    }

    private func delete(_ request: ServerRequest) -> ServerResponse {
        guard let id = request.headers["Mcp-Session-Id"] else {
            return Self.failure(400, "DELETE /mcp ends the session its Mcp-Session-Id names, and none is given")
        }
        guard sessions.end(id) else { return Self.failure(404, "no such session: it ended or expired") }
        return ServerResponse(status: 204)
    }

    // MARK: - Helpers

    /// The session a request names, or the response refusing it.
    private func session(of request: ServerRequest) -> Result<MCPHTTPSessions.Session, RefusalResponse> {
        if let version = request.headers["MCP-Protocol-Version"], !MCPRevision.isSupported(version) {
            return .failure(
                RefusalResponse(
                    Self.failure(
                        400,
                        "MCP-Protocol-Version '\(PrintableText.excerpt(version, limit: 40))' is not spoken here; "
                            + "the revisions are \(MCPRevision.listed)")))
        }
        guard let id = request.headers["Mcp-Session-Id"] else {
            return .failure(
                RefusalResponse(
                    Self.failure(
                        400, "no Mcp-Session-Id: send initialize first, then its session id with every message")))
        }
        guard let session = sessions.use(id) else {
            return .failure(
                RefusalResponse(Self.failure(404, "no such session: it ended or expired; initialize again")))
        }
        return .success(session)
    }

    package static let streamHeaders: HeaderFields = [
        "Content-Type": "text/event-stream", "Cache-Control": "no-cache",
        // Tells nginx not to hold the stream back in its buffers.
        "X-Accel-Buffering": "no",
    ]

    private static func json(_ message: [UInt8], status: Int = 200, headers: HeaderFields = [:]) -> ServerResponse {
        var fields = headers
        fields["Content-Type"] = "application/json"
        return ServerResponse(status: status, headers: fields, body: .bytes(message))
    }

    /// An HTTP error with a JSON-RPC error without an id as its body, as the transport allows.
    private static func failure(_ status: Int, _ message: String, headers: HeaderFields = [:]) -> ServerResponse {
        json(
            JSONRPCEncoding.error(id: nil, JSONRPCError(code: -32000, message: message)), status: status,
            headers: headers)
    }

    /// Creates the value from each of its properties, as the memberwise initializer does.
    package init(
        runner: MCPToolRunner, sessions: MCPHTTPSessions, searches: ConcurrencyGate, keepAlive: Duration = .seconds(15)
    ) {
        self.runner = runner
        self.sessions = sessions
        self.searches = searches
        self.keepAlive = keepAlive
    }
}

/// A response refusing a request, as a `Result`'s failure.
private struct RefusalResponse: Error {
    let response: ServerResponse

    init(_ response: ServerResponse) { self.response = response }
}

/// What a request's `Accept` allows of the two media types the transport uses.
private struct Accepted {
    var json = false
    var eventStream = false

    init(_ field: String?) {
        guard let field else {
            json = true
            return
        }
        for range in field.split(separator: ",") {
            let type = range.split(separator: ";").first?.trimmingCharacters(in: .whitespaces).lowercased() ?? ""
            if ["application/json", "application/*", "*/*"].contains(type) { json = true }
            if ["text/event-stream", "text/*", "*/*"].contains(type) { eventStream = true }
        }
    }
}

/// The answer a call leaves for its HTTP request, if it is answered at all.
private final class ReplyBox: @unchecked Sendable {
    private let lock = NSLock()
    private var message: [UInt8]?

    var value: [UInt8]? { lock.withLock { message } }

    func set(_ message: [UInt8]) { lock.withLock { self.message = message } }
}
