import AggregatorCore
import Foundation
import ProviderKit

/// Reads outside programs' specs: from the ``ExternalSpecCache`` when the program has not changed since
/// its spec was kept, else by running `<program> spec` (all that are needed at once, each within
/// ``timeout``) and keeping what it printed.
package enum ExternalSpecLoader {
    /// How long `<program> spec` may take.
    package static let timeout: Duration = .seconds(5)

    /// Reads the specs of several programs.
    /// - Parameters:
    ///   - programs: the programs.
    ///   - environment: the tool's environment, of which only `PATH`, `HOME`, `LANG` and `TZ` reach them.
    ///   - cache: where specs are kept.
    ///   - refresh: whether to run `spec` even when the cache has an entry (as `provider check` does).
    ///   - children: the runs to stop when the tool exits.
    /// - Returns: each program's spec, or why it cannot be used, in the programs' order.
    package static func load(
        _ programs: [ExternalProgram], environment: [String: String], cache: ExternalSpecCache, refresh: Bool = false,
        children: ExternalChildren?
    ) async -> [Result<ExternalSpec, ExternalSpecError>] {
        await withTaskGroup(of: (Int, Result<ExternalSpec, ExternalSpecError>).self) { group in
            for (index, program) in programs.enumerated() {
                group.addTask {
                    let spec = await load(
                        program, environment: environment, cache: cache, refresh: refresh, children: children)
                    return (index, spec)
                }
            }
            var results = [Result<ExternalSpec, ExternalSpecError>](
                repeating: .failure(ExternalSpecError("it was not read")), count: programs.count)
            for await (index, result) in group { results[index] = result }
            return results
        }
    }

    private static func load(
        _ program: ExternalProgram, environment: [String: String], cache: ExternalSpecCache, refresh: Bool,
        children: ExternalChildren?
    ) async -> Result<ExternalSpec, ExternalSpecError> {
        let key = ExternalSpecCache.FileKey(path: program.path)
        var entry = refresh ? nil : key.flatMap { cache.entry(for: program.path, key: $0) }
        if entry == nil {
            let (fresh, keep) = await run(program, environment: environment, children: children)
            if keep, let key { cache.store(fresh, for: program.path, key: key) }
            entry = fresh
        }
        switch entry {
        case .printed(let data):
            do {
                return .success(try ExternalSpec(parsing: data, expectedID: program.id))
            } catch {
                return .failure(error)
            }
        case .failed(let reason): return .failure(ExternalSpecError(reason))
        case nil: return .failure(ExternalSpecError("it was not read"))
        }
    }

    /// Runs `<program> spec`: what it printed, or why it failed, and whether that may be kept.
    private static func run(
        _ program: ExternalProgram, environment: [String: String], children: ExternalChildren?
    ) async -> (entry: ExternalSpecCache.Entry, keep: Bool) {
        let outcome = await ExternalRun.run(
            program: program.path, arguments: ["spec"],
            environment: environment.filter { ExternalSpec.baseEnvironment.contains($0.key) }, input: Data(),
            maxOutputBytes: ExternalSpec.maxBytes, deadline: ContinuousClock.now.advanced(by: timeout),
            children: children)
        let log = outcome.log.last.map { ": \($0)" } ?? ""
        switch outcome.ending {
        case .exited(0): return (.printed(outcome.output), true)
        case .exited(let status): return (.failed("'spec' exited with status \(status)\(log)"), true)
        case .signalled(let signal): return (.failed("'spec' was ended by signal \(signal)\(log)"), true)
        case .outputTooLarge: return (.failed("'spec' printed more than \(ExternalSpec.maxBytes) bytes"), true)
        // A program that overran or could not be started is remembered as one that failed: otherwise every
        // command would wait for it again. It is asked again when its file changes, or by `provider check`.
        case .deadline:
            return (.failed("'spec' printed nothing within \(timeout.components.seconds) s; it was stopped"), true)
        case .cancelled: return (.failed("'spec' was stopped"), false)
        case .couldNotStart(let reason): return (.failed("it cannot be started: \(reason)"), true)
        }
    }
}
