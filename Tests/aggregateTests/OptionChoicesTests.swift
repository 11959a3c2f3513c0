import AggregatorCore
import Foundation
import ProviderKit
import Testing

@testable import AggregateCLI
@testable import AggregateEngine
@testable import CommandLineParsing

/// An option's fixed values are one list: the help shows it, the parser takes exactly it, and the shell
/// completions offer it.
@Suite("Options with fixed values: help, parser and completions agree")
struct OptionChoicesTests {
    /// Every command's configuration.
    static let configurations = AggregateTool.commands.map { $0.configuration }

    @Test func helpShowsTheChoicesAsBefore() {
        let expected = [
            ("search", "--format table|json|csv"), ("search", "--sort price|duration|departure|best"),
            ("search", "--cabin economy|premium|business|first"), ("search", "--kind flights|cars"),
            ("compare", "--format table|json|csv"), ("dates", "--format table|json|csv"),
            ("providers", "--format table|json"), ("airlines", "--format table|json"),
        ]
        for (name, synopsis) in expected {
            let help = Self.configurations.first { $0.name == name }?.help ?? ""
            #expect(help.contains("[\(synopsis)]"), "\(name)'s usage line shows \(synopsis)")
            // A synopsis too long for the options column stands on a line of its own, its help below.
            #expect(
                help.contains("\n  \(synopsis) ") || help.contains("\n  \(synopsis)\n"),
                "\(name)'s options show \(synopsis)")
        }
        for configuration in Self.configurations {
            for option in configuration.options {
                guard let choices = option.choices else { continue }
                #expect(option.valueName == choices.joined(separator: "|"), "\(configuration.name) \(option.name)")
            }
        }
    }

    /// The words a command needs before an option: an action, a name.
    static func leadingWords(_ command: String, _ option: OptionSpec) -> [String] {
        switch command {
        case "watch":
            WatchCommand.runSpecs.contains { $0.key == option.key } ? ["run"] : ["add", "w", "--date", "2026-12-18"]
        case "history": ["vie-bcn"]
        default: []
        }
    }

    @Test func theParserTakesEveryChoiceAndNothingElse() throws {
        let home = FileManager.default.temporaryDirectory.appendingPathComponent("aggregate-home-\(UUID())")
        let context = CommandContext(
            environment: ["HOME": home.path], catalog: ProviderCatalog(AggregateTool.builtInProviders))
        var checked = 0
        for command in AggregateTool.commands {
            let configuration = command.configuration
            for option in configuration.options {
                guard let choices = option.choices else { continue }
                for choice in choices + choices.map({ $0.uppercased() }) {
                    let parsed = try ParsedOptions.parse(
                        Self.leadingWords(configuration.name, option) + [option.name, choice],
                        specs: configuration.options, command: configuration.name)
                    #expect(throws: Never.self, "\(configuration.name) \(option.name) \(choice)") {
                        _ = try command.init(options: parsed, context: context)
                    }
                    checked += 1
                }
                let parsed = try ParsedOptions.parse(
                    Self.leadingWords(configuration.name, option) + [option.name, "nonsense"],
                    specs: configuration.options, command: configuration.name)
                do {
                    _ = try command.init(options: parsed, context: context)
                    Issue.record("\(configuration.name) \(option.name) took 'nonsense'")
                } catch {
                    #expect(
                        error.message
                            == "'\(option.name)' takes one of \(choices.joined(separator: ", ")), got 'nonsense'")
                }
            }
        }
        #expect(checked > 20)
    }

    @Test func theCompletionsOfferTheChoices() {
        let tables = CompletionTables(configurations: Self.configurations, providerIDs: [], liveProviderIDs: [])
        for configuration in Self.configurations {
            let command = tables.commands.first { $0.name == configuration.name }
            for option in configuration.options {
                let offered = command?.options.first { $0.name == option.name }?.values
                if let choices = option.choices {
                    #expect(offered == .words(choices), "\(configuration.name) \(option.name)")
                } else if option.valueName == nil {
                    #expect(offered == nil, "\(configuration.name) \(option.name) is a flag")
                }
            }
        }
        let search = tables.commands.first { $0.name == "search" }
        #expect(search?.options.first { $0.name == "--providers" }?.values == .providerIDList)
        #expect(search?.options.first { $0.name == "--endpoint" }?.values == .providerEndpoints)
        #expect(search?.options.first { $0.name == "--rates" }?.values == .files)
        #expect(search?.options.first { $0.name == "--from" }?.values == .text)
        #expect(search?.options.last?.name == "--help")
    }
}
