import Dispatch
import ProviderKit

/// Where providers' searches run: threads of their own, outside Swift concurrency's small shared pool.
///
/// The shared pool has one thread per core. A provider that computes for long without suspending (a
/// huge answer to map, or a provider that never checks for cancellation) would hold one of those
/// threads, and two of them would stall everything else in the process, the runner's deadline
/// included. Jobs sent here run on a concurrent Dispatch queue instead, which adds threads as needed,
/// so the runner always has a thread to keep its deadline on.
final class ProviderThreads: TaskExecutor, @unchecked Sendable {
    /// The one executor every runner shares.
    static let shared = ProviderThreads()

    private let queue = DispatchQueue(label: "aggregate.providers", qos: .userInitiated, attributes: .concurrent)

    func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        queue.async { job.runSynchronously(on: self.asUnownedTaskExecutor()) }
    }
}
