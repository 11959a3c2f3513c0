import Dispatch
import Foundation
import FuzzDriver
import ProviderKit

/// Runs one provider's search on bytes libFuzzer makes up, as the body of one of its requests, the other
/// requests answered with its own samples: the decoder and the mapping see every kind of broken input,
/// and any outcome but a crash, a hang or a runaway allocation is a pass. The bytes after the first are
/// mutated as JSON of the provider's own shape (``JSONMutator``), so that extreme values reach the
/// mapping's arithmetic at once.
public enum ProviderFuzzing {
    /// Starts libFuzzer on a provider, or writes its seeds when the first argument is `--write-seeds DIR`.
    /// - Parameter provider: the provider under test.
    /// - Returns: the exit status.
    public static func main(_ provider: some OfferProvider) -> Int32 {
        let samples = provider.descriptor.samples.responses.bodies
        let names = samples.keys.sorted()
        if let folder = seedsFolder() {
            // One seed per sample, its first byte choosing the request it stands in for.
            for (index, name) in names.enumerated() {
                let seed = Data([UInt8(index)]) + Data((samples[name] ?? "").utf8)
                // A sample named for a request's parameters (`search?destination=BUD`) makes a plain file name.
                let file = String(name.map { $0.isLetter || $0.isNumber || $0 == "-" ? $0 : "_" })
                FileManager.default.createFile(atPath: "\(folder)/sample-\(file)", contents: seed)
            }
            return 0
        }
        target = { bytes in
            guard let first = bytes.first, !names.isEmpty else { return }
            var bodies = samples
            bodies[names[Int(first) % names.count]] = String(decoding: bytes.dropFirst(), as: UTF8.self)
            let client = ProviderClient(
                provider: provider.descriptor.id,
                endpoint: SampleBodies(bodies: bodies, provider: provider.descriptor.id))
            let query = provider.descriptor.samples.query
            run { _ = try? await provider.search(query, using: client) }
        }
        // The first byte picks the request; the rest is the answer, JSON of the provider's shape.
        JSONMutator.install(prefix: 1)
        return aggregate_run_fuzzer(CommandLine.argc, CommandLine.unsafeArgv) { data, count in
            guard let data else { return 0 }
            ProviderFuzzing.target?(Data(bytes: data, count: count))
            return 0
        }
    }

    /// What libFuzzer's C callback runs: set once, before fuzzing starts.
    nonisolated(unsafe) static var target: ((Data) -> Void)?

    /// Where each input's search runs: on the fuzzer's own thread.
    static let executor = CallerThreadExecutor()

    /// Runs async work to completion on the fuzzer's thread. The work, and every child task it starts,
    /// runs there as jobs of ``CallerThreadExecutor``: an input costs no hand-over to the cooperative
    /// threads and back, which on a busy machine took longer than the search itself.
    public static func run(_ work: @escaping @Sendable () async -> Void) {
        executor.start()
        Task(executorPreference: executor) {
            await work()
            executor.finish()
        }
        executor.runJobs()
    }

    static func seedsFolder() -> String? {
        let arguments = CommandLine.arguments
        guard arguments.count == 3, arguments[1] == "--write-seeds" else { return nil }
        return arguments[2]
    }
}

/// The samples, one of them replaced by the fuzzer's bytes, answering each request as the embedded endpoint
/// does, by its name and parameters: a fuzz run never reaches the network.
struct SampleBodies: ProviderEndpoint {
    let samples: EmbeddedResponses
    let provider: ProviderID

    init(bodies: [String: String], provider: ProviderID) {
        samples = EmbeddedResponses(bodies)
        self.provider = provider
    }

    var kind: EndpointKind { .samples }
    var description: String { "embedded" }

    func answer(_ request: ProviderRequest) async throws(ProviderError) -> EndpointAnswer {
        guard let body = samples.body(for: request.recordingName, parameters: request.sampleParameters) else {
            throw ProviderError(.configuration, provider: provider, "has no sample for '\(request.recordingName)'")
        }
        return .body(Data(body.utf8))
    }
}

/// A task executor whose jobs run on the thread that waits for them: the fuzzer's thread runs one input's
/// jobs in order until its work says it is done. Jobs may be enqueued from any thread (a timer, a
/// continuation resumed elsewhere); they wait for that thread.
final class CallerThreadExecutor: TaskExecutor, @unchecked Sendable {
    private let condition = NSCondition()
    private var jobs: [UnownedJob] = []
    private var finished = false

    func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        condition.lock()
        jobs.append(job)
        condition.signal()
        condition.unlock()
    }

    /// Begins an input's work.
    func start() {
        condition.lock()
        finished = false
        condition.unlock()
    }

    /// Says the input's work is done; called from its last job.
    func finish() {
        condition.lock()
        finished = true
        condition.signal()
        condition.unlock()
    }

    /// Runs jobs on the calling thread until the work is done and no job is left.
    func runJobs() {
        while true {
            condition.lock()
            while jobs.isEmpty && !finished { condition.wait() }
            guard !jobs.isEmpty else {
                condition.unlock()
                return
            }
            let job = jobs.removeFirst()
            condition.unlock()
            job.runSynchronously(on: asUnownedTaskExecutor())
        }
    }
}
