import AggregatorCore
import Foundation
import ProviderKit

/// A provider that is a program outside the tool, speaking `aggregate.provider.v1`: run as
/// `<program> search` with the query on standard input, it writes one offer per line and a status line.
///
/// Its search ignores the client but for what it says of the search: the provider id its offers take
/// (`client.provider`), the time left (`client.timeLeft`), the size cap (`client.maxResponseBytes`) and the
/// endpoint setting (`client.endpointDescription`), which reaches the program as `AGGREGATE_ENDPOINT`
/// (`embedded` unless the user set one). Only the variables its spec lists, and `PATH`, `HOME`, `LANG` and
/// `TZ`, are passed to it; never the tool's own (``ExternalSpec/isToolVariable(_:for:)``), whatever the spec
/// lists.
///
/// How a run becomes an answer or a ``ProviderError``:
/// - it cannot be started: `configuration`;
/// - still running when the time is up: stopped, `timeout`; more output than the cap: stopped,
///   `response_too_large`;
/// - a non-zero exit or a signal: `unexpected`, quoting the last line of its log (the last lines are the
///   error's underlying ``ExternalLog``, which `--verbose` prints);
/// - exit 0 without a status line: `malformed_response`; a status `failed`: the code it names (one of
///   ``ExternalOutput/failureCodes``), `transport` when it names none, with its message;
/// - lines that cannot be read are skipped and counted, with a note quoting the first; when no offer line
///   can be read and some could not, `malformed_response`.
package struct ExternalProvider: OfferProvider {
    /// The variable that tells the program its endpoint setting.
    package static let endpointVariable = "AGGREGATE_ENDPOINT"

    /// The program.
    package let program: ExternalProgram
    /// What it said of itself.
    package let spec: ExternalSpec
    /// Who it is, from its spec.
    package let descriptor: ProviderDescriptor
    /// The tool's environment, from which the variables the spec lists are passed.
    package let environment: [String: String]
    /// The runs to stop when the tool exits.
    package let children: ExternalChildren?

    /// Creates the provider.
    /// - Parameters:
    ///   - program: the program.
    ///   - spec: its spec.
    ///   - environment: the tool's environment.
    ///   - children: the runs to stop when the tool exits.
    package init(
        program: ExternalProgram, spec: ExternalSpec, environment: [String: String], children: ExternalChildren?
    ) {
        self.program = program
        self.spec = spec
        descriptor = spec.descriptor
        self.environment = environment
        self.children = children
    }

    package func search(
        _ query: SearchQuery, using client: ProviderClient
    ) async throws(ProviderError) -> ProviderResponse {
        // A live client without a deadline is the runner asking for a cached answer, which a program has not.
        if client.deadline == nil, client.isLive {
            throw ProviderError(
                .notCached, provider: client.provider, "is an outside program and keeps no cached answers")
        }
        let outcome = await run(
            query, endpoint: client.endpointDescription, timeLeft: client.timeLeft,
            maxOutputBytes: client.maxResponseBytes)
        return try response(
            from: outcome, provider: client.provider, retrievedAt: client.now(), maxOutputBytes: client.maxResponseBytes
        )
    }

    /// Runs `<program> search` for a query.
    /// - Parameters:
    ///   - query: the query, written to its standard input.
    ///   - endpoint: the endpoint setting, passed as `AGGREGATE_ENDPOINT`.
    ///   - timeLeft: how long it may run.
    ///   - maxOutputBytes: the most output accepted.
    /// - Returns: how the run ended and what it wrote.
    package func run(
        _ query: SearchQuery, endpoint: String, timeLeft: Duration, maxOutputBytes: Int
    ) async -> ExternalRun.Outcome {
        return await ExternalRun.run(
            program: program.path, arguments: ["search"], environment: programEnvironment(endpoint: endpoint),
            input: ProgramQueryDocument(query: query).line, maxOutputBytes: maxOutputBytes,
            deadline: ContinuousClock.now.advanced(by: timeLeft),
            children: children)
    }

    /// The program's whole environment: the base variables and those its spec lists, when set, but for the
    /// tool's own, and the endpoint setting.
    package func programEnvironment(endpoint: String) -> [String: String] {
        let names = Set(ExternalSpec.baseEnvironment + spec.environment)
        let id = spec.id
        var passed = environment.filter { names.contains($0.key) && !ExternalSpec.isToolVariable($0.key, for: id) }
        passed[Self.endpointVariable] = endpoint
        return passed
    }

    /// The answer a run gives, or the error it is.
    /// - Parameters:
    ///   - outcome: how the run ended and what it wrote.
    ///   - provider: the id its offers and errors take (the client's).
    ///   - retrievedAt: when the answer arrived.
    ///   - maxOutputBytes: the size cap it ran under, for the message.
    /// - Returns: the offers, skipped count and notes.
    /// - Throws: ``ProviderError`` as the type's documentation says.
    package func response(
        from outcome: ExternalRun.Outcome, provider id: ProviderID, retrievedAt: Date, maxOutputBytes: Int
    ) throws(ProviderError) -> ProviderResponse {
        func malformed(_ problem: String, _ log: ExternalLog) -> ProviderError {
            ProviderError(
                .malformedResponse, provider: id, "the response is not in the expected format: \(problem)",
                underlying: log)
        }
        let log = ExternalLog(lines: outcome.log)
        let lastLine = outcome.log.last.map { ": \($0)" } ?? " (its log is empty)"
        switch outcome.ending {
        case .couldNotStart(let reason):
            throw ProviderError(
                .configuration, provider: id, "cannot start \(program.path): \(reason)", underlying: log)
        case .deadline:
            throw ProviderError(
                .timeout, provider: id,
                "did not finish before the deadline; it was stopped after \(Self.format(outcome.duration))",
                underlying: log)
        case .cancelled:
            throw ProviderError(.timeout, provider: id, "was stopped at the deadline", underlying: log)
        case .outputTooLarge:
            throw ProviderError(
                .responseTooLarge, provider: id,
                "it wrote more than the \(maxOutputBytes)-byte limit; it was stopped", remedy: .raiseSizeCap,
                underlying: log)
        case .signalled(let signal):
            throw ProviderError(.unexpected, provider: id, "was ended by signal \(signal)\(lastLine)", underlying: log)
        case .exited(let status) where status != 0:
            throw ProviderError(.unexpected, provider: id, "exited with status \(status)\(lastLine)", underlying: log)
        case .exited:
            break
        }
        let output = ExternalOutput(parsing: outcome.output, provider: id, programID: spec.id, retrievedAt: retrievedAt)
        let firstProblem = output.problems.first
        guard let status = output.status else {
            throw malformed("it ended without a status line" + (firstProblem.map { "; \($0)" } ?? ""), log)
        }
        if status.kind == .failed {
            throw ProviderError(
                status.code ?? .transport, provider: id, "reported a failure: \(status.error ?? "no reason given")",
                underlying: log)
        }
        if output.offers.isEmpty, output.brokenLines > 0, let firstProblem {
            throw malformed("no offer line could be read; \(firstProblem)", log)
        }
        var notes = status.notes
        if output.brokenLines > 0, let firstProblem {
            let lines = output.brokenLines == 1 ? "1 line" : "\(output.brokenLines) lines"
            notes.append("\(lines) of its output could not be read, the first: \(firstProblem)")
        }
        // A program is kept to the modes its spec lists: a trip by another mode is not read.
        let modes = spec.modes
        let kept = output.offers.filter { offer in
            offer.product.itinerary?.segments.allSatisfy { modes.contains($0.mode) } ?? true
        }
        if kept.count < output.offers.count {
            notes.append("\(output.offers.count - kept.count) trips by a mode its spec does not list were left out")
        }
        return ProviderResponse(
            offers: kept, skipped: output.brokenLines + status.skipped + output.offers.count - kept.count, notes: notes)
    }

    /// `3 ms`, `1.5 s`, `10 s`.
    package static func format(_ duration: Duration) -> String {
        let milliseconds = duration.inMilliseconds
        if milliseconds < 1000 { return "\(milliseconds) ms" }
        if milliseconds % 1000 == 0 { return "\(milliseconds / 1000) s" }
        return String(format: "%.1f s", Double(milliseconds) / 1000)
    }
}
