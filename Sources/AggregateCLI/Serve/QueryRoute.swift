import AggregatorCore
import Foundation
import HTTPServer
import ProviderKit

/// `GET /v1/search`, `/v1/compare`, `/v1/dates` and `/v1/providers`: a command run in the server's process
/// with the request's query parameters as its options, answering the command's own `--format json`
/// document.
///
/// Rules:
/// - A parameter is named like the command's option without its dashes (`max-price=150`); a flag takes
///   `true` or `false` (or no value, for true); a repeatable option may be repeated. `/v1/providers` takes
///   `providers=kiwi,sita`, the ids to list.
/// - The options the operator fixes are not parameters: the format, the endpoints, live services, rate
///   files, offline answers, the deadline and the size cap (``fixedOptions``). The server adds the
///   operator's own to every run, so a request can never choose an endpoint, a file or a URL.
/// - A bad parameter is `400` with ``ServeErrorDocument``, carrying the very line the command line
///   prints for the same mistake. A search some providers failed is still `200`: the document says how each
///   did. One where no provider answered is `502`, with the same document.
struct QueryRoute: Sendable {
    /// Options a request may never set.
    static let fixedOptions: Set<OptionKey> = [
        .format, .wide, .verbose, .endpoint, .rates, .live, .offline, .timeout, .maxResponseSize, .check,
    ]

    /// The command the route runs.
    let command: String
    /// The environment, the providers the server offers and its aggregators.
    let context: CommandContext
    /// The operator's options, added to every run whose command takes them.
    let operatorOptions: [(key: OptionKey, value: String)]

    /// Answers a request.
    /// - Parameter request: the request.
    /// - Returns: the command's document, or an error.
    func respond(to request: ServerRequest) async -> ServerResponse {
        guard let type = AggregateTool.command(named: command) else {
            return ServeErrorDocument.response(404, "the '\(command)' command is not installed in this server")
        }
        let configuration = type.configuration
        let captured = MCPCapturedOutput()
        let status: ExitCode
        do {
            let words = try self.words(for: request.queryItems, configuration: configuration)
            let typed = try ParsedOptions.parse(words, specs: configuration.options, command: configuration.name)
            let options = try KeptSettings.apply(
                to: typed, specs: configuration.options, context: context, command: configuration.name)
            let instance = try type.init(options: options, context: context)
            status = await instance.run(console: captured.console)
        } catch {
            return ServeErrorDocument.response(400, error.description)
        }
        let document = captured.standardOutput
        if status == .usage || document.isEmpty {
            let errors = captured.errorLines.filter { $0.hasPrefix("error:") }
            let message = errors.isEmpty ? "error: the command printed nothing." : errors.joined(separator: " ")
            return ServeErrorDocument.response(status == .usage ? 400 : 500, message)
        }
        return ServerResponse(
            status: status == .noProviderAnswered ? 502 : 200,
            headers: ["Content-Type": "application/json", "Cache-Control": "no-store"], body: .bytes(document))
    }

    /// The command line: the fixed words, the operator's options, then the request's parameters.
    /// - Throws: ``UsageError`` for a parameter the command has no option for, one the operator fixes, or a
    ///   flag's value that is neither true nor false.
    func words(
        for parameters: [(name: String, value: String)], configuration: CommandConfiguration
    ) throws(UsageError) -> [String] {
        let keys = Set(configuration.options.map(\.key))
        var words: [String] = []
        if keys.contains(.format) { words.append("\(OptionKey.format)=json") }
        words += operatorOptions.filter { keys.contains($0.key) }.map {
            $0.value.isEmpty ? "\($0.key)" : "\($0.key)=\($0.value)"
        }
        let open = configuration.options.filter { !Self.fixedOptions.contains($0.key) }
        var positional: [String] = []
        for (name, value) in parameters {
            if command == "providers", name == "providers" {
                positional += value.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
                continue
            }
            let option = "--" + name
            guard let spec = open.first(where: { $0.name == option }) else {
                if Self.fixedOptions.contains(where: { $0.name == option }) {
                    throw UsageError(
                        "'\(option)' is set by the server's operator, not by a request",
                        hint: "leave it out; GET /v1/providers shows the endpoints in use", command: configuration.name)
                }
                throw UsageError.unknownOption(
                    PrintableText.excerpt(option, limit: 40), known: open.map(\.name), command: configuration.name)
            }
            guard spec.valueName == nil else {
                words.append("\(option)=\(value)")
                continue
            }
            switch value.lowercased() {
            case "", "true", "1", "yes": words.append(option)
            case "false", "0", "no": break
            default:
                throw UsageError(
                    "'\(option)' is a flag: as a parameter it takes true or false, got '\(PrintableText.excerpt(value, limit: 40))'",
                    hint: "write \(name)=true, or leave it out", command: configuration.name)
            }
        }
        return positional.isEmpty ? words : words + ["--"] + positional
    }
}
