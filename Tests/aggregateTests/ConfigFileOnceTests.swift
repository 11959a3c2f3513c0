import AggregatorCore
import AggregatorTestSupport
import Foundation
import ProviderKit
import Testing

@testable import AggregateCLI
@testable import AggregateEngine
@testable import CommandLineParsing

/// The config file is read once per command and carried in its context: every setting a command takes
/// from it comes from that one reading.
@Suite("The config file, read once per command")
struct ConfigFileOnceTests {
    private static func home(config contents: String) throws -> (folder: TemporaryFolder, environment: [String: String])
    {
        let folder = try TemporaryFolder()
        try write(contents, in: folder)
        return (folder, ["XDG_CONFIG_HOME": folder.url.appendingPathComponent("config").path])
    }

    private static func write(_ contents: String, in folder: TemporaryFolder) throws {
        let config = folder.url.appendingPathComponent("config/aggregate")
        try FileManager.default.createDirectory(at: config, withIntermediateDirectories: true)
        try Data(contents.utf8).write(to: config.appendingPathComponent("config.json"))
    }

    private static let catalog = ProviderCatalog(AggregateTool.builtInProviders)

    @Test func everySettingComesFromTheOneReading() throws {
        let (folder, environment) = try Self.home(config: #"{"timeout": 5, "currency": "USD"}"#)
        let context = CommandContext(environment: environment, catalog: Self.catalog)
        // Changed after the reading: a second reading would see it.
        try Self.write(#"{"timeout": 7, "currency": "GBP"}"#, in: folder)
        #expect(try context.config(command: "search").timeout == .seconds(5))
        let options = try ParsedOptions.parse([], specs: [ConnectionOptions.timeout], command: "search")
        let connection = try ConnectionOptions(options, context: context, command: "search")
        #expect(connection.config.kept["currency"] == "USD")
        #expect(connection.settings.deadline == .seconds(5))
    }

    @Test func aMistakeIsTheErrorOfTheCommandThatTakesASetting() throws {
        let (folder, environment) = try Self.home(config: #"{"timeout": true}"#)
        _ = folder
        // Reading it is no error yet: a command that takes nothing from the file never sees it.
        let context = CommandContext(environment: environment, catalog: Self.catalog)
        let error = try #require(throws: UsageError.self) { try context.config(command: "dates") }
        #expect(error.description.contains("config file"))
        #expect(error.description.contains("timeout"))
        #expect(error.description.hasSuffix("See 'aggregate dates --help'."))
    }
}
