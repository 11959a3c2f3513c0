import AggregatorCore
import Foundation

/// The optional settings file, `$XDG_CONFIG_HOME/aggregate/config.json`:
///
/// ```json
/// {
///   "endpoints": { "kiwi": "live", "aviasales": "file:///srv/recordings/aviasales" },
///   "timeout": 8,
///   "max_response_size": "16MiB"
/// }
/// ```
///
/// Every key is optional. A flag beats an environment variable, which beats the file. API keys are
/// not read from it: they come from the environment only. A file that cannot be read is an error that
/// names it, not something silently skipped, since a skipped file would send requests elsewhere than
/// the user set.
struct ConfigFile {
    /// Endpoint settings by provider id, as written.
    var endpoints: [String: String] = [:]
    /// The search deadline.
    var timeout: Duration?
    /// The response size cap, in bytes.
    var maxResponseBytes: Int?
    /// Other settings by key, for features that read their own (the directory provider, for one).
    var extra: [String: String] = [:]
    /// Where it was read from, for messages; `nil` when there is no file.
    var path: String?

    static let knownKeys = ["endpoints", "timeout", "max_response_size", "directory"]

    /// Reads the file if it exists.
    /// - Parameters:
    ///   - folders: where to look.
    ///   - command: the command, for error hints.
    /// - Returns: the settings; empty when there is no file.
    /// - Throws: ``UsageError`` naming the file and what is wrong in it.
    static func load(from folders: UserFolders, command: String) throws(UsageError) -> ConfigFile {
        guard let file = folders.config?.appendingPathComponent("config.json"),
            let data = FileManager.default.contents(atPath: file.path)
        else { return ConfigFile() }
        func problem(_ text: String) -> UsageError {
            UsageError("config file \(file.path): \(text)", hint: "fix it or move it away", command: command)
        }
        guard let object = try? JSONSerialization.jsonObject(with: data) as? [String: Any] else {
            throw problem("it is not a JSON object")
        }
        var config = ConfigFile(path: file.path)
        for key in object.keys.sorted() where !knownKeys.contains(key) {
            throw problem("unknown key '\(key)' (known: \(knownKeys.joined(separator: ", ")))")
        }
        if let endpoints = object["endpoints"] {
            guard let map = endpoints as? [String: Any] else { throw problem("'endpoints' must map ids to URLs") }
            for (id, value) in map {
                guard let text = value as? String else { throw problem("endpoints.\(id) must be a string") }
                config.endpoints[id] = text
            }
        }
        if let timeout = object["timeout"] {
            guard let seconds = (timeout as? NSNumber)?.doubleValue, seconds > 0, seconds <= 600,
                !(timeout is Bool)
            else { throw problem("'timeout' must be a number of seconds between 0 and 600") }
            config.timeout = .milliseconds(Int64((seconds * 1000).rounded()))
        }
        if let size = object["max_response_size"] {
            let text = (size as? String) ?? (size as? NSNumber).map { "\($0)" } ?? ""
            guard let bytes = ByteSize.parse(text) else {
                throw problem("'max_response_size' must be a size such as 32MiB, 500KiB or a number of bytes")
            }
            config.maxResponseBytes = bytes
        }
        if let directory = object["directory"] {
            guard let id = directory as? String else { throw problem("'directory' must be a provider id") }
            config.extra["directory"] = id
        }
        return config
    }
}

/// Sizes as people write them: `33554432`, `500KiB`, `32MiB`, `1GiB` (also `KB`/`MB`/`GB`, read as
/// the binary units, since that is what a cap on memory means).
enum ByteSize {
    /// Reads a size.
    /// - Parameter text: the written size.
    /// - Returns: bytes, or `nil` when the text is not a positive size of at most 4 GiB.
    static func parse(_ text: String) -> Int? {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        let digits = trimmed.prefix { $0.isASCII && $0.isNumber }
        let unit = trimmed.dropFirst(digits.count).trimmingCharacters(in: .whitespaces).lowercased()
        let multipliers: [String: Int] = [
            "": 1, "b": 1, "k": 1 << 10, "kb": 1 << 10, "kib": 1 << 10, "m": 1 << 20, "mb": 1 << 20,
            "mib": 1 << 20, "g": 1 << 30, "gb": 1 << 30, "gib": 1 << 30,
        ]
        guard !digits.isEmpty, digits.count <= 10, let value = Int(digits), value > 0,
            let multiplier = multipliers[unit]
        else { return nil }
        let bytes = value.multipliedReportingOverflow(by: multiplier)
        guard !bytes.overflow, bytes.partialValue <= 4 << 30 else { return nil }
        return bytes.partialValue
    }

    /// `32 MiB`, `500 KiB`, `1234 bytes`.
    static func format(_ bytes: Int) -> String {
        if bytes >= 1 << 20, bytes % (1 << 20) == 0 { return "\(bytes >> 20) MiB" }
        if bytes >= 1 << 10, bytes % (1 << 10) == 0 { return "\(bytes >> 10) KiB" }
        return "\(bytes) bytes"
    }
}
