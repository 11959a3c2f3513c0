import AggregateEngine
import AggregatorCore
import CommandLineParsing
import Foundation
import HTTPServer
import ProviderKit

/// `GET /v1/search`, `/v1/compare`, `/v1/dates` and `/v1/providers`: the command's typed answer for the
/// request's query parameters, sent as the command's own JSON document.
///
/// Rules:
/// - A parameter is named like the command's option without its dashes (`max-price=150`), from the same
///   option table the command line reads; a flag takes `true` or `false` (or no value, for true); a
///   repeatable option may be repeated. `/v1/providers` takes `providers=kiwi,sita`, the ids to list.
/// - The options the operator fixes are not parameters: the format, the endpoints, live services, rate
///   files, offline answers, the deadline and the size cap (``fixedOptions``). The server adds the
///   operator's own to every request whose command takes them, so a request can never choose an endpoint, a
///   file or a URL.
/// - A bad parameter is `400` with ``ServeErrorDocument``, carrying the very line the command line
///   prints for the same mistake. A search some providers failed is still `200`: the document says how each
///   did. One where no provider answered is `502`, with the same document.
package struct QueryRoute: Sendable {
    /// Options a request may never set.
    package static let fixedOptions: Set<OptionKey> = [
        .format, .wide, .verbose, .endpoint, .rates, .live, .offline, .timeout, .maxResponseSize, .check,
    ]

    /// The command the route answers with.
    package let command: any AnsweringCommand.Type
    /// The environment, the providers the server offers and its engine.
    package let context: CommandContext
    /// The operator's options, added to every request whose command takes them.
    package let operatorOptions: [(key: OptionKey, value: String)]

    /// Answers a request.
    /// - Parameter request: the request.
    /// - Returns: the command's document, or an error.
    package func respond(to request: ServerRequest) async -> ServerResponse {
        await answer(to: request).response
    }

    /// Answers a request, and says until when the same request would get the same response.
    /// - Parameter request: the request.
    /// - Returns: the response, and for a search every provider answered from answers still fresh, until
    ///   when the first of them stays fresh (``CommandAnswer/freshUntil``); else `nil`.
    package func answer(to request: ServerRequest) async -> (response: ServerResponse, freshUntil: Date?) {
        await answer(command, to: request)
    }

    private func answer<Answering: AnsweringCommand>(
        _ type: Answering.Type, to request: ServerRequest
    ) async -> (response: ServerResponse, freshUntil: Date?) {
        let configuration = type.configuration
        let answer: CommandAnswer<Answering.Output>
        do {
            let typed = try options(for: request.queryItems, configuration: configuration)
            let options = try KeptSettings.apply(
                to: typed, specs: configuration.options, context: context, command: configuration.name)
            answer = try await Answering(options: options, context: context).answer(progress: nil)
        } catch {
            return (ServeErrorDocument.response(400, error.description), nil)
        }
        guard let output = answer.output, answer.status != .usage else {
            let errors = answer.errorLines
            let message = errors.isEmpty ? "error: the command has no answer." : errors.joined(separator: " ")
            return (ServeErrorDocument.response(answer.status == .usage ? 400 : 500, message), nil)
        }
        let response = ServerResponse(
            status: answer.status == .noProviderAnswered ? 502 : 200,
            headers: ["Content-Type": "application/json", "Cache-Control": "no-store"],
            body: .bytes(Array(output.document.printed().utf8)))
        return (response, answer.status == .success ? answer.freshUntil : nil)
    }

    /// The request's options: the JSON format, the operator's options, then the request's parameters, each
    /// checked against the command's option table.
    /// - Throws: ``UsageError`` for a parameter the command has no option for, one the operator fixes, a
    ///   flag's value that is neither true nor false, or an option given twice.
    package func options(
        for parameters: [(name: String, value: String)], configuration: CommandConfiguration
    ) throws(UsageError) -> ParsedOptions {
        var given = configuration.operatorGiven(operatorOptions: operatorOptions)
        let open = configuration.options.filter { !Self.fixedOptions.contains($0.key) }
        var positional: [String] = []
        for (name, value) in parameters {
            if configuration.name == "providers", name == "providers" {
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
                given.append(GivenOption(spec: spec, value: value))
                continue
            }
            switch value.lowercased() {
            case "", "true", "1", "yes": given.append(GivenOption(spec: spec, value: nil))
            case "false", "0", "no": break
            default:
                throw UsageError(
                    "'\(option)' is a flag: as a parameter it takes true or false, got '\(PrintableText.excerpt(value, limit: 40))'",
                    hint: "write \(name)=true, or leave it out", command: configuration.name)
            }
        }
        return try ParsedOptions(given: given, positional: positional, command: configuration.name)
    }

    /// Creates the value from each of its properties, as the memberwise initializer does.
    package init(
        command: any AnsweringCommand.Type, context: CommandContext, operatorOptions: [(key: OptionKey, value: String)]
    ) {
        self.command = command
        self.context = context
        self.operatorOptions = operatorOptions
    }
}
