import AggregatorCore
import CommandLineParsing
import Foundation
import ProviderKit

/// The directory a flight search is enriched with: `AGGREGATE_DIRECTORY=<id>`, or `"directory"` in
/// the config file, adds that installed airline directory to a flight search that has not selected it
/// already. The variable beats the file, but both are checked: a bad setting is an error naming where it
/// was set (`AGGREGATE_DIRECTORY`, or `config file PATH: directory`), never ignored.
package enum DirectorySelection {
    /// The environment variable's name.
    package static let variable = "AGGREGATE_DIRECTORY"

    /// A configured directory and where it was configured, for messages.
    package struct Setting {
        /// The provider id as written.
        package var value: String
        /// `AGGREGATE_DIRECTORY`, or `config file PATH: directory`.
        package var origin: String
    }

    /// The configured directories, the one that applies first: the environment's, then the config file's.
    package static func configured(_ environment: [String: String], _ config: ConfigFile) -> [Setting] {
        var settings: [Setting] = []
        if let value = environment[variable], !value.trimmingCharacters(in: .whitespaces).isEmpty {
            settings.append(Setting(value: value, origin: variable))
        }
        if let setting = fileSetting(config) { settings.append(setting) }
        return settings
    }

    /// The config file's setting, named after its key.
    package static func fileSetting(_ config: ConfigFile) -> Setting? {
        config.directory.map { Setting(value: $0, origin: "config file \(config.path ?? "config.json"): directory") }
    }

    /// The installed directory a setting names; `nil` for a blank setting.
    /// - Throws: ``UsageError`` naming where it was set, when it names no installed airline directory.
    package static func directory(
        _ setting: Setting, catalog: ProviderCatalog, command: String
    ) throws(UsageError) -> (any OfferProvider)? {
        let value = setting.value.trimmingCharacters(in: .whitespaces).lowercased()
        guard !value.isEmpty else { return nil }
        let directories = catalog.directories
        guard let directory = directories.first(where: { $0.descriptor.id.rawValue == value }) else {
            let ids = directories.map(\.descriptor.id.rawValue)
            let named = PrintableText.excerpt(value, limit: 40)
            throw UsageError(
                "\(setting.origin) names '\(named)', which is not an installed airline directory",
                hint: UsageError.suggesting(
                    value, among: ids, otherwise: "the installed directories are \(ids.joined(separator: ", "))"),
                command: command)
        }
        return directory
    }

    /// The selection with the configured directory added.
    /// - Throws: ``UsageError`` when a setting names no installed airline directory.
    package static func adding(
        to providers: [any OfferProvider], kind: OfferCategory, configured: [Setting], catalog: ProviderCatalog,
        command: String
    ) throws(UsageError) -> [any OfferProvider] {
        var chosen: (any OfferProvider)?
        for setting in configured {
            let directory = try directory(setting, catalog: catalog, command: command)
            if chosen == nil { chosen = directory }
        }
        guard let directory = chosen, kind == .flights,
            !providers.contains(where: { $0.descriptor.id == directory.descriptor.id })
        else {
            return providers
        }
        return providers + [directory]
    }
}
