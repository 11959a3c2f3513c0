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
    /// Whether the process exits as soon as the command has answered once, as a search's does: what its stages
    /// drop is then kept until the exit rather than freed first (``DroppedValues``). A command that goes on
    /// answering, such as a server, must not say so.
    static var answersOnceAndExits: Bool { get }
}

extension Command {
    /// Most commands do not say so.
    package static var answersOnceAndExits: Bool { false }
}
