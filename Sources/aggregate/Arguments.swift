import AggregatorCore

/// One option a command accepts.
struct OptionSpec: Sendable {
    /// The long name with its dashes, such as `--from`.
    var name: String
    /// What the value looks like in help (`CODE`), or `nil` for a flag that takes no value.
    var valueName: String?
    /// One line of help.
    var help: String
    /// Whether it may be given more than once.
    var repeatable = false

    /// `--from CODE`, or `--round-trip`.
    var synopsis: String { valueName.map { "\(name) \($0)" } ?? name }
}

/// Options as typed, after checking their names and that each has its value.
struct ParsedOptions: Sendable {
    private(set) var values: [String: [String]] = [:]
    private(set) var flags: Set<String> = []
    /// Words that are not options, in order.
    private(set) var positional: [String] = []
    /// Whether `--help` or `-h` was given.
    private(set) var wantsHelp = false

    /// The last value of an option.
    func value(_ name: String) -> String? { values[name]?.last }
    /// Every value of a repeatable option.
    func all(_ name: String) -> [String] { values[name] ?? [] }
    /// Whether a flag was given.
    func has(_ name: String) -> Bool { flags.contains(name) }

    /// Reads arguments against a command's options. `--name value` and `--name=value` both work; `--`
    /// ends options.
    /// - Throws: ``UsageError`` for an unknown option, a missing value, a value given to a flag, or a
    ///   non-repeatable option given twice.
    static func parse(
        _ arguments: [String], specs: [OptionSpec], command: String
    ) throws(UsageError)
        -> ParsedOptions
    {
        var parsed = ParsedOptions()
        var index = 0
        var optionsEnded = false
        while index < arguments.count {
            let argument = arguments[index]
            index += 1
            if optionsEnded || !argument.hasPrefix("-") || argument == "-" {
                parsed.positional.append(argument)
                continue
            }
            if argument == "--" {
                optionsEnded = true
                continue
            }
            if argument == "--help" || argument == "-h" {
                parsed.wantsHelp = true
                continue
            }
            let (name, inlineValue) = split(argument)
            guard let spec = specs.first(where: { $0.name == name }) else {
                throw UsageError.unknownOption(name, known: specs.map(\.name) + ["--help"], command: command)
            }
            if spec.valueName == nil {
                if inlineValue != nil {
                    throw UsageError("'\(name)' takes no value", hint: "write just \(name)", command: command)
                }
                parsed.flags.insert(name)
                continue
            }
            let value: String
            if let inlineValue {
                value = inlineValue
            } else if index < arguments.count, !looksLikeOption(arguments[index]) {
                value = arguments[index]
                index += 1
            } else {
                throw UsageError("'\(name)' needs a value", hint: "write \(spec.synopsis)", command: command)
            }
            if !spec.repeatable, parsed.values[name] != nil {
                throw UsageError("'\(name)' is given twice", hint: "give it once", command: command)
            }
            parsed.values[name, default: []].append(value)
        }
        return parsed
    }

    private static func split(_ argument: String) -> (String, String?) {
        guard argument.hasPrefix("--"), let equals = argument.firstIndex(of: "=") else { return (argument, nil) }
        return (String(argument[..<equals]), String(argument[argument.index(after: equals)...]))
    }

    /// A following word is a value unless it is an option; negative numbers are values.
    private static func looksLikeOption(_ word: String) -> Bool {
        word.hasPrefix("-") && word.count > 1 && !(word.dropFirst().first?.isNumber ?? false)
    }
}

/// Finds the word a typo was probably meant to be.
enum Suggestion {
    /// The candidate within two edits of `word` (or that `word` is a prefix of), if exactly one is closest.
    static func closest(to word: String, in candidates: [String]) -> String? {
        let scored = candidates.map { ($0, distance(word.lowercased(), $0.lowercased())) }
        guard let best = scored.min(by: { $0.1 < $1.1 }) else { return nil }
        if best.1 <= max(1, min(2, word.count / 3)) { return best.0 }
        let prefixed = candidates.filter { $0.hasPrefix(word) && word.count >= 3 }
        return prefixed.count == 1 ? prefixed[0] : nil
    }

    /// Levenshtein distance.
    static func distance(_ lhs: String, _ rhs: String) -> Int {
        let left = Array(lhs)
        let right = Array(rhs)
        if left.isEmpty { return right.count }
        var previous = Array(0...right.count)
        for (i, leftCharacter) in left.enumerated() {
            var current = [i + 1] + Array(repeating: 0, count: right.count)
            for (j, rightCharacter) in right.enumerated() {
                current[j + 1] = min(
                    previous[j + 1] + 1, current[j] + 1, previous[j] + (leftCharacter == rightCharacter ? 0 : 1))
            }
            previous = current
        }
        return previous[right.count]
    }
}

extension String {
    var uppercasedFirst: String { prefix(1).uppercased() + dropFirst() }
}
