import AggregateCLI
import Charter
import Foundation
import Gatefare

exit(
    await AggregateTool(providers: AggregateTool.builtInProviders + [CharterProvider(), GatefareProvider()]).run(
        arguments: Array(CommandLine.arguments.dropFirst())))
