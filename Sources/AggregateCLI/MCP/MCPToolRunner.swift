import AggregatorCore
import Foundation
import ProviderKit

/// Runs tool calls: each one as its command, parsed and validated by the command's own code and run with
/// `--format json`, its output captured.
struct MCPToolRunner: Sendable {
    /// The tools offered, in the order `tools/list` gives them.
    let tools: [MCPTool]
    /// The environment and the installed providers, as every command sees them.
    let context: CommandContext
    /// Options the operator gave `aggregate mcp` (endpoints, a rates file, the deadline and the size cap),
    /// added to every call whose command takes them and whose arguments do not set them.
    let operatorOptions: [(key: OptionKey, value: String)]

    /// The options that are limits: a call's argument may lower the operator's value, never raise it.
    static let limits: [OptionKey] = [.timeout, .maxResponseSize]

    /// The installed providers' ids.
    var providerIDs: [String] { context.catalog.ids.map(\.rawValue) }

    /// The tool with this name.
    func tool(named name: String) -> MCPTool? {
        tools.first { $0.name == name }
    }

    /// The properties of a tool's input, from its command's option table.
    func properties(of tool: MCPTool) -> [MCPToolProperty] {
        guard let command = AggregateTool.command(named: tool.command) else { return [] }
        return tool.properties(options: command.configuration.options, providerIDs: providerIDs)
    }

    /// Runs one call. A cancelled task stops the command's search, which then reports the providers it
    /// stopped; what the caller does with that result is its own choice.
    /// - Parameters:
    ///   - tool: the tool.
    ///   - arguments: the call's `arguments` members.
    /// - Returns: the result: never a protocol error, whatever the arguments or the providers did.
    func call(_ tool: MCPTool, arguments: [(name: String, value: MCPValue)]) async -> MCPToolResult {
        guard let command = AggregateTool.command(named: tool.command) else {
            return .error("error: the '\(tool.command)' command is not installed.")
        }
        let configuration = command.configuration
        let names = MCPTool.propertyNames(configuration.options)
        let properties = tool.properties(options: configuration.options, providerIDs: providerIDs)
        let captured = MCPCapturedOutput()
        let status: ExitCode
        do {
            let given = try MCPToolArguments.commandLine(arguments, properties: properties)
            let asked = try ParsedOptions.parse(given, specs: configuration.options, command: configuration.name)
            let keys = Set(configuration.options.map(\.key))
            var fixed = tool.fixedArguments
            if keys.contains(.format) { fixed.append("\(OptionKey.format)=json") }
            let operatorWords = operatorOptions.filter { keys.contains($0.key) }.map {
                (key: $0.key, word: $0.value.isEmpty ? "\($0.key)" : "\($0.key)=\($0.value)")
            }
            let words = fixed + operatorWords.filter { !asked.gave($0.key) }.map(\.word)
            let typed = try ParsedOptions.parse(
                words + given, specs: configuration.options, command: configuration.name)
            if Self.limits.contains(where: asked.gave) {
                // The operator's limits are what the command would use with the operator's words alone, every
                // one of them, including those the call's arguments replace.
                let own = try ParsedOptions.parse(
                    fixed + operatorWords.map(\.word), specs: configuration.options,
                    command: configuration.name)
                try Self.checkLimits(typed, against: own, context: context, command: configuration.name)
            }
            let options = try KeptSettings.apply(
                to: typed, specs: configuration.options, context: context, command: configuration.name)
            let instance = try command.init(options: options, context: context)
            status = await instance.run(console: captured.console)
        } catch {
            return .error(MCPWording.line(error, names: names))
        }
        let output = captured.standardOutput
        let errors = captured.errorLines.filter { $0.hasPrefix("error:") }
        if status == .usage || output.isEmpty {
            let message = errors.isEmpty ? "error: the command printed nothing." : errors.joined(separator: " ")
            return .error(MCPWording.replacingOptions(in: message, names: names))
        }
        return MCPToolResult(
            isError: status == .noProviderAnswered || status == .failure,
            summary: MCPSummary.text(tool.summary, document: output, names: names), document: output)
    }

    /// Refuses a call whose arguments raise a limit above what the operator set (or, where the operator set
    /// nothing, above the default): the deadline and the size cap are the operator's to raise, the caller's
    /// only to lower. The operator's value is what the command would use if the call gave none.
    /// - Parameters:
    ///   - typed: the call's options, the operator's and the caller's together.
    ///   - own: the operator's options alone.
    ///   - context: the environment and the installed providers.
    ///   - command: the command, for messages.
    /// - Throws: ``UsageError`` naming the option and the operator's value.
    static func checkLimits(
        _ typed: ParsedOptions, against own: ParsedOptions, context: CommandContext, command: String
    ) throws(UsageError) {
        let asked = try ConnectionOptions(typed, context: context, command: command).settings
        let allowed = try ConnectionOptions(own, context: context, command: command).settings
        if asked.deadline > allowed.deadline {
            throw UsageError(
                "'\(OptionKey.timeout)' may only lower this server's deadline of "
                    + "\(ExternalProvider.format(allowed.deadline)), not raise it",
                hint: "ask for \(ExternalProvider.format(allowed.deadline)) or less; only the operator can raise it, "
                    + "when starting the server or in the config file", command: command)
        }
        if asked.maxResponseBytes > allowed.maxResponseBytes {
            throw UsageError(
                "'\(OptionKey.maxResponseSize)' may only lower this server's cap of "
                    + "\(ByteSize.format(allowed.maxResponseBytes)), not raise it",
                hint: "ask for \(ByteSize.format(allowed.maxResponseBytes)) or less; only the operator can raise it, "
                    + "when starting the server or in the config file", command: command)
        }
    }
}
