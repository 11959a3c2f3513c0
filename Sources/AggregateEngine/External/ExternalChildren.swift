import Foundation

/// The outside programs one ``AggregateTool`` has running, so that none outlives it.
///
/// The search stops waiting for a provider at its deadline and goes on at once; a program told to stop
/// then may ignore `SIGTERM` for its grace period. Before the tool returns its exit status, it stops every
/// program still running and waits (at most the grace period and a little more) until each is gone, so
/// that no program keeps running after `aggregate` has exited.
package final class ExternalChildren: @unchecked Sendable {
    private let lock = NSLock()
    private var running: [ObjectIdentifier: ExternalRun] = [:]

    /// Creates an empty set.
    package init() {}

    /// Adds a run while it lasts.
    package func add(_ run: ExternalRun) { lock.withLock { running[ObjectIdentifier(run)] = run } }

    /// Removes a run that has ended.
    package func remove(_ run: ExternalRun) { _ = lock.withLock { running.removeValue(forKey: ObjectIdentifier(run)) } }

    /// How many runs have not ended.
    package var count: Int { lock.withLock { running.count } }

    /// Stops every run still going (`SIGTERM`, then `SIGKILL` after the grace period) and waits until
    /// each has ended, for at most the grace period and one second more.
    package func stopAll() async {
        let runs = lock.withLock { Array(running.values) }
        guard !runs.isEmpty else { return }
        for run in runs { run.requestStop() }
        let end = ContinuousClock.now.advanced(by: ExternalRun.grace + .seconds(1))
        while count > 0, ContinuousClock.now < end {
            try? await Task.sleep(for: .milliseconds(10))
        }
    }
}
