import AggregatorCore
import ProviderKit

/// Options as typed, after checking their names and that each has its value.
package struct ParsedOptions: Sendable {
    package private(set) var values: [OptionKey: [String]] = [:]
    package private(set) var flags: Set<OptionKey> = []
    /// Words that are not options, in order.
    package private(set) var positional: [String] = []
    /// Whether `--help` or `-h` was given.
    package private(set) var wantsHelp = false
    /// The options whose value was kept in the environment or the config file rather than typed.
    package private(set) var kept: Set<OptionKey> = []

    /// The last value of an option.
    package func value(_ key: OptionKey) -> String? { values[key]?.last }
    /// Every value of a repeatable option.
    package func all(_ key: OptionKey) -> [String] { values[key] ?? [] }
    /// Whether a flag was given.
    package func has(_ key: OptionKey) -> Bool { flags.contains(key) }
    /// Whether an option was given at all, with or without a value.
    package func gave(_ key: OptionKey) -> Bool { flags.contains(key) || values[key] != nil }
    /// Whether an option was typed on the command line, rather than left out or kept as a setting.
    package func typed(_ key: OptionKey) -> Bool { gave(key) && !kept.contains(key) }

    /// Sets an option's value from a kept setting (see ``KeptSettings``), as if typed.
    /// - Parameters:
    ///   - key: the option.
    ///   - value: its kept value.
    package mutating func keep(_ key: OptionKey, value: String) {
        values[key] = [value]
        kept.insert(key)
    }

    /// Reads arguments against a command's options. `--name value` and `--name=value` both work; `--`
    /// ends options. `--help` (or `-h`) anywhere before `--` wins over any mistake on the same line, so
    /// that asking for help always gets it.
    /// - Throws: ``UsageError`` for an unknown option, a missing value, a value given to a flag, an
    ///   option given twice that may be given once, or a word that is an option typed with a dash that is
    ///   not a hyphen (`—from`, as word processors and some keyboards make of `--from`).
    package static func parse(
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
            guard let spec = specs.first(where: { $0.isNamed(name) }) else {
                throw UsageError.unknownOption(
                    name, known: specs.flatMap { [$0.name] + $0.aliases.map(\.name) } + ["--help"], command: command)
            }
            if spec.valueName == nil {
                try parsed.add(GivenOption(spec: spec, value: inlineValue), command: command)
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
            try parsed.add(GivenOption(spec: spec, value: value), command: command)
        }
        return parsed
    }

    /// No options at all.
    package init() {}

    /// Options given by a front end that has no words to parse (a query parameter, an MCP argument, a stored
    /// watch), checked by the same rules as the command line's: a flag takes no value, an option takes one,
    /// and only a repeatable option may be given twice.
    /// - Parameters:
    ///   - given: the options, in the order given.
    ///   - positional: the values that are not options, in order.
    ///   - command: the command, for messages.
    /// - Throws: ``UsageError`` as ``parse(_:specs:command:)`` does for the same mistake.
    package init(given: [GivenOption], positional: [String] = [], command: String) throws(UsageError) {
        for option in given { try add(option, command: command) }
        self.positional = positional
    }

    /// These options with `other`'s added where these do not give them: a call's options over the
    /// operator's.
    /// - Parameter other: the options to fall back on.
    /// - Returns: the options together.
    package func adding(_ other: ParsedOptions) -> ParsedOptions {
        var merged = self
        for (key, value) in other.values where merged.values[key] == nil && !merged.flags.contains(key) {
            merged.values[key] = value
            if other.kept.contains(key) { merged.kept.insert(key) }
        }
        for key in other.flags where !merged.gave(key) { merged.flags.insert(key) }
        return merged
    }

    /// Adds one option as given.
    private mutating func add(_ option: GivenOption, command: String) throws(UsageError) {
        let spec = option.spec
        guard spec.valueName != nil else {
            if option.value != nil {
                throw UsageError("'\(spec.name)' takes no value", hint: "write just \(spec.name)", command: command)
            }
            guard flags.insert(spec.key).inserted else {
                throw UsageError("'\(spec.name)' is given twice", hint: "give it once", command: command)
            }
            return
        }
        guard let value = option.value else {
            throw UsageError("'\(spec.name)' needs a value", hint: "write \(spec.synopsis)", command: command)
        }
        if !spec.repeatable, values[spec.key] != nil {
            throw UsageError("'\(spec.name)' is given twice", hint: "give it once", command: command)
        }
        values[spec.key, default: []].append(value)
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

/// One option as a front end gives it: the option from the command's table and its value, `nil` for a flag.
package struct GivenOption: Sendable {
    /// The option.
    package var spec: OptionSpec
    /// Its value; `nil` for a flag.
    package var value: String?

    /// Creates the value from each of its properties, as the memberwise initializer does.
    package init(spec: OptionSpec, value: String? = nil) {
        self.spec = spec
        self.value = value
    }
}
