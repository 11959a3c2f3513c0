import AggregateCLI
import Charter
import Foundation

exit(
    await AggregateTool(providers: AggregateTool.builtInProviders + [CharterProvider()]).run(
        arguments: Array(CommandLine.arguments.dropFirst())))
