import AggregateEngine
import AggregatorCore
import CommandLineParsing
import Foundation
import MCPWire
import ProviderKit
import Watches

/// Runs tool calls: each one as its command's typed answer, its options filled from the call's arguments by
/// the command's own option table, its document the result.
package struct MCPToolRunner: Sendable {
    /// The tools offered, in the order `tools/list` gives them.
    package let tools: [MCPTool]
    /// The environment, the installed providers and the process's engine, as every command sees them.
    package let context: CommandContext
    /// Options the operator gave `aggregate mcp` (endpoints, a rates file, the deadline and the size cap),
    /// added to every call whose command takes them and whose arguments do not set them.
    package let operatorOptions: [(key: OptionKey, value: String)]

    /// The options that are limits: a call's argument may lower the operator's value, never raise it.
    package static let limits: [OptionKey] = [.timeout, .maxResponseSize]

    /// The installed providers' ids.
    package var providerIDs: [String] { context.catalog.ids.map(\.rawValue) }

    /// The commands the tools run: each answers with a typed document.
    package static var commands: [any AnsweringCommand.Type] {
        [SearchCommand.self, CompareCommand.self, DatesCommand.self, ProvidersCommand.self, HistoryCommand.self]
    }

    /// The command with this name, if a tool can run it.
    package static func command(named name: String) -> (any AnsweringCommand.Type)? {
        commands.first { $0.configuration.name == name }
    }

    /// The tool with this name.
    package func tool(named name: String) -> MCPTool? {
        tools.first { $0.name == name }
    }

    /// The properties of a tool's input, from its command's option table.
    package func properties(of tool: MCPTool) -> [MCPToolProperty] {
        guard let command = Self.command(named: tool.command) else { return [] }
        return tool.properties(options: command.configuration.options, providerIDs: providerIDs)
    }

    /// Runs one call. A cancelled task stops the command's search, which then reports the providers it
    /// stopped; what the caller does with that result is its own choice.
    /// - Parameters:
    ///   - tool: the tool.
    ///   - arguments: the call's `arguments` members.
    /// - Returns: the result: never a protocol error, whatever the arguments or the providers did.
    package func call(_ tool: MCPTool, arguments: [(name: String, value: MCPValue)]) async -> MCPToolResult {
        guard let command = Self.command(named: tool.command) else {
            return .error("error: the '\(tool.command)' command is not installed.")
        }
        return await call(tool, command: command, arguments: arguments)
    }

    private func call<Answering: AnsweringCommand>(
        _ tool: MCPTool, command: Answering.Type, arguments: [(name: String, value: MCPValue)]
    ) async -> MCPToolResult {
        let configuration = command.configuration
        let names = MCPTool.propertyNames(configuration.options)
        let properties = tool.properties(options: configuration.options, providerIDs: providerIDs)
        let answer: CommandAnswer<Answering.Output>
        do {
            let asked = try MCPToolArguments.options(arguments, properties: properties, command: configuration.name)
            let own = try ownOptions(of: tool, configuration: configuration)
            let typed = asked.adding(own)
            if Self.limits.contains(where: asked.gave) {
                try Self.checkLimits(typed, against: own, context: context, command: configuration.name)
            }
            let options = try KeptSettings.apply(
                to: typed, specs: configuration.options, context: context, command: configuration.name)
            answer = try await Answering(options: options, context: context).answer(progress: nil)
        } catch {
            return .error(MCPWording.line(error, names: names))
        }
        guard let output = answer.output, answer.status != .usage else {
            let errors = answer.errorLines
            let message = errors.isEmpty ? "error: the command has no answer." : errors.joined(separator: " ")
            return .error(MCPWording.replacingOptions(in: message, names: names))
        }
        let document = Array(output.document.printed().utf8)
        return MCPToolResult(
            isError: answer.status == .noProviderAnswered || answer.status == .failure,
            summary: MCPSummary.text(tool.summary, document: document, names: names), document: document)
    }

    /// What every call of a tool has before its arguments: the tool's fixed options, the JSON format and the
    /// operator's options that its command takes. These are also the operator's limits: what the command would
    /// use if a call gave none.
    private func ownOptions(of tool: MCPTool, configuration: CommandConfiguration) throws(UsageError) -> ParsedOptions {
        let given = configuration.operatorGiven(fixed: tool.fixedOptions, operatorOptions: operatorOptions)
        return try ParsedOptions(given: given, command: configuration.name)
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
    package static func checkLimits(
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

    /// Creates the value from each of its properties, as the memberwise initializer does.
    package init(tools: [MCPTool], context: CommandContext, operatorOptions: [(key: OptionKey, value: String)]) {
        self.tools = tools
        self.context = context
        self.operatorOptions = operatorOptions
    }
}
