import AggregatorCore
import Foundation
import ProviderKit

/// One property of a tool's input: the command-line option (or the words after the command) it stands
/// for, and the JSON type it takes.
///
/// Properties are derived from the command's own option table, so that an option added to a command
/// reaches its tool without a change here, and the same list both writes the tool's `inputSchema` and
/// turns a call's arguments back into the command line.
struct MCPToolProperty: Sendable {
    /// What the property's values become on the command line.
    enum Target: Sendable {
        /// `--name=value` for each value; a flag is `--name` alone.
        case option(OptionSpec)
        /// Words after the command, such as the ids `aggregate providers` lists.
        case positional
    }

    /// The JSON type of one value.
    enum ValueType: Sendable, Equatable {
        case boolean
        case string
        case integer
        case number
        /// A string in the form `YYYY-MM-DD`.
        case date
        /// A day or a range of days: `YYYY-MM-DD` or `YYYY-MM-DD..YYYY-MM-DD`.
        case dateRange
        /// One of a fixed set of strings.
        case choice([String])
    }

    /// The property's name, such as `max_price` for `--max-price`.
    var name: String
    /// Where its values go.
    var target: Target
    /// The type of each value.
    var type: ValueType
    /// Whether it takes a list of values (a repeatable option, `--providers`, the positional ids).
    var isList = false
    /// Whether a list is written as one comma-separated value, as `--providers` takes it.
    var joinsList = false
    /// One line on what it does.
    var description: String

    /// The property for an option: flags are booleans, repeatable options lists, `--mode` a list of modes,
    /// `--providers` a list of installed ids; an option of a few fixed words (its `choices`) is a choice among
    /// them; a value placeholder `N` is an integer, `AMOUNT` and `SECONDS` numbers, `YYYY-MM-DD` a date, anything
    /// else a string.
    /// - Parameters:
    ///   - spec: the option, from the command's table.
    ///   - providerIDs: the installed providers' ids.
    ///   - names: every option's property name, to word the help with property names.
    init(_ spec: OptionSpec, providerIDs: [String], names: [String: String]) {
        name = Self.name(of: spec.key)
        target = .option(spec)
        description = MCPWording.replacingOptions(in: spec.help, names: names)
        isList = spec.repeatable
        guard let valueName = spec.valueName else {
            type = .boolean
            return
        }
        if spec.key == .providers {
            type = .choice(providerIDs)
            isList = true
            joinsList = true
            description =
                "Provider ids to ask (default: every installed provider that sells something; naming an airline "
                + "directory adds it to enrich the flights)"
            return
        }
        if spec.key == .mode {
            type = .choice(TravelMode.allCases.map(\.rawValue))
            isList = true
            joinsList = true
            return
        }
        // The words the option takes come from the list its value reader checks, as help and completions do.
        if let choices = spec.choices {
            type = .choice(choices)
            return
        }
        type = Self.valueType(valueName)
    }

    /// A property for the words after a command.
    /// - Parameters:
    ///   - name: the property's name.
    ///   - type: the type of each word.
    ///   - description: one line on what it does.
    init(positional name: String, type: ValueType, description: String) {
        self.name = name
        target = .positional
        self.type = type
        isList = true
        self.description = description
    }

    /// `max_price` for `--max-price`: the option's name without its dashes, words joined by underscores,
    /// as JSON property names are usually written.
    static func name(of key: OptionKey) -> String {
        String(key.name.drop { $0 == "-" }).replacingOccurrences(of: "-", with: "_")
    }

    static func valueType(_ valueName: String) -> ValueType {
        switch valueName {
        case "N": return .integer
        case "AMOUNT", "SECONDS": return .number
        case "YYYY-MM-DD": return .date
        case "YYYY-MM-DD[..YYYY-MM-DD]": return .dateRange
        default: return .string
        }
    }
}
