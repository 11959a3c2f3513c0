import AggregatorCore
import CommandLineParsing
import Foundation
import ProviderKit

/// A subcommand: validated from the command line in its initializer, then run.
package protocol Command {
    /// Its name, options and help.
    static var configuration: CommandConfiguration { get }
    /// Checks the command line; nothing runs yet.
    init(options: ParsedOptions, context: CommandContext) throws(UsageError)
    /// Does the work and says how it went.
    func run(console: Console) async -> ExitCode
}
