import Foundation
import MCPWire
import ProviderKit

/// One client's session with one MCP server over the Streamable HTTP transport (the protocol revisions of
/// ``MCPRevision``): what ``MCPTransport`` calls tools through.
///
/// Rules:
/// - Every message is one JSON-RPC `POST` to the server's URL with `Content-Type: application/json` and
///   `Accept: application/json, text/event-stream`. The answer is a JSON body or an event stream whose
///   `data` lines carry JSON-RPC messages: the response with the request's id is taken; other events,
///   comments, notifications and requests from the server are ignored.
/// - Before its first call the session initializes (`initialize`, then the `notifications/initialized`
///   notification), once however many calls wait for it, and keeps the `Mcp-Session-Id` the server returns;
///   later messages carry it and `MCP-Protocol-Version`. A server that returns no session id is used
///   without one.
/// - A 404 for a message that carried a session id means the server ended the session: a new one is
///   started once and the call made again.
/// - A message never follows a redirect to another origin (scheme, host or port), and the session id and
///   protocol version are never sent to one: a redirect elsewhere fails the call with
///   ``TransportError/Kind/badRedirect``. A redirect within the origin is followed.
/// - An HTTP answer that is not a success (a 429 with its `Retry-After`, a 502) is handed back as it is, so
///   that the retry stage above decides; so is a transport failure.
/// - A JSON-RPC error, a tool result marked `isError`, and an answer that is not JSON-RPC are
///   ``ProviderError``s quoting the server's words, cleaned and cut short.
/// - A tool's result is its `structuredContent` when it has one, else the text of its first `text` content
///   (a JSON document written as text, read once more when the text is itself a JSON string).
actor MCPClientSession {
    /// The provider whose calls these are, for errors.
    let provider: ProviderID
    /// Who the client says it is: `aggregate` and its version.
    let clientVersion: String
    private var sessionID: String?
    private var negotiatedVersion: String?
    private var initialization: Task<HTTPResponse?, any Error>?
    private var nextID = 1

    /// Creates a session that is not initialized yet.
    /// - Parameters:
    ///   - provider: the provider, for errors.
    ///   - clientVersion: the version `clientInfo` names.
    init(provider: ProviderID, clientVersion: String) {
        self.provider = provider
        self.clientVersion = clientVersion
    }

    /// Calls a tool, initializing the session first when needed.
    /// - Parameters:
    ///   - call: the tool and its arguments.
    ///   - template: the request the transport stack sent: its URL, header fields (a sign-in's among them)
    ///     and timeout go with every message.
    ///   - network: what sends the messages.
    /// - Returns: 200 with the tool's result as the body, or the first HTTP answer that was not a success.
    /// - Throws: ``ProviderError`` for a JSON-RPC error, a tool error or an answer that is not JSON-RPC;
    ///   whatever `network` throws.
    func call(
        _ call: MCPToolCall, template: HTTPRequest, network: any HTTPTransport
    ) async throws -> HTTPResponse {
        var renewed = false
        while true {
            if let refused = try await initialized(template: template, network: network) { return refused }
            let id = takeID()
            let carriedSession = sessionID != nil
            let request = JSONRPCEncoding.request(id: .number(String(id)), method: "tools/call") { json in
                call.write(to: &json)
            }
            let response = try await network.send(message(Data(request), template: template))
            if response.status == 404, carriedSession, !renewed {
                // The server ended the session: start another, once.
                renewed = true
                reset()
                continue
            }
            guard (200..<300).contains(response.status) else { return response }
            let result = try reply(to: id, in: response, method: "tools/call")
            return HTTPResponse(
                status: 200, headers: ["Content-Type": "application/json"], body: try toolResult(result, call: call),
                attempts: response.attempts)
        }
    }

    // MARK: - Initialization

    /// Initializes the session unless it is, sharing one initialization between the calls that wait for it.
    /// - Returns: `nil` once initialized; the server's answer when it refused.
    private func initialized(template: HTTPRequest, network: any HTTPTransport) async throws -> HTTPResponse? {
        if negotiatedVersion != nil { return nil }
        if let initialization { return try await initialization.value }
        let task = Task { try await self.initialize(template: template, network: network) }
        initialization = task
        defer { initialization = nil }
        return try await task.value
    }

    private func initialize(template: HTTPRequest, network: any HTTPTransport) async throws -> HTTPResponse? {
        let id = takeID()
        let version = clientVersion
        let request = JSONRPCEncoding.request(id: .number(String(id)), method: "initialize") { json in
            json.object { json in
                json.key("protocolVersion")
                json.string(MCPRevision.latest)
                json.key("capabilities")
                json.beginObject()
                json.endObject()
                json.key("clientInfo")
                json.object { json in
                    json.key("name")
                    json.string("aggregate")
                    json.key("version")
                    json.string(version)
                }
            }
        }
        let response = try await network.send(message(Data(request), template: template))
        guard (200..<300).contains(response.status) else { return response }
        let result = try reply(to: id, in: response, method: "initialize")
        let offered = try? JSONDocument.read(result) { root in try root["protocolVersion"].string }
        guard let offered, MCPRevision.isSupported(offered) else {
            throw ProviderError(
                .malformedResponse, provider: provider,
                "the MCP server speaks protocol \(PrintableText.excerpt(offered ?? "(none)", limit: 40)), not one "
                    + "of \(MCPRevision.listed)")
        }
        sessionID = response.headers["mcp-session-id"].flatMap(Self.usableSessionID)
        negotiatedVersion = offered
        let notification = JSONRPCEncoding.notification(method: "notifications/initialized")
        let accepted = try await network.send(message(Data(notification), template: template))
        guard (200..<300).contains(accepted.status) else {
            reset()
            return accepted
        }
        return nil
    }

    /// Forgets the session, so that the next call starts a new one.
    private func reset() {
        sessionID = nil
        negotiatedVersion = nil
    }

    /// A session id the spec allows (visible ASCII, at most a few hundred characters); anything else is not
    /// sent back.
    private static func usableSessionID(_ value: String) -> String? {
        let id = value.trimmingCharacters(in: .whitespaces)
        guard (1...512).contains(id.utf8.count), id.utf8.allSatisfy({ (0x21...0x7E).contains($0) }) else { return nil }
        return id
    }

    private func takeID() -> Int {
        defer { nextID += 1 }
        return nextID
    }

    // MARK: - Messages

    /// One message as a request: the template's URL, header fields and timeout, this body, and the headers
    /// the transport needs.
    private func message(_ body: Data, template: HTTPRequest) -> HTTPRequest {
        var request = template
        request.method = .post
        request.body = body
        request.headers["Content-Type"] = "application/json"
        request.headers["Accept"] = "application/json, text/event-stream"
        if let sessionID { request.headers["Mcp-Session-Id"] = sessionID }
        if let negotiatedVersion { request.headers["MCP-Protocol-Version"] = negotiatedVersion }
        // The session belongs to the server's origin: neither it nor the message follows a redirect elsewhere.
        request.sensitiveHeaders.formUnion(["Mcp-Session-Id", "MCP-Protocol-Version"])
        request.bodyIsSensitive = true
        return request
    }

    // MARK: - Replies

    /// The `result` of the response to request `id`, from a JSON body or an event stream.
    private func reply(to id: Int, in response: HTTPResponse, method: String) throws(ProviderError) -> Data {
        let type =
            response.headers["content-type"]?.split(separator: ";").first
            .map { $0.trimmingCharacters(in: .whitespaces).lowercased() } ?? "application/json"
        let messages: [Data]
        switch type {
        case "text/event-stream": messages = EventStream(response.body).events.map { Data($0.data.utf8) }
        case let json where json.contains("json"): messages = [response.body]
        default:
            throw ProviderError(
                .malformedResponse, provider: provider,
                "the MCP server answered \(PrintableText.excerpt(type, limit: 60)), not JSON or an event stream")
        }
        for message in messages {
            if let reply = try Self.response(to: id, in: message, provider: provider) { return reply }
        }
        throw ProviderError(
            .malformedResponse, provider: provider,
            type == "text/event-stream"
                ? "the MCP server's event stream ended without the response to \(method)"
                : "the MCP server's answer to \(method) is not a JSON-RPC response")
    }

    /// The `result` of a JSON-RPC response to `id` in one message (or a batch of them), `nil` when the
    /// message is something else (a notification, a request, another id, not JSON at all).
    private static func response(to id: Int, in message: Data, provider: ProviderID) throws(ProviderError) -> Data? {
        let found: Result<Data, ProviderError>? = try? JSONDocument.read(message) { root in
            let candidates = root.kind == .array ? Array(try root.elements) : [root]
            for candidate in candidates where (try? candidate["id"].int) == id {
                if let error = try candidate["error"].ifPresent {
                    let code = (try? error["code"].int).map { " \($0)" } ?? ""
                    let text = (try? error["message"].string).map { ": \(PrintableText.excerpt($0, limit: 160))" }
                    return .failure(
                        ProviderError(
                            .httpStatus, provider: provider, "the MCP server answered with error\(code)\(text ?? "")"))
                }
                guard try candidate["result"].kind == .object else { continue }
                var result = JSONWriter(style: .compact)
                result.copy(try candidate["result"])
                return .success(Data(result.bytes))
            }
            return nil
        }
        return try found?.get()
    }

    /// The body of a tool's result: its structured content, else the JSON its first text holds.
    private func toolResult(_ result: Data, call: MCPToolCall) throws(ProviderError) -> Data {
        let read: Result<Data, ProviderError>? = try? JSONDocument.read(result) { root in
            let text = try Self.firstText(of: root)
            if (try? root["isError"].bool) == true {
                let said = text.map { ": \(PrintableText.excerpt($0, limit: 200))" } ?? ""
                return .failure(
                    ProviderError(.httpStatus, provider: provider, "the tool \(call.name) failed\(said)"))
            }
            if let structured = try root["structuredContent"].ifPresent {
                var json = JSONWriter(style: .compact)
                json.copy(structured)
                return .success(Data(json.bytes))
            }
            guard let text else { return nil }
            // A text that is itself a JSON string holds the document once more.
            let inner = try? JSONDocument.read(Data(text.utf8)) { node in node.kind == .string ? try node.string : nil }
            return .success(Data(((inner ?? nil) ?? text).utf8))
        }
        guard let read else {
            throw ProviderError(
                .malformedResponse, provider: provider,
                "the tool \(call.name) returned neither structured content nor text")
        }
        return try read.get()
    }

    /// The text of the first `text` content of a tool result.
    private static func firstText(of result: JSONNode) throws -> String? {
        guard let content = try result["content"].ifPresent, content.kind == .array else { return nil }
        for item in try content.elements where (try? item["type"].string) == "text" {
            return try? item["text"].string
        }
        return nil
    }
}
