import AggregatorCore
import Foundation

/// The directory a flight search is enriched with: `AGGREGATE_DIRECTORY=<id>`, or `"directory"` in
/// the config file, adds that installed airline directory to a flight search that has not selected it
/// already.
enum DirectorySelection {
    /// The environment variable's name.
    static let variable = "AGGREGATE_DIRECTORY"

    /// A configured directory and where it was configured, for messages.
    struct Setting {
        /// The provider id as written.
        var value: String
        /// `AGGREGATE_DIRECTORY`, or `config file PATH: directory`.
        var origin: String
    }

    /// The configured directory: the environment beats the config file.
    static func configured(_ environment: [String: String], _ config: ConfigFile) -> Setting? {
        if let value = environment[variable], !value.trimmingCharacters(in: .whitespaces).isEmpty {
            return Setting(value: value, origin: variable)
        }
        if let value = config.directory {
            return Setting(value: value, origin: "config file \(config.path ?? "config.json"): directory")
        }
        return nil
    }

    /// The selection with the configured directory added.
    /// - Throws: ``UsageError`` when the setting names no installed airline directory.
    static func adding(
        to providers: [any OfferProvider], kind: OfferCategory, configured: Setting?, catalog: ProviderCatalog,
        command: String
    ) throws(UsageError) -> [any OfferProvider] {
        guard let configured else { return providers }
        let value = configured.value.trimmingCharacters(in: .whitespaces).lowercased()
        guard !value.isEmpty else { return providers }
        let directories = catalog.directories
        guard let directory = directories.first(where: { $0.descriptor.id.rawValue == value }) else {
            let ids = directories.map(\.descriptor.id.rawValue)
            throw UsageError(
                "\(configured.origin) names '\(PrintableText.excerpt(value, limit: 40))', which is not an installed airline directory",
                hint: UsageError.suggesting(
                    value, among: ids, otherwise: "the installed directories are \(ids.joined(separator: ", "))"),
                command: command)
        }
        guard kind == .flights, !providers.contains(where: { $0.descriptor.id == directory.descriptor.id }) else {
            return providers
        }
        return providers + [directory]
    }
}
