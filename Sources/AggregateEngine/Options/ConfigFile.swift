import AggregatorCore
import CommandLineParsing
import Foundation
import ProviderKit

/// The optional settings file, `$XDG_CONFIG_HOME/aggregate/config.json`:
///
/// ```json
/// {
///   "endpoints": { "kiwi": "live", "aviasales": "file:///srv/recordings/aviasales" },
///   "timeout": 8,
///   "max_response_size": "16MiB",
///   "external_providers": { "myflights": "/opt/myflights/bin/provider" },
///   "currency": "USD", "providers": ["kiwi", "duffel"], "sort": "duration", "format": "json", "limit": 10
/// }
/// ```
///
/// Every key is optional; the last five are defaults for the options of the same name (see
/// ``KeptSettings``). A flag beats an environment variable, which beats the file. API keys are
/// not read from it: they come from the environment only. A file that cannot be read is an error that
/// names it, not something silently skipped, since a skipped file would send requests elsewhere than
/// the user set: a folder, a FIFO, an unreadable file, a dangling link or a loop of links in its place is
/// such an error, and so is a file over 1 MiB, which is never read.
package struct ConfigFile {
    /// Endpoint settings by provider id, as written.
    package var endpoints: [String: String] = [:]
    /// The search deadline.
    package var timeout: Duration?
    /// The response size cap, in bytes.
    package var maxResponseBytes: Int?
    /// `live`: ask every provider's live service, as `--live` does.
    package var live: Bool?
    /// The airline directory that enriches flight searches.
    package var directory: String?
    /// Kept settings by key (`currency`, `providers`, …), as option values: a provider list joined with
    /// commas, a limit as digits.
    package var kept: [String: String] = [:]
    /// Outside programs to run as providers: id to absolute path.
    package var externalProviders: [String: String] = [:]
    /// Where it was read from, for messages; `nil` when there is no file.
    package var path: String?

    package static let knownKeys =
        ["endpoints", "timeout", "max_response_size", "live", "directory", "external_providers"]
        + KeptSettings.configKeys

    /// The largest config file read.
    package static let maxBytes = 1 << 20

    /// The settings, once those that name providers are checked against the installed ones: whether or
    /// not a flag or a variable overrides them and whether or not the command uses them. (Endpoints are
    /// checked where they are read, by ``EndpointSettings``.)
    /// - Parameters:
    ///   - catalog: the installed providers, which `directory` must name one of, and whose ids no
    ///     `external_providers` entry may take.
    ///   - command: the command, for error hints.
    /// - Returns: the settings as they are.
    /// - Throws: ``UsageError`` naming the file, the key and what is wrong.
    package func checked(against catalog: ProviderCatalog, command: String) throws(UsageError) -> ConfigFile {
        // The outside programs joined the catalog from this very list, so only the others can clash.
        let installed = catalog.all.filter { !($0 is ExternalProvider) }.map(\.descriptor.id)
        for id in externalProviders.keys.sorted() where installed.contains(ProviderID(rawValue: id)) {
            throw UsageError(
                "config file \(path ?? "config.json"): external_providers.\(id): an installed provider has "
                    + "the id '\(id)'", hint: "give the program another id", command: command)
        }
        if let setting = DirectorySelection.fileSetting(self) {
            _ = try DirectorySelection.directory(setting, catalog: catalog, command: command)
        }
        return self
    }

    /// Whether a value `JSONSerialization` read is `true` or `false`. `is Bool` cannot tell: on Linux it
    /// holds for the numbers 0 and 1 too, which would make `"timeout": 1` a boolean. Booleans are the
    /// numbers stored as a C `char`.
    private static func isBoolean(_ value: Any) -> Bool {
        guard let number = value as? NSNumber else { return false }
        return String(cString: number.objCType) == "c"
    }

    /// Reads the file if it exists and checks each setting on its own, without the installed providers.
    /// - Parameters:
    ///   - folders: where to look.
    ///   - command: the command, for error hints.
    /// - Returns: the settings; empty when there is no file.
    /// - Throws: ``UsageError`` naming the file, the key and what is wrong.
    package static func load(from folders: UserFolders, command: String?) throws(UsageError) -> ConfigFile {
        guard let file = folders.config?.appendingPathComponent("config.json") else { return ConfigFile() }
        func problem(_ text: String) -> UsageError {
            UsageError("config file \(file.path): \(text)", hint: "fix it or move it away", command: command)
        }
        let contents: Data?
        do {
            contents = try RegularFile.read(file.path, maxBytes: maxBytes)
        } catch {
            switch error.reason {
            case .notARegularFile(let kind): throw problem("it is \(kind), not a regular file")
            case .tooLarge(let bytes, _): throw problem("it is \(bytes) bytes; a config file is at most 1 MiB")
            case .system(ENOENT): throw problem("it is a symbolic link to nothing (no such file or directory)")
            case .system(let code): throw problem("it cannot be read: \(String(cString: strerror(code)).lowercased())")
            case .changedWhileRead: throw problem("it changed while it was being read")
            }
        }
        guard let data = contents else { return ConfigFile() }
        guard let object = try? JSONSerialization.jsonObject(with: data) as? [String: Any] else {
            throw problem("it is not a JSON object")
        }
        var config = ConfigFile(path: file.path)
        for key in object.keys.sorted() where !knownKeys.contains(key) {
            throw problem(
                "unknown key '\(PrintableText.excerpt(key, limit: 40))' (known: \(knownKeys.joined(separator: ", ")))")
        }
        if let endpoints = object["endpoints"] {
            guard let map = endpoints as? [String: Any] else { throw problem("'endpoints' must map ids to URLs") }
            for (id, value) in map {
                guard let text = value as? String else {
                    throw problem("endpoints.\(PrintableText.excerpt(id, limit: 40)) must be a string")
                }
                config.endpoints[id] = text
            }
        }
        if let timeout = object["timeout"] {
            // At least a millisecond once rounded: a timeout that rounds to nothing is no timeout.
            guard let seconds = (timeout as? NSNumber)?.doubleValue, seconds >= 0.0005, seconds <= 600,
                !isBoolean(timeout)
            else { throw problem("'timeout' must be a number of seconds between 0 and 600") }
            config.timeout = .milliseconds(Int64((seconds * 1000).rounded()))
        }
        if let live = object["live"] {
            guard isBoolean(live), let flag = live as? Bool else { throw problem("'live' must be true or false") }
            config.live = flag
        }
        if let size = object["max_response_size"] {
            let text = (size as? String) ?? (size as? NSNumber).map { "\($0)" } ?? ""
            guard let bytes = ByteSize.parse(text) else {
                throw problem("'max_response_size' must be a size such as 32MiB, 500KiB or a number of bytes")
            }
            config.maxResponseBytes = bytes
        }
        for key in KeptSettings.configKeys {
            guard let value = object[key] else { continue }
            if let text = value as? String {
                config.kept[key] = text
            } else if key == "limit", let number = value as? NSNumber, !isBoolean(value) {
                config.kept[key] = number.stringValue
            } else if key == "providers", let ids = value as? [Any], let names = ids as? [String] {
                config.kept[key] = names.joined(separator: ",")
            } else {
                throw problem(
                    key == "limit"
                        ? "'limit' must be a whole number"
                        : key == "providers"
                            ? "'providers' must be a list of provider ids or a comma-separated string"
                            : "'\(key)' must be a string")
            }
        }
        if let directory = object["directory"] {
            guard let id = directory as? String else { throw problem("'directory' must be a provider id") }
            config.directory = id
        }
        if let programs = object["external_providers"] {
            guard let map = programs as? [String: Any] else {
                throw problem("'external_providers' must map provider ids to program paths")
            }
            for (id, value) in map.sorted(by: { $0.key < $1.key }) {
                let key = "external_providers.\(PrintableText.excerpt(id, limit: 40))"
                guard ExternalProgram.isProviderID(id) else {
                    throw problem("\(key): the id must be lower-case letters, digits and dashes (at most 40)")
                }
                guard let path = value as? String, path.hasPrefix("/") else {
                    throw problem("\(key) must be the program's absolute path, such as /usr/local/bin/\(id)")
                }
                config.externalProviders[id] = path
            }
        }
        return config
    }

    /// Creates the value from each of its properties, as the memberwise initializer does.
    package init(
        endpoints: [String: String] = [:], timeout: Duration? = nil, maxResponseBytes: Int? = nil, live: Bool? = nil,
        directory: String? = nil, kept: [String: String] = [:], externalProviders: [String: String] = [:],
        path: String? = nil
    ) {
        self.endpoints = endpoints
        self.timeout = timeout
        self.maxResponseBytes = maxResponseBytes
        self.live = live
        self.directory = directory
        self.kept = kept
        self.externalProviders = externalProviders
        self.path = path
    }
}
