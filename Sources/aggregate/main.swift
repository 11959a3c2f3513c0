import AggregateCLI
import Foundation

exit(
    await AggregateTool(providers: AggregateTool.builtInProviders).run(
        arguments: Array(CommandLine.arguments.dropFirst())))
