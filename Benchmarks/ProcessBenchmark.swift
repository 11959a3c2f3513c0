import AggregatorCore
import Foundation
import ProviderKit

/// `AggregateBenchmarks process`: what a user waits for and how much memory the machine needs when
/// `aggregate` reads a large Kiwi response, measured on the real release binary as a whole process —
/// start-up, reading the file, decoding, the pipeline and rendering included.
///
/// For each size it writes a realistic response (``KiwiResponseGenerator``) to a temporary file and
/// runs, `runs` times each and in turn, so that a slow moment of the machine hits every command alike:
/// the top 20 as JSON, every offer as JSON, as a table and as CSV, and the plain Python script
/// `python_pipeline.py` doing the top-20 job on the same file. Every child is measured on its own
/// (``ChildProcess``). The table gives the median wall time, the largest peak RSS, memory ÷ file size,
/// time ÷ Python's, and the time per itinerary, whose constancy across sizes shows linearity.
enum ProcessBenchmark {
    /// One command the benchmark times.
    private struct Command {
        var label: String
        var executable: String
        var arguments: [String]
        var isBaseline: Bool
        var acceptedExitCodes: Set<Int32>
    }

    /// The runs of one command at one size.
    private struct Result {
        var command: Command
        var seconds: [Double] = []
        var peakBytes = 0
        var failure: String?

        var median: Double? { seconds.isEmpty ? nil : seconds.sorted()[seconds.count / 2] }
    }

    /// Runs the mode.
    /// - Parameter arguments: the arguments after `process`.
    /// - Returns: the exit code: 0 when every command ran, 1 when one failed, 64 for a usage error.
    static func run(arguments: [String]) -> Int32 {
        let options: ProcessBenchmarkOptions
        do {
            options = try ProcessBenchmarkOptions(parsing: arguments)
        } catch {
            printError("\(error)")
            return 64
        }
        guard let aggregate = siblingExecutable("aggregate") else {
            printError(
                "no release 'aggregate' binary next to this benchmark; build it first: swift build -c release")
            return 1
        }
        let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("python_pipeline.py").path
        guard FileManager.default.fileExists(atPath: script) else {
            printError("the baseline script is missing: \(script)")
            return 1
        }
        let scratch = FileManager.default.temporaryDirectory
            .appendingPathComponent("aggregate-process-benchmark-\(getpid())", isDirectory: true)
        do {
            try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
        } catch {
            printError("cannot create \(scratch.path): \(error)")
            return 1
        }
        defer { if !options.keepFiles { try? FileManager.default.removeItem(at: scratch) } }

        // A stale binary is the easiest way to measure the wrong code: show when it was built.
        let built = (try? FileManager.default.attributesOfItem(atPath: aggregate)[.modificationDate]) as? Date
        print("process benchmark: \(aggregate)" + (built.map { " (built \($0))" } ?? ""))
        print(
            "\(ProcessInfo.processInfo.activeProcessorCount) cores, \(options.runs) runs of each command per size;"
                + " time is the median, memory the largest peak RSS of the child; MB = 10^6 bytes")
        var failed = false
        for size in options.sizes {
            let file = scratch.appendingPathComponent("kiwi-\(size).json")
            var generator = KiwiResponseGenerator()
            let clock = ContinuousClock()
            let start = clock.now
            let bytes: Int
            do {
                bytes = try generator.write(itineraries: size, to: file)
            } catch {
                printError("cannot write \(file.path): \(error)")
                return 1
            }
            print("")
            print(
                "\(size) itineraries: \(format(Double(bytes) / 1e6, decimals: 1)) MB,"
                    + " \(bytes / size) bytes per itinerary, generated in"
                    + " \(format((clock.now - start).inSeconds, decimals: 2)) s"
                    + (options.keepFiles ? " (\(file.path))" : ""))
            let results = measure(
                commands(aggregate: aggregate, python: options.python, script: script, file: file),
                runs: options.runs, scratch: scratch)
            printTable(results, itineraries: size, fileBytes: bytes)
            failed = failed || results.contains { $0.failure != nil }
            if !options.keepFiles { try? FileManager.default.removeItem(at: file) }
        }
        return failed ? 1 : 0
    }

    /// The commands measured on one response file.
    private static func commands(aggregate: String, python: String, script: String, file: URL) -> [Command] {
        // A generous deadline: the default 10 s would report a slow decode as a timeout, not measure it.
        let search = [
            "search", "--providers", "kiwi", "--endpoint", "kiwi=file://\(file.path)", "--max-response-size", "512MiB",
            "--timeout", "600",
        ]
        let tool = { (label: String, extra: [String]) in
            Command(
                label: label, executable: aggregate, arguments: search + extra, isBaseline: false,
                acceptedExitCodes: [0, 2])
        }
        return [
            tool("aggregate top 20 json", ["--format", "json", "--limit", "20"]),
            tool("aggregate all json", ["--format", "json"]),
            tool("aggregate all table", ["--format", "table"]),
            tool("aggregate all csv", ["--format", "csv"]),
            Command(
                label: "python top 20 json", executable: python, arguments: [script, file.path, "--limit", "20"],
                isBaseline: true, acceptedExitCodes: [0]),
        ]
    }

    /// Runs every command `runs` times, in turn; a command that fails once is not run again.
    private static func measure(_ commands: [Command], runs: Int, scratch: URL) -> [Result] {
        var results = commands.map { Result(command: $0) }
        let environment = childEnvironment(scratch: scratch)
        for run in 1...runs {
            for index in results.indices where results[index].failure == nil {
                let command = results[index].command
                printError("  run \(run)/\(runs): \(command.label)")
                do {
                    let measurement = try ChildProcess.run(
                        command.executable, arguments: command.arguments, environment: environment, scratch: scratch)
                    guard command.acceptedExitCodes.contains(measurement.exitCode) else {
                        results[index].failure = "exit \(measurement.exitCode)"
                        printError(
                            "\(command.label) exited with \(measurement.exitCode):\n\(measurement.standardError)")
                        continue
                    }
                    results[index].seconds.append(measurement.seconds)
                    results[index].peakBytes = max(results[index].peakBytes, measurement.peakResidentBytes)
                } catch {
                    results[index].failure = "not started"
                    printError("\(error)")
                }
            }
        }
        return results
    }

    private static func printTable(_ results: [Result], itineraries: Int, fileBytes: Int) {
        let baseline = results.first { $0.command.isBaseline }?.median
        let header = [
            pad("command", 24), pad("median s", 9, right: true), pad("peak MB", 9, right: true),
            pad("RSS/file", 9, right: true), pad("vs python", 10, right: true), pad("µs/itin.", 9, right: true),
        ]
        print(header.joined(separator: " "))
        for result in results {
            guard let median = result.median, result.failure == nil else {
                print(pad(result.command.label, 24) + " failed (\(result.failure ?? "no runs"))")
                continue
            }
            let ratio = baseline.map { format(median / $0, decimals: 2) + "×" } ?? "-"
            let row = [
                pad(result.command.label, 24),
                pad(format(median, decimals: 3), 9, right: true),
                pad(format(Double(result.peakBytes) / 1e6, decimals: 1), 9, right: true),
                pad(format(Double(result.peakBytes) / Double(fileBytes), decimals: 2) + "×", 9, right: true),
                pad(ratio, 10, right: true),
                pad(format(median / Double(itineraries) * 1e6, decimals: 1), 9, right: true),
            ]
            print(row.joined(separator: " "))
        }
    }

    /// The environment of every child: this one's, without settings that would change what is measured.
    ///
    /// `AGGREGATE_*` variables (endpoints, a directory to enrich with) and the user's config file could
    /// add providers or work, so they are dropped and the XDG folders point into the scratch folder.
    private static func childEnvironment(scratch: URL) -> [String: String] {
        var environment = ProcessInfo.processInfo.environment.filter { !$0.key.hasPrefix("AGGREGATE_") }
        for variable in ["XDG_CONFIG_HOME", "XDG_CACHE_HOME", "XDG_DATA_HOME"] {
            environment[variable] = scratch.appendingPathComponent("xdg").path
        }
        environment["NO_COLOR"] = "1"
        return environment
    }

    /// The path of a program built next to this executable, in the same build folder.
    private static func siblingExecutable(_ name: String) -> String? {
        let own = Bundle.main.executableURL ?? URL(fileURLWithPath: CommandLine.arguments[0])
        let candidate = own.resolvingSymlinksInPath().deletingLastPathComponent().appendingPathComponent(name).path
        return FileManager.default.isExecutableFile(atPath: candidate) ? candidate : nil
    }

    private static func format(_ value: Double, decimals: Int) -> String {
        String(format: "%.\(decimals)f", value)
    }

    private static func pad(_ text: String, _ width: Int, right: Bool = false) -> String {
        let padding = String(repeating: " ", count: max(0, width - text.count))
        return right ? padding + text : text + padding
    }

    private static func printError(_ text: String) {
        // Progress and errors go to stderr; flushing every stream first keeps the two in order on one terminal.
        fflush(nil)
        FileHandle.standardError.write(Data((text + "\n").utf8))
    }
}
