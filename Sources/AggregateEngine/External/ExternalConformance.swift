import AggregatorCore
import Foundation
import ProviderChecks
import ProviderKit

/// The checks `aggregate provider check` runs on an outside program, in the order it prints them:
///
/// 1. **spec valid**: `<program> spec` is run afresh (the cached spec is refreshed) and must be a valid
///    `aggregate.provider.v1` spec under the id the program was found as;
/// 2. **sample search maps**, **ids unique and stable across two runs**, **offers well formed**,
///    **prices positive in known currencies**, **times and links**: the core's ``ConformanceCheck``, run
///    on the program as an ``ExternalProvider`` with its spec's `sample_query` (or a default query);
/// 3. **every output line reads**: one more run, whose every line must be an offer or the final status
///    line, and whose exit must be 0;
/// 4. **deadline honoured**: that run finished before the deadline (a program that overruns is stopped
///    there, which the tests show; the check does not wait for a slow program beyond the deadline);
/// 5. **nothing left running**: when that run's program exited, nothing it had started was still running
///    (what was is killed either way, see ``ExternalProcessTree``; a program that leaves processes behind
///    fails, as every search would leave them until the tool killed them);
/// 6. **a broken line handled**: that run's output with its first offer line cut in half, read again:
///    the broken line is skipped and counted and the others are kept (or, when it was the only offer,
///    the answer is a `malformed_response`).
package enum ExternalConformance {
    /// The core checks that apply to a program: those on its samples or its HTTP use do not.
    package static let coreAspects: [ConformanceCheck.Aspect] = [
        .sampleSearch, .stableIDs, .offers, .prices, .timesAndLinks,
    ]

    /// Titles of the checks of this type's own.
    package static let specTitle = "spec valid"
    package static let linesTitle = "every output line reads"
    package static let deadlineTitle = "deadline honoured"
    package static let leftoversTitle = "nothing left running"
    package static let brokenLineTitle = "a broken line handled"

    /// Runs the checks.
    /// - Parameters:
    ///   - program: the program.
    ///   - environment: the tool's environment.
    ///   - deadline: the time each search may take.
    ///   - maxOutputBytes: the most output accepted.
    ///   - cache: where specs are kept; refreshed.
    ///   - children: the runs to stop when the tool exits.
    /// - Returns: one line per check.
    package static func check(
        _ program: ExternalProgram, environment: [String: String], deadline: Duration, maxOutputBytes: Int,
        cache: ExternalSpecCache, children: ExternalChildren
    ) async -> [ConformanceLine] {
        let loaded = await ExternalSpecLoader.load(
            [program], environment: environment, cache: cache, refresh: true, children: children)
        let spec: ExternalSpec
        switch loaded.first {
        case .success(let value)?:
            spec = value
        case .failure(let error)?:
            let skipped =
                (coreAspects.map(ConformanceLine.title(of:))
                + [linesTitle, deadlineTitle, leftoversTitle, brokenLineTitle])
                .map { ConformanceLine.notChecked($0, as: "the spec cannot be used") }
            return [.fail(specTitle, error.message)] + skipped
        case nil:
            return [.fail(specTitle, "it was not read")]
        }
        var lines = [ConformanceLine.pass(specTitle, describe(spec))]
        let provider = ExternalProvider(program: program, spec: spec, environment: environment, children: children)
        let report = await ConformanceCheck(deadline: deadline, aspects: Set(coreAspects)).run(provider)
        lines += ConformanceLine.lines(for: report, planned: coreAspects, provider: program.id)

        let outcome = await provider.run(
            provider.descriptor.samples.query, endpoint: Endpoint.embedded.description, timeLeft: deadline,
            maxOutputBytes: maxOutputBytes)
        lines.append(outputLine(provider, outcome, maxOutputBytes: maxOutputBytes))
        lines.append(
            outcome.ending == .deadline
                ? ConformanceLine.fail(
                    deadlineTitle,
                    "still running after \(ExternalProvider.format(deadline)); it was stopped")
                : ConformanceLine.pass(
                    deadlineTitle,
                    "finished in \(ExternalProvider.format(outcome.duration)) of \(ExternalProvider.format(deadline))"))
        lines.append(leftoversLine(outcome))
        lines.append(brokenLine(provider, outcome, maxOutputBytes: maxOutputBytes))
        return lines
    }

    private static func describe(_ spec: ExternalSpec) -> String {
        var text = "\(ExternalSpec.protocolVersion), offers \(spec.descriptor.offersText)"
        if !spec.requires.isEmpty {
            text += ", requires \(spec.requires.sorted().map(\.rawValue).joined(separator: ", "))"
        }
        if !spec.environment.isEmpty { text += ", reads \(spec.environment.joined(separator: ", "))" }
        if !spec.withheld.isEmpty {
            text += "; not passed, as aggregate's own: \(spec.withheld.joined(separator: ", "))"
        }
        return text
    }

    private static func outputLine(
        _ provider: ExternalProvider, _ outcome: ExternalRun.Outcome, maxOutputBytes: Int
    ) -> ConformanceLine {
        let id = provider.spec.id
        do throws(ProviderError) {
            let response = try provider.response(
                from: outcome, provider: id, retrievedAt: Date(), maxOutputBytes: maxOutputBytes)
            let output = ExternalOutput(parsing: outcome.output, provider: id, programID: id, retrievedAt: Date())
            if let problem = output.problems.first {
                let more = output.brokenLines > 1 ? " (and \(output.brokenLines - 1) more)" : ""
                return .fail(linesTitle, problem + more)
            }
            return .pass(linesTitle, "\(response.offers.count) offer lines and a status line")
        } catch {
            return .fail(linesTitle, "\(error.code): \(error.message)")
        }
    }

    private static func leftoversLine(_ outcome: ExternalRun.Outcome) -> ConformanceLine {
        guard case .exited = outcome.ending else {
            return .notChecked(leftoversTitle, as: "the search did not exit by itself")
        }
        guard outcome.leftRunning > 0 else {
            return .pass(leftoversTitle, "nothing it started was still running when it exited")
        }
        let count = outcome.leftRunning == 1 ? "1 process" : "\(outcome.leftRunning) processes"
        return .fail(
            leftoversTitle,
            "it exited leaving \(count) it had started still running (they were killed); wait for what you start, "
                + "or stop it, before exiting")
    }

    private static func brokenLine(
        _ provider: ExternalProvider, _ outcome: ExternalRun.Outcome, maxOutputBytes: Int
    ) -> ConformanceLine {
        let id = provider.spec.id
        guard case .exited(0) = outcome.ending,
            let baseline = try? provider.response(
                from: outcome, provider: id, retrievedAt: Date(), maxOutputBytes: maxOutputBytes)
        else {
            return .notChecked(brokenLineTitle, as: "the search failed")
        }
        var lines = outcome.output.split(separator: 0x0A, omittingEmptySubsequences: false)
        guard let index = lines.firstIndex(where: isOfferLine) else {
            return .notChecked(brokenLineTitle, as: "no offer line came back to break")
        }
        lines[index] = lines[index].prefix(lines[index].count / 2)
        var broken = outcome
        broken.output = Data(lines.joined(separator: [0x0A]))
        do throws(ProviderError) {
            let response = try provider.response(
                from: broken, provider: id, retrievedAt: Date(), maxOutputBytes: maxOutputBytes)
            let kept = response.offers.count == baseline.offers.count - 1
            let counted = response.skipped == baseline.skipped + 1
            return ConformanceLine(
                verdict: kept && counted ? .passed : .failed, title: brokenLineTitle,
                detail: kept && counted
                    ? "line \(index + 1) cut in half is skipped and counted; the other \(response.offers.count) offers are kept"
                    : "with line \(index + 1) cut in half, \(response.offers.count) offers and \(response.skipped) skipped "
                        + "came back, not \(baseline.offers.count - 1) and \(baseline.skipped + 1)")
        } catch {
            let alone = baseline.offers.count == 1 && error.code == .malformedResponse
            return ConformanceLine(
                verdict: alone ? .passed : .failed, title: brokenLineTitle,
                detail: alone
                    ? "its only offer line cut in half gives \(error.code), as nothing else is left"
                    : "with line \(index + 1) cut in half, the answer failed: \(error.message)")
        }
    }

    /// Whether a line of output is an offer: a JSON object without a `status` member.
    private static func isOfferLine(_ line: Data.SubSequence) -> Bool {
        let isOffer = try? JSONDocument.read(Data(line)) { root in
            guard root.kind == .object else { return false }
            return try root.member("status") == nil
        }
        return isOffer ?? false
    }
}
