import AggregatorCore
import CommandLineParsing
import Foundation
import MCPWire
import ProviderKit

/// A Model Context Protocol server on a pair of file descriptors: JSON-RPC 2.0, one message a line.
///
/// Rules:
/// - Lines are read one at a time, at most ``maxLineBytes`` each; a longer line, or one that is not
///   JSON, is answered with a parse error (-32700) and the session goes on.
/// - `initialize`, `ping` and `tools/list` are answered at once, in order. Requests are not refused
///   before `initialize`: a client that lists tools first gets them.
/// - Each `tools/call` runs in a task of its own, so calls overlap and their answers arrive in the order
///   they finish; the output writer keeps every message on a line of its own. At most
///   ``maxCallsInFlight`` run at once: a call past them is refused at once (-32000), to be sent again
///   when an answer has come.
/// - While the answers waiting to be written exceed the output's cap (a client that does not read them),
///   no request is read: the client's pipe fills, not the server's memory.
/// - An id is answered exactly as the client wrote it (see ``JSONRPCID``).
/// - Notifications are never answered. `notifications/cancelled` cancels the named call: its search
///   stops and, as MCP says, nothing is sent for it. Other notifications (`notifications/initialized`)
///   need nothing.
/// - At the end of input, calls still running get ``endOfInputGrace`` to finish and are then cancelled;
///   their answers (with the providers they stopped) are still written, and ``serve()`` returns when every
///   answer is out.
package struct MCPServer: Sendable {
    /// The longest line read: 1 MiB, far more than any request needs.
    package static let maxLineBytes = 1 << 20
    /// How long calls may go on after the end of input before they are cancelled.
    package static let endOfInputGrace: Duration = .seconds(5)
    /// The most tool calls running at once.
    package static let maxCallsInFlight = 8

    /// The tools and how to run them.
    package let runner: MCPToolRunner
    /// Where messages arrive.
    package let input: Int32
    /// Where messages go.
    package let output: MCPOutput
    /// Writes one line of log, on standard error.
    package let log: @Sendable (String) -> Void

    /// Serves until the end of input and the last answer.
    package func serve() async {
        let reader = MCPLineReader(descriptor: input, maxLineBytes: Self.maxLineBytes)
        let requests = MCPRequestRegistry()
        while true {
            // Back-pressure: a client that does not read its answers gets no more read from it.
            await output.waitForRoom()
            guard let line = await reader.next() else { break }
            switch line {
            case .tooLong(let bytes):
                output.send(
                    JSONRPCEncoding.error(
                        id: nil,
                        .parseError("the line is \(bytes) bytes long; messages of up to \(Self.maxLineBytes) are read"))
                )
            case .line(let bytes):
                // Blank lines between messages carry nothing.
                if bytes.allSatisfy({ $0 == 0x20 || $0 == 0x09 }) { continue }
                handle(MCPServerMessage.parse(bytes), requests: requests)
            }
        }
        if !(await requests.waitUntilEmpty(before: .now + Self.endOfInputGrace)) {
            log("aggregate mcp: end of input; stopping \(requests.count) call(s) still running")
            requests.cancelAll()
            _ = await requests.waitUntilEmpty(before: .now + .seconds(30))
        }
        await output.flush()
    }

    private func handle(_ message: MCPServerMessage, requests: MCPRequestRegistry) {
        switch message {
        case .invalid(let id, let error):
            output.send(JSONRPCEncoding.error(id: id, error))
        case .ignored:
            break
        case .cancelled(let id, let reason):
            if requests.cancelByClient(id) {
                let reason = reason.map { ": \(PrintableText.excerpt($0, limit: 80))" } ?? ""
                log("aggregate mcp: request \(id) cancelled by the client" + reason)
            }
        case .initialize(let id, let params): output.send(Self.initialize(id: id, params: params, log: log))
        case .ping(let id): output.send(JSONRPCEncoding.result(id: id) { $0.object { _ in } })
        case .listTools(let id): output.send(JSONRPCEncoding.result(id: id) { MCPToolListing.write(runner, to: &$0) })
        case .callTool(let id, let params): call(id: id, params: params, requests: requests)
        case .unknownMethod(let id, let method): output.send(JSONRPCEncoding.error(id: id, .methodNotFound(method)))
        }
    }

    /// Who this server is, in its answer to `initialize`.
    package static let info = MCPServerInfo(
        name: "aggregate", title: "aggregate travel search", version: ToolIdentity.version,
        instructions: """
            Searches several travel providers at once and merges their answers: the same trip sold by \
            several providers is one offer listing every seller's price (converted into one currency) and \
            booking link. Use list_providers to see what is installed and which endpoints are live. A \
            provider that fails is reported in the result, not an error; a result is an error only when no \
            provider answered or the arguments were wrong, and its text says what to change. Dates are local \
            YYYY-MM-DD; places are IATA airport or city codes.
            """)

    /// The response to `initialize`, whatever transport carries it: the negotiated revision, the tools
    /// capability, who the server is and how to use it.
    /// - Parameters:
    ///   - id: the request's id.
    ///   - params: its parameters.
    ///   - log: told which revision was agreed.
    /// - Returns: the response message.
    package static func initialize(id: JSONRPCID, params: MCPValue?, log: (String) -> Void) -> [UInt8] {
        let requested: String
        switch MCPServerMessage.requestedRevision(params) {
        case .success(let revision): requested = revision
        case .failure(let error): return JSONRPCEncoding.error(id: id, error)
        }
        let version = MCPRevision.negotiate(requested)
        let asked = PrintableText.excerpt(requested, limit: 40)
        log("aggregate mcp: initialized with protocol \(version) (the client asked for \(asked))")
        return info.initializeResult(id: id, revision: version)
    }

    private func call(id: JSONRPCID, params: MCPValue?, requests: MCPRequestRegistry) {
        let tool: MCPTool
        let arguments: [(name: String, value: MCPValue)]
        switch Self.toolCall(params, runner: runner) {
        case .success(let call): (tool, arguments) = call
        case .failure(let error):
            output.send(JSONRPCEncoding.error(id: id, error))
            return
        }
        guard requests.count < Self.maxCallsInFlight else {
            output.send(
                JSONRPCEncoding.error(
                    id: id,
                    .serverBusy(
                        "\(Self.maxCallsInFlight) calls in progress, the most this server runs at once; send it "
                            + "again when one has been answered")))
            return
        }
        let runner = runner
        let output = output
        let log = log
        let started = requests.start(id) {
            Task {
                let start = ContinuousClock.now
                let result = await runner.call(tool, arguments: arguments)
                let elapsed = (ContinuousClock.now - start).inMilliseconds
                let message: [UInt8]
                do {
                    message = try JSONRPCEncoding.result(id: id) { try result.write(to: &$0) }
                } catch {
                    message = JSONRPCEncoding.error(id: id, .internalError("the command's output is not JSON"))
                }
                switch requests.finish(id, answer: { output.send(message) }) {
                case .answer:
                    let outcome = result.isError ? "with an error" : "in \(elapsed) ms"
                    log("aggregate mcp: \(tool.name) (request \(id)) answered \(outcome)")
                case .cancelledByClient:
                    log("aggregate mcp: \(tool.name) (request \(id)) stopped after \(elapsed) ms; not answered")
                }
            }
        }
        if !started {
            output.send(
                JSONRPCEncoding.error(
                    id: id, .invalidRequest("request id \(id) is already in use by a call in progress")))
        }
    }

    /// The tool a `tools/call` names and its arguments, whatever transport carries the call.
    /// - Parameters:
    ///   - params: the call's parameters.
    ///   - runner: the tools.
    /// - Returns: the tool and its `arguments` members, or the error to answer with.
    package static func toolCall(
        _ params: MCPValue?, runner: MCPToolRunner
    ) -> Result<(MCPTool, [(name: String, value: MCPValue)]), JSONRPCError> {
        let name: String
        switch MCPServerMessage.toolName(params) {
        case .success(let found): name = found
        case .failure(let error): return .failure(error)
        }
        guard let tool = runner.tool(named: name) else {
            let names = runner.tools.map(\.name)
            let known = UsageError.suggesting(name, among: names, otherwise: nil).map { "; \($0)" } ?? ""
            return .failure(
                .invalidParams(
                    "unknown tool '\(PrintableText.excerpt(name, limit: 40))'\(known) (the tools are "
                        + names.joined(separator: ", ") + ")"))
        }
        return MCPServerMessage.toolArguments(params).map { (tool, $0) }
    }

    /// Creates the value from each of its properties, as the memberwise initializer does.
    package init(runner: MCPToolRunner, input: Int32, output: MCPOutput, log: @escaping @Sendable (String) -> Void) {
        self.runner = runner
        self.input = input
        self.output = output
        self.log = log
    }
}
