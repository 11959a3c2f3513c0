import AggregatorCore
import ProviderKit

/// Options as typed, after checking their names and that each has its value.
struct ParsedOptions: Sendable {
    private(set) var values: [OptionKey: [String]] = [:]
    private(set) var flags: Set<OptionKey> = []
    /// Words that are not options, in order.
    private(set) var positional: [String] = []
    /// Whether `--help` or `-h` was given.
    private(set) var wantsHelp = false
    /// The options whose value was kept in the environment or the config file rather than typed.
    private(set) var kept: Set<OptionKey> = []

    /// The last value of an option.
    func value(_ key: OptionKey) -> String? { values[key]?.last }
    /// Every value of a repeatable option.
    func all(_ key: OptionKey) -> [String] { values[key] ?? [] }
    /// Whether a flag was given.
    func has(_ key: OptionKey) -> Bool { flags.contains(key) }
    /// Whether an option was given at all, with or without a value.
    func gave(_ key: OptionKey) -> Bool { flags.contains(key) || values[key] != nil }
    /// Whether an option was typed on the command line, rather than left out or kept as a setting.
    func typed(_ key: OptionKey) -> Bool { gave(key) && !kept.contains(key) }

    /// Sets an option's value from a kept setting (see ``KeptSettings``), as if typed.
    /// - Parameters:
    ///   - key: the option.
    ///   - value: its kept value.
    mutating func keep(_ key: OptionKey, value: String) {
        values[key] = [value]
        kept.insert(key)
    }

    /// Reads arguments against a command's options. `--name value` and `--name=value` both work; `--`
    /// ends options. `--help` (or `-h`) anywhere before `--` wins over any mistake on the same line, so
    /// that asking for help always gets it.
    /// - Throws: ``UsageError`` for an unknown option, a missing value, a value given to a flag, an
    ///   option given twice that may be given once, or a word that is an option typed with a dash that is
    ///   not a hyphen (`—from`, as word processors and some keyboards make of `--from`).
    static func parse(
        _ arguments: [String], specs: [OptionSpec], command: String
    ) throws(UsageError)
        -> ParsedOptions
    {
        var parsed = ParsedOptions()
        let optionWords = arguments.prefix { $0 != "--" }
        if optionWords.contains(where: { $0 == "--help" || $0 == "-h" }) {
            parsed.wantsHelp = true
            return parsed
        }
        var index = 0
        var optionsEnded = false
        while index < arguments.count {
            let argument = arguments[index]
            index += 1
            if !optionsEnded, let mistyped = Suggestion.optionWithLookalikeDash(argument) {
                throw UsageError.lookalikeDash(
                    argument, meaning: mistyped, known: specs.map(\.name) + ["--help"], command: command)
            }
            if optionsEnded || !argument.hasPrefix("-") || argument == "-" {
                parsed.positional.append(argument)
                continue
            }
            if argument == "--" {
                optionsEnded = true
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
                guard parsed.flags.insert(spec.key).inserted else {
                    throw UsageError("'\(name)' is given twice", hint: "give it once", command: command)
                }
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
            if !spec.repeatable, parsed.values[spec.key] != nil {
                throw UsageError("'\(name)' is given twice", hint: "give it once", command: command)
            }
            parsed.values[spec.key, default: []].append(value)
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
