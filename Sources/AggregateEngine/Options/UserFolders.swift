import Foundation

/// Where the tool keeps its user's files, by the XDG Base Directory rules: `XDG_CONFIG_HOME`,
/// `XDG_CACHE_HOME` and `XDG_DATA_HOME` when set to an absolute path, otherwise `~/.config`,
/// `~/.cache` and `~/.local/share`; each with an `aggregate` folder inside.
package struct UserFolders {
    package let environment: [String: String]

    /// `$XDG_CONFIG_HOME/aggregate`: the config file's folder.
    package var config: URL? { folder("XDG_CONFIG_HOME", default: ".config") }
    /// `$XDG_CACHE_HOME/aggregate`: the response cache.
    package var cache: URL? { folder("XDG_CACHE_HOME", default: ".cache") }
    /// `$XDG_DATA_HOME/aggregate`: favourites.
    package var data: URL? { folder("XDG_DATA_HOME", default: ".local/share") }

    /// The folder from the variable, else under `HOME`; `nil` when neither is usable. The
    /// specification says a relative path in the variable is invalid and must be ignored.
    private func folder(_ variable: String, default relative: String) -> URL? {
        if let value = environment[variable], value.hasPrefix("/") {
            return URL(fileURLWithPath: value, isDirectory: true).appendingPathComponent("aggregate", isDirectory: true)
        }
        guard let home = environment["HOME"], home.hasPrefix("/") else { return nil }
        return URL(fileURLWithPath: home, isDirectory: true).appendingPathComponent(relative, isDirectory: true)
            .appendingPathComponent("aggregate", isDirectory: true)
    }

    /// Creates the value from each of its properties, as the memberwise initializer does.
    package init(environment: [String: String]) {
        self.environment = environment
    }
}
