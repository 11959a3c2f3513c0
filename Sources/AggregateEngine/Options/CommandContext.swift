import AggregatorCore
import CommandLineParsing
import Foundation
import ProviderKit

/// What every command may read besides its options: the process environment, the installed providers
/// and the config file.
package struct CommandContext: Sendable {
    /// The process environment.
    package var environment: [String: String]
    /// The installed providers.
    package var catalog: ProviderCatalog
    /// The config file as read once for the command (each setting checked on its own), or why it cannot
    /// be used. A command that takes no setting from it never sees its mistakes.
    package var configFile: Result<ConfigFile, UsageError>
    /// What the process builds once and every command of it reuses: connections, tokens and, in a server,
    /// its aggregators.
    package var engine: Engine

    /// Creates a context.
    /// - Parameters:
    ///   - environment: the process environment.
    ///   - catalog: the installed providers.
    ///   - configFile: the config file as read; by default it is read from the folders `environment` names.
    ///   - engine: the process's engine; a new one by default.
    package init(
        environment: [String: String], catalog: ProviderCatalog, configFile: Result<ConfigFile, UsageError>? = nil,
        engine: Engine = Engine()
    ) {
        self.environment = environment
        self.catalog = catalog
        self.engine = engine
        self.configFile =
            configFile
            ?? Result { () throws(UsageError) in
                try ConfigFile.load(from: UserFolders(environment: environment), command: nil)
            }
    }

    /// The config file with every setting checked, against the installed providers too: a file with a
    /// mistake is an error for every command that reads it, whether or not the command uses that setting.
    /// - Parameter command: the command, for the error's hint.
    /// - Returns: the settings; empty when there is no file.
    /// - Throws: ``UsageError`` naming the file, the key and what is wrong.
    package func config(command: String) throws(UsageError) -> ConfigFile {
        do {
            return try configFile.get().checked(against: catalog, command: command)
        } catch {
            var error = error
            error.command = command
            throw error
        }
    }
}
