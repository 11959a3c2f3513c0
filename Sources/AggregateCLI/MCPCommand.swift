import AggregateEngine
import AggregatorCore
import CommandLineParsing
import Foundation
import MCPFrontEnd
import MCPWire
import ProviderKit

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// `aggregate mcp`: serves the tool's commands to AI assistants as a Model Context Protocol server on
/// standard input and output.
struct MCPCommand: Command {
    static let configuration = CommandConfiguration(
        name: "mcp",
        abstract: "Serve searches to AI assistants: a Model Context Protocol server on standard input and output",
        options: [
            OptionSpec(
                key: .endpoint, valueName: "ID=URL",
                help: "Where a provider's responses come from, for every call (repeatable)", repeatable: true),
            OptionSpec(key: .rates, valueName: "FILE", help: "Exchange-rates JSON for every call"),
            OptionSpec(
                key: .live, valueName: nil,
                help:
                    "Ask every provider's live service on every call; keyless ones need nothing, the others their credentials"
            ),
            OptionSpec(
                key: .timeout, valueName: "SECONDS",
                help: "Deadline of every call, which a call may lower but not raise (default: 10)"),
            OptionSpec(
                key: .maxResponseSize, valueName: "SIZE",
                help: "Largest response any call accepts, which a call may lower but not raise (default: 32MiB)"),
        ],
        discussion: """
            An MCP client starts 'aggregate mcp' and talks JSON-RPC 2.0 to it, one message a line, on standard
            input and output; logs go to standard error. Protocol revisions \(MCPRevision.listed). The
            tools are search_flights, search_cars, compare_sources, list_providers (and cheapest_dates where
            the dates command is installed); each takes the options of its command as arguments, such as
            {"from": "VIE", "max_price": 150}, and answers with the command's JSON output.

            Endpoints, live services and rate files are the operator's choice, not the model's: set them here,
            in the environment (AGGREGATE_<ID>_ENDPOINT, AGGREGATE_LIVE) or in the config file. So are the
            deadline and the size cap: a call may ask for less than the operator's, never more. At most 8 calls
            run at once. The server ends when standard input closes, after the calls in progress.

            EXAMPLES:
              aggregate mcp
              aggregate mcp --endpoint kiwi=live
              aggregate mcp --live
            """)

    let runner: MCPToolRunner

    init(options: ParsedOptions, context: CommandContext) throws(UsageError) {
        let name = Self.configuration.name
        if let word = options.positional.first {
            throw UsageError(
                "unexpected argument '\(PrintableText.excerpt(word, limit: 40))'",
                hint: "the server takes only options, such as --endpoint kiwi=live", command: name)
        }
        // Checked here, so that a mistake stops the server before a client connects rather than failing
        // every call.
        let config = try context.config(command: name)
        _ = try EndpointSettings(
            flags: options.all(.endpoint), environment: context.environment, config: config,
            providers: context.catalog.all, command: name)
        var operatorOptions = options.all(.endpoint).map { (key: OptionKey.endpoint, value: $0) }
        if options.has(.live) { operatorOptions.append((key: .live, value: "")) }
        let reader = ValueReader(options: options, command: name)
        if let rates = options.value(.rates) {
            _ = try reader.rates(rates)
            operatorOptions.append((key: .rates, value: rates))
        }
        // The operator's limits, which calls may only lower (see MCPToolRunner).
        if let timeout = options.value(.timeout) {
            _ = try reader.seconds(.timeout)
            operatorOptions.append((key: .timeout, value: timeout))
        }
        if let size = options.value(.maxResponseSize) {
            _ = try reader.size(.maxResponseSize)
            operatorOptions.append((key: .maxResponseSize, value: size))
        }
        let installed = AggregateTool.commands.map { $0.configuration.name }
        runner = MCPToolRunner(
            tools: MCPTool.available(commands: installed, providerIDs: context.catalog.ids.map(\.rawValue)),
            context: context, operatorOptions: operatorOptions)
    }

    func run(console: Console) async -> ExitCode {
        // A client that has gone away must not kill the server mid-write: a failed write is noticed instead.
        signal(SIGPIPE, SIG_IGN)
        // The protocol gets a descriptor of its own, and standard output becomes standard error, so that
        // nothing printed by mistake can ever corrupt the message stream.
        // Close-on-exec, as everything the tool opens: no program a call starts may write into the stream.
        let protocolOutput = fcntl(STDOUT_FILENO, F_DUPFD_CLOEXEC, 0)
        guard protocolOutput >= 0, dup2(STDERR_FILENO, STDOUT_FILENO) >= 0 else {
            console.printError("error: cannot set up standard output for the protocol")
            return .failure
        }
        defer { close(protocolOutput) }
        // Logs are written straight to the descriptor: a client that closed the server's standard error
        // loses them, but must not stop the server (a failed `FileHandle` write traps).
        let log: @Sendable (String) -> Void = { line in
            let bytes = Array((line + "\n").utf8)
            _ = bytes.withUnsafeBytes { write(STDERR_FILENO, $0.baseAddress, $0.count) }
        }
        log(
            "aggregate mcp \(AggregateTool.version): serving \(runner.tools.map(\.name).joined(separator: ", ")) "
                + "on standard input and output")
        let server = MCPServer(
            runner: runner, input: STDIN_FILENO, output: MCPOutput(descriptor: protocolOutput), log: log)
        await server.serve()
        return .success
    }
}
