import AggregatorCore
import CommandLineParsing
import Foundation
import ProviderKit

/// One property of a tool's input: the command-line option (or the words after the command) it stands
/// for, and the JSON type it takes.
///
/// Properties are derived from the command's own option table, so that an option added to a command
/// reaches its tool without a change here, and the same list both writes the tool's `inputSchema` and
/// turns a call's arguments back into the command line.
package struct MCPToolProperty: Sendable {
    /// What the property's values become on the command line.
    package enum Target: Sendable {
        /// `--name=value` for each value; a flag is `--name` alone.
        case option(OptionSpec)
        /// Words after the command, such as the ids `aggregate providers` lists.
        case positional
    }

    /// The JSON type of one value.
    package enum ValueType: Sendable, Equatable {
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
    package var name: String
    /// Where its values go.
    package var target: Target
    /// The type of each value.
    package var type: ValueType
    /// Whether it takes a list of values (a repeatable option, `--providers`, the positional ids).
    package var isList = false
    /// Whether a list is written as one comma-separated value, as `--providers` takes it; a string given for it
    /// is taken as the command line takes it, commas and all.
    package var joinsList = false
    /// One line on what it does.
    package var description: String

    /// Whether a call must give it (listed in the input schema's `required`).
    package var isRequired = false

    /// The options that take several values as one comma-separated value on the command line: each is a list
    /// property that takes an array or, as the command line does, one string of values separated by commas.
    package static let commaSeparated: Set<OptionKey> = [.providers, .from, .to, .mode, .airline, .excludeAirline]

    /// The property for an option: flags are booleans, repeatable options and ``commaSeparated`` ones lists,
    /// `--mode` a list of modes, `--providers` a list of installed ids; an option of a few fixed words (its
    /// `choices`) is a choice among them; a value placeholder `N` is an integer, `AMOUNT` and `SECONDS` numbers,
    /// `YYYY-MM-DD` a date, anything else a string.
    /// - Parameters:
    ///   - spec: the option, from the command's table.
    ///   - providerIDs: the installed providers' ids.
    ///   - names: every option's property name, to word the help with property names.
    package init(_ spec: OptionSpec, providerIDs: [String], names: [String: String]) {
        name = Self.name(of: spec.key)
        target = .option(spec)
        isList = spec.repeatable || Self.commaSeparated.contains(spec.key)
        joinsList = Self.commaSeparated.contains(spec.key)
        var help = spec.help
        if let valueName = spec.valueName {
            if spec.key == .providers {
                type = .choice(providerIDs)
                help =
                    "Provider ids to ask (default: every installed provider that sells something; naming an airline "
                    + "directory adds it to enrich the flights)"
            } else if spec.key == .mode {
                type = .choice(TravelMode.allCases.map(\.rawValue))
            } else if let choices = spec.choices {
                // The words the option takes come from the list its value reader checks, as help and completions
                // do.
                type = .choice(choices)
            } else {
                type = Self.valueType(valueName)
            }
        } else {
            type = .boolean
        }
        description = Self.listed(MCPWording.replacingOptions(in: help, names: names), isList: isList, joins: joinsList)
    }

    /// A list's description, saying the same way for every list how several values are given: the command
    /// line's own words for it (`several, comma-separated`) are left out, and one sentence says it.
    /// - Parameters:
    ///   - help: the option's help, in the tool's terms.
    ///   - isList: whether the property takes several values.
    ///   - joins: whether one comma-separated string is taken too.
    /// - Returns: the description.
    package static func listed(_ help: String, isList: Bool, joins: Bool) -> String {
        guard isList else { return help }
        var text = help
        for phrase in ["; several, comma-separated, for any", "; several, comma-separated", ", comma-separated"] {
            text = text.replacingOccurrences(of: phrase, with: "")
        }
        text = text.replacingOccurrences(of: " (repeatable)", with: "")
        let several =
            joins
            ? "Several: an array of strings, or one string with them comma-separated"
            : "Several: an array, or one value"
        return text + (text.hasSuffix(".") ? " " : ". ") + several + "."
    }

    /// A property for the words after a command: a list, given as an array or as one comma-separated string.
    /// - Parameters:
    ///   - name: the property's name.
    ///   - type: the type of each word.
    ///   - description: one line on what it does.
    package init(positional name: String, type: ValueType, description: String) {
        self.name = name
        target = .positional
        self.type = type
        isList = true
        joinsList = true
        self.description = Self.listed(description, isList: true, joins: true)
    }

    /// `max_price` for `--max-price`: the option's name without its dashes, words joined by underscores,
    /// as JSON property names are usually written.
    package static func name(of key: OptionKey) -> String {
        String(key.name.drop { $0 == "-" }).replacingOccurrences(of: "-", with: "_")
    }

    package static func valueType(_ valueName: String) -> ValueType {
        switch valueName {
        case "N": return .integer
        case "AMOUNT", "SECONDS": return .number
        case "YYYY-MM-DD": return .date
        case "YYYY-MM-DD[..YYYY-MM-DD]": return .dateRange
        default: return .string
        }
    }
}
