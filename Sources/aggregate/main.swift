import Foundation

let environment = ProcessInfo.processInfo.environment
let tool = AggregateTool(environment: environment, console: .standard(environment: environment))
let status = await tool.run(Array(CommandLine.arguments.dropFirst()))
exit(status.rawValue)
