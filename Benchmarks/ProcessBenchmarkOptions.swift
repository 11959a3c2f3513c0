/// The command line of `AggregateBenchmarks process`.
struct ProcessBenchmarkOptions {
    /// The usage line, printed with every error.
    static let usage =
        "usage: AggregateBenchmarks process [--sizes 1000,10000[,50000]] [--runs 3] [--python python3] [--keep-files]"

    /// A bad argument, with what was wrong.
    struct UsageError: Error, CustomStringConvertible {
        /// The problem, followed by the usage line.
        var description: String
    }

    /// The response sizes, in itineraries. 50,000 (about 216 MB) is left out by default: the tool may need
    /// tens of seconds and gigabytes for it, run after run.
    var sizes = [1_000, 10_000]
    /// How many times each command runs per size; the median time is reported.
    var runs = 3
    /// The Python interpreter that runs the baseline script, a path or a name looked up in `PATH`.
    var python = "python3"
    /// Whether the generated responses stay on disk afterwards, for profiling the same input.
    var keepFiles = false

    /// Reads the arguments that follow `process`.
    /// - Parameter arguments: the arguments.
    /// - Throws: ``UsageError`` for an unknown option or a bad value.
    init(parsing arguments: [String]) throws {
        var remaining = arguments[...]
        func value(of option: String) throws -> String {
            guard let value = remaining.popFirst() else {
                throw UsageError(description: "\(option) needs a value\n\(Self.usage)")
            }
            return value
        }
        while let argument = remaining.popFirst() {
            switch argument {
            case "--sizes":
                let text = try value(of: argument)
                let sizes = text.split(separator: ",").compactMap { Int($0.filter { $0 != "_" }) }
                guard !sizes.isEmpty, sizes.count == text.split(separator: ",").count, sizes.allSatisfy({ $0 > 0 })
                else {
                    throw UsageError(description: "--sizes takes positive counts such as 1000,10000\n\(Self.usage)")
                }
                self.sizes = sizes
            case "--runs":
                guard let runs = Int(try value(of: argument)), runs > 0 else {
                    throw UsageError(description: "--runs takes a positive count\n\(Self.usage)")
                }
                self.runs = runs
            case "--python":
                python = try value(of: argument)
            case "--keep-files":
                keepFiles = true
            default:
                throw UsageError(description: "unknown argument '\(argument)'\n\(Self.usage)")
            }
        }
    }
}
