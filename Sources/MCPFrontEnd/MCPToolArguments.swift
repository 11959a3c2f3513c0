import AggregatorCore
import CommandLineParsing
import Foundation
import MCPWire
import ProviderKit

/// Fills a command's options from a call's `arguments`, by the same option table and rules as the command
/// line's words.
///
/// Each property is its option; a list repeats the option, or joins its values with commas where the option
/// takes one comma-separated list (`--providers`, `--from`), which also takes that list as one string; a flag is given when `true` and left out when `false`; `null` is the same
/// as leaving a property out. Types are checked only as far as JSON goes — a number or a string where a
/// value is expected, `true` or `false` for a flag, an array or a single value for a list — and the values
/// themselves are left to the command, whose messages say what is wrong with them.
package enum MCPToolArguments {
    /// The options the arguments give.
    /// - Parameters:
    ///   - arguments: the `arguments` object of the call, already known to be an object or absent.
    ///   - properties: the tool's properties.
    ///   - command: the tool's command, for messages.
    /// - Returns: the options, in the order the arguments were given.
    /// - Throws: ``UsageError`` for an unknown property, a value of the wrong JSON type, a required property
    ///   missing, or an option given twice.
    package static func options(
        _ arguments: [(name: String, value: MCPValue)], properties: [MCPToolProperty], command: String
    ) throws(UsageError) -> ParsedOptions {
        var given: [GivenOption] = []
        var positional: [String] = []
        for (name, value) in arguments {
            guard let property = properties.first(where: { $0.name == name }) else {
                throw UsageError(
                    "unknown argument '\(PrintableText.excerpt(name, limit: 40))'",
                    hint: UsageError.suggesting(
                        name, among: properties.map(\.name),
                        otherwise: "the arguments are \(properties.map(\.name).joined(separator: ", "))"),
                    command: nil)
            }
            if case .null = value { continue }
            switch property.target {
            case .positional:
                let words = try values(value, of: property)
                positional += property.joinsList && !value.isArray ? words.flatMap(Self.split) : words
            case .option(let spec):
                if property.type == .boolean && !property.isList {
                    guard case .bool(let on) = value else { throw mistyped(property, value) }
                    if on { given.append(GivenOption(spec: spec, value: nil)) }
                    continue
                }
                let values = try values(value, of: property)
                if property.joinsList {
                    if !values.isEmpty { given.append(GivenOption(spec: spec, value: values.joined(separator: ","))) }
                } else {
                    given += values.map { GivenOption(spec: spec, value: $0) }
                }
            }
        }
        for property in properties where property.isRequired {
            let given = arguments.contains { argument in
                guard argument.name == property.name else { return false }
                if case .null = argument.value { return false }
                return true
            }
            if !given {
                throw UsageError(
                    "missing argument '\(property.name)'",
                    hint: "give '\(property.name)': " + property.description.prefix(1).lowercased()
                        + property.description.dropFirst(), command: nil)
            }
        }
        return try ParsedOptions(given: given, positional: positional, command: command)
    }

    /// The elements of a comma-separated string, trimmed, the empty ones left out.
    private static func split(_ text: String) -> [String] {
        text.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
    }

    /// The text of each value: one for a single value, each element's for a list.
    private static func values(_ value: MCPValue, of property: MCPToolProperty) throws(UsageError) -> [String] {
        if property.isList, case .array(let elements) = value {
            var texts: [String] = []
            for element in elements {
                guard let text = scalar(element) else { throw mistyped(property, element) }
                texts.append(text)
            }
            return texts
        }
        guard let text = scalar(value) else { throw mistyped(property, value) }
        return [text]
    }

    /// A string as it is, a number as written; `nil` for anything else.
    private static func scalar(_ value: MCPValue) -> String? {
        switch value {
        case .string(let text): text
        case .number(let text): text
        default: nil
        }
    }

    private static func mistyped(_ property: MCPToolProperty, _ value: MCPValue) -> UsageError {
        let expected: String
        switch property.type {
        case .boolean: expected = "true or false"
        case .integer: expected = "a whole number"
        case .number: expected = "a number"
        case .string, .date, .dateRange, .choice: expected = "a string"
        }
        let list = property.isList ? (property.type == .boolean ? "" : " or an array of them") : ""
        return UsageError(
            "'\(property.name)' takes \(expected)\(list), got \(value.kindDescription)", hint: nil, command: nil)
    }
}
