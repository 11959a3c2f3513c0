import AggregatorCore
import CommandLineParsing
import Foundation
import ProviderKit

/// The settings a user can keep instead of typing them on every run: the currency, the providers, the
/// sort order, the output format and the limit. Each can be set in the config file (`"currency": "USD"`)
/// or in the environment (`AGGREGATE_CURRENCY=USD`); a flag beats the environment, which beats the file,
/// as for endpoints.
///
/// A kept setting is a default for the option of the same name, filled into a command's options only
/// where the command has that option and the command line leaves it out; every command then reads it as
/// if typed. Kept values are checked where they are found, so a mistake names its variable or the file
/// and key rather than an option nobody typed. A kept format that a command cannot write (`csv` for
/// `aggregate providers`) leaves that command on its own default.
package enum KeptSettings {
    /// One setting that can be kept.
    package struct Setting: Sendable {
        /// The option it is a default for.
        package var key: OptionKey
        /// Its key in the config file.
        package var configKey: String
        /// Its environment variable.
        package var variable: String

        /// Creates the value from each of its properties, as the memberwise initializer does.
        package init(key: OptionKey, configKey: String, variable: String) {
            self.key = key
            self.configKey = configKey
            self.variable = variable
        }
    }

    /// Every setting that can be kept, in the order docs/commands.md lists them.
    package static let all: [Setting] = [
        Setting(key: .currency, configKey: "currency", variable: "AGGREGATE_CURRENCY"),
        Setting(key: .providers, configKey: "providers", variable: "AGGREGATE_PROVIDERS"),
        Setting(key: .sort, configKey: "sort", variable: "AGGREGATE_SORT"),
        Setting(key: .format, configKey: "format", variable: "AGGREGATE_FORMAT"),
        Setting(key: .limit, configKey: "limit", variable: "AGGREGATE_LIMIT"),
    ]

    /// The config file's keys for kept settings.
    package static var configKeys: [String] { all.map(\.configKey) }

    /// Fills in the kept settings a command takes and its command line leaves out. A command that takes
    /// none of them reads neither the environment nor the config file here.
    /// - Parameters:
    ///   - options: the options as typed.
    ///   - specs: the command's options.
    ///   - context: the environment and the installed providers, which a kept provider list must name.
    ///   - command: the command, for error hints.
    /// - Returns: the options with the kept settings as defaults.
    /// - Throws: ``UsageError`` for a config file that cannot be read, or naming the variable or the file
    ///   and key of a kept value that is wrong, whether or not this command takes that one.
    package static func apply(
        to options: ParsedOptions, specs: [OptionSpec], context: CommandContext, command: String
    ) throws(UsageError) -> ParsedOptions {
        let taken = Set(specs.map(\.key))
        guard all.contains(where: { taken.contains($0.key) }) else { return options }
        let environment = context.environment
        let catalog = context.catalog
        let config = try context.config(command: command)
        var options = options
        for setting in all {
            let file = config.kept[setting.configKey].map {
                (value: $0, origin: "config file \(config.path ?? "config.json"): \(setting.configKey)")
            }
            let variable = environment[setting.variable].flatMap { $0.isEmpty ? nil : $0 }.map {
                (value: $0, origin: setting.variable)
            }
            for found in [file, variable].compactMap({ $0 }) {
                try check(found.value, for: setting, origin: found.origin, catalog: catalog, command: command)
            }
            guard let kept = variable ?? file, taken.contains(setting.key), !options.gave(setting.key) else {
                continue
            }
            options.keep(setting.key, value: kept.value)
        }
        return options
    }

    /// Reads a kept value as its option would be read, and words a mistake after where it was kept.
    private static func check(
        _ value: String, for setting: Setting, origin: String, catalog: ProviderCatalog, command: String
    ) throws(UsageError) {
        var alone = ParsedOptions()
        alone.keep(setting.key, value: value)
        let reader = ValueReader(options: alone, command: command)
        do {
            switch setting.key {
            case .currency: _ = try reader.currency(setting.key)
            case .providers: _ = try reader.providers(from: catalog)
            case .sort: _ = try reader.choice(setting.key, SortKey.self)
            case .format: _ = try reader.choice(setting.key, OutputFormat.self)
            default: _ = try reader.integer(setting.key, atLeast: 1)
            }
        } catch {
            let excerpt = PrintableText.excerpt(value, limit: 40)
            throw UsageError(
                "\(origin): '\(excerpt)' is not a value \(setting.key.name) takes (\(error.message))",
                hint: "fix it or remove it", command: command)
        }
    }
}
