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

    /// Runs async work to completion on the fuzzer's thread.
    public static func run(_ work: @escaping @Sendable () async -> Void) {
        let done = DispatchSemaphore(value: 0)
        Task {
            await work()
            done.signal()
        }
        done.wait()
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
