import AggregatorCore
import Foundation

/// A subcommand: validated from the command line in its initializer, then run.
protocol Command {
    /// Its name, options and help.
    static var configuration: CommandConfiguration { get }
    /// Checks the command line; nothing runs yet.
    init(options: ParsedOptions, context: CommandContext) throws(UsageError)
    /// Does the work and says how it went.
    func run(console: Console) async -> ExitCode
}

/// What every command may read besides its options: the process environment and the installed
/// providers.
struct CommandContext: Sendable {
    /// The process environment.
    var environment: [String: String]
    /// The installed providers.
    var catalog: ProviderCatalog
}
