import AggregatorCore
import Foundation
import ProviderKit

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Finds the outside programs that are providers: those the config file lists under
/// `external_providers`, then every executable named `aggregate-provider-<id>` in the folders of `PATH`.
///
/// Rules:
/// - `PATH` is searched in order, and the first program of a name wins, as a shell would run it; only
///   absolute folders are searched (an empty or relative entry, such as `.`, would make a provider of
///   whatever lies in the current folder). A candidate must be a regular file (links are followed) that
///   this user may execute.
/// - The config file's entries come first and win over a program of the same id on `PATH`.
/// - A program whose name is not a provider id, or whose id an installed provider has, is left out with a
///   warning; the other providers work as usual. (A clash in the config file is an error of the config
///   file instead, reported by the command that reads it.)
/// - Nothing is run here: this is a few directory listings and `stat` calls, cheap enough for every
///   command. The programs' specs are read by ``ExternalSpecLoader``.
package enum ExternalDiscovery {
    /// What discovery found.
    package struct Found: Sendable {
        /// The programs, config file entries first, then `PATH` in order.
        package var programs: [ExternalProgram] = []
        /// One line each, for standard error: programs left out and why.
        package var warnings: [String] = []

        /// Creates the value from each of its properties, as the memberwise initializer does.
        package init(programs: [ExternalProgram] = [], warnings: [String] = []) {
            self.programs = programs
            self.warnings = warnings
        }
    }

    /// Finds the programs.
    /// - Parameters:
    ///   - environment: the process environment, for `PATH`.
    ///   - configured: the config file's `external_providers`, id to path.
    ///   - configPath: the config file's path, for warnings.
    ///   - installed: the ids of the installed (compiled-in) providers.
    /// - Returns: the programs and the warnings.
    package static func find(
        environment: [String: String], configured: [String: String], configPath: String?, installed: Set<ProviderID>
    ) -> Found {
        var found = Found()
        var taken = installed
        for (key, path) in configured.sorted(by: { $0.key < $1.key }) {
            let id = ProviderID(rawValue: key)
            // A clash or a bad id is the config file's error, reported where it is read.
            guard ExternalProgram.isProviderID(key), !taken.contains(id) else { continue }
            guard isExecutableFile(path) else {
                found.warnings.append(
                    "warning: config file \(configPath ?? "config.json"): external_providers.\(key): \(path) is not "
                        + "an executable file; '\(key)' is left out")
                continue
            }
            taken.insert(id)
            found.programs.append(ExternalProgram(id: id, path: path, origin: .configFile))
        }
        var seen = Set<String>()
        for folder in searchFolders(environment["PATH"]) {
            for name in candidateNames(in: folder) where seen.insert(name).inserted {
                let path = folder.hasSuffix("/") ? folder + name : folder + "/" + name
                guard isExecutableFile(path) else {
                    seen.remove(name)
                    continue
                }
                let text = String(name.dropFirst(ExternalProgram.namePrefix.count))
                guard ExternalProgram.isProviderID(text) else {
                    found.warnings.append(
                        "warning: ignoring \(path): '\(text)' is not a provider id (lower-case letters, digits and "
                            + "dashes, at most 40)")
                    continue
                }
                let id = ProviderID(rawValue: text)
                if installed.contains(id) {
                    found.warnings.append(
                        "warning: ignoring \(path): an installed provider has the id '\(id)'; rename the program "
                            + "\(ExternalProgram.namePrefix)<another id>")
                    continue
                }
                guard !taken.contains(id) else { continue }
                taken.insert(id)
                found.programs.append(ExternalProgram(id: id, path: path, origin: .path))
            }
        }
        return found
    }

    /// The absolute folders of `PATH`, in order, each once.
    package static func searchFolders(_ path: String?) -> [String] {
        var seen = Set<String>()
        return (path ?? "").split(separator: ":", omittingEmptySubsequences: true).map(String.init)
            .filter { $0.hasPrefix("/") && seen.insert($0).inserted }
    }

    /// The names in a folder that start with the provider prefix, sorted; none when it cannot be listed.
    package static func candidateNames(in folder: String) -> [String] {
        guard let directory = opendir(folder) else { return [] }
        defer { closedir(directory) }
        let prefix = ExternalProgram.namePrefix
        var names: [String] = []
        while let entry = readdir(directory) {
            let name = withUnsafePointer(to: &entry.pointee.d_name) { tuple in
                tuple.withMemoryRebound(to: CChar.self, capacity: MemoryLayout.size(ofValue: tuple.pointee)) {
                    // Most names do not start with the prefix: compare bytes before making a string.
                    strncmp($0, prefix, prefix.utf8.count) == 0 ? String(cString: $0) : nil
                }
            }
            if let name, name.count > prefix.count { names.append(name) }
        }
        return names.sorted()
    }

    /// Whether a path names a regular file (after links) that this user may execute.
    package static func isExecutableFile(_ path: String) -> Bool {
        var status = stat()
        guard stat(path, &status) == 0, status.st_mode & S_IFMT == S_IFREG else { return false }
        return access(path, X_OK) == 0
    }
}
