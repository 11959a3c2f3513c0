import AggregatorTestSupport
import Foundation
import Testing

/// Settings kept in the config file or the environment instead of typed on every run: currency,
/// providers, sort, format and limit, with a flag beating the environment, which beats the file.
@Suite("Kept settings through the binary")
struct KeptSettingsTests {
    /// A home whose config file holds `contents`, and the environment that points at it.
    private static func home(config contents: String) throws -> (folder: TemporaryFolder, environment: [String: String])
    {
        let folder = try TemporaryFolder()
        let config = folder.url.appendingPathComponent("config/aggregate")
        try FileManager.default.createDirectory(at: config, withIntermediateDirectories: true)
        try Data(contents.utf8).write(to: config.appendingPathComponent("config.json"))
        return (folder, ["XDG_CONFIG_HOME": folder.url.appendingPathComponent("config").path])
    }

    @Test func theConfigFileKeepsCurrencyProvidersSortFormatAndLimit() async throws {
        let (folder, environment) = try Self.home(
            config: #"{"currency": "USD", "providers": ["kiwi"], "sort": "duration", "format": "json", "limit": 2}"#)
        _ = folder
        let run = try await Binary.run(["search"], environment: environment)
        #expect(run.status == 0, "\(run.stderr)")
        let document = try run.json()
        let offers = try #require(document["offers"] as? [[String: Any]])
        #expect(offers.count == 2)
        let query = try #require(document["query"] as? [String: Any])
        #expect(query["currency"] as? String == "USD")
        #expect(query["sort"] as? String == "duration")
        let providers = try #require(document["providers"] as? [[String: Any]])
        #expect(providers.compactMap { $0["id"] as? String } == ["kiwi"])
    }

    @Test func aFlagBeatsTheEnvironmentWhichBeatsTheFile() async throws {
        let (folder, base) = try Self.home(config: #"{"format": "csv", "limit": 1, "currency": "GBP"}"#)
        _ = folder
        var environment = base
        environment["AGGREGATE_FORMAT"] = "json"
        environment["AGGREGATE_LIMIT"] = "3"
        let fromEnvironment = try await Binary.run(["search", "--providers", "kiwi"], environment: environment)
        let document = try fromEnvironment.json()
        #expect((document["offers"] as? [[String: Any]])?.count == 3, "the variable beats the file")
        #expect((document["query"] as? [String: Any])?["currency"] as? String == "GBP", "the file still counts")

        let typed = try await Binary.run(
            ["search", "--providers", "kiwi", "--format", "csv", "--limit", "2", "--currency", "EUR"],
            environment: environment)
        #expect(typed.status == 0)
        #expect(typed.stdoutLines.filter { !$0.isEmpty }.count == 3, "a header and two offers: \(typed.stdout)")
        #expect(typed.stdout.contains("EUR"))
    }

    @Test func aKeptFormatACommandCannotWriteLeavesItOnItsOwnDefault() async throws {
        let run = try await Binary.run(["providers"], environment: ["AGGREGATE_FORMAT": "csv"])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout.hasPrefix("ID"), "the providers table, since providers writes no CSV: \(run.stdout)")
    }

    @Test func aKeptSortDoesNotReorderACompareButATypedOneDoes() async throws {
        let kept = try await Binary.run(
            ["compare", "--providers", "kiwi,aviasales", "--format", "json"],
            environment: ["AGGREGATE_SORT": "duration"])
        let plain = try await Binary.run(["compare", "--providers", "kiwi,aviasales", "--format", "json"])
        let typed = try await Binary.run(
            ["compare", "--providers", "kiwi,aviasales", "--format", "json", "--sort", "duration"])
        #expect(try kept.json()["order"] as? String == "saving")
        #expect(try plain.json()["order"] as? String == "saving")
        #expect(try typed.json()["order"] as? String != "saving")
        #expect(try kept.json()["shared"] as? NSArray == plain.json()["shared"] as? NSArray)
    }

    @Test func aTimeoutOfOneSecondIsANumberAndTrueIsNot() async throws {
        let (one, environment) = try Self.home(config: #"{"timeout": 1, "limit": 1}"#)
        _ = one
        // The file is read whole, its timeout too, whatever the command line says; the search itself gets a
        // minute, so that a busy machine cannot make a one-second deadline the thing tested.
        let run = try await Binary.run(
            ["search", "--providers", "kiwi", "--format", "csv", "--timeout", "60"], environment: environment)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdoutLines.filter { !$0.isEmpty }.count == 2)
        let (yes, other) = try Self.home(config: #"{"timeout": true}"#)
        _ = yes
        let refused = try await Binary.run(["search"], environment: other)
        #expect(refused.status == 64)
        #expect(refused.stderr.contains("'timeout' must be a number of seconds"))
    }

    @Test(arguments: [
        (["AGGREGATE_SORT": "cheapest"], "AGGREGATE_SORT: 'cheapest' is not a value --sort takes"),
        (["AGGREGATE_LIMIT": "0"], "AGGREGATE_LIMIT: '0' is not a value --limit takes"),
        (["AGGREGATE_PROVIDERS": "kiwi,nope"], "AGGREGATE_PROVIDERS: 'kiwi,nope' is not a value --providers takes"),
        (["AGGREGATE_CURRENCY": "euro"], "AGGREGATE_CURRENCY: 'euro' is not a value --currency takes"),
    ])
    func aWrongKeptValueNamesItsVariable(environment: [String: String], message: String) async throws {
        let run = try await Binary.run(["search"], environment: environment)
        #expect(run.status == 64)
        #expect(run.stdout.isEmpty)
        #expect(run.stderrLines.count == 1)
        #expect(run.stderr.hasPrefix("error: \(message)"), "\(run.stderr)")
    }

    @Test(arguments: [
        (#"{"format": "xml"}"#, "format: 'xml' is not a value --format takes"),
        (#"{"limit": "many"}"#, "limit: 'many' is not a value --limit takes"),
        (#"{"limit": true}"#, "'limit' must be a whole number"),
        (#"{"providers": [1, 2]}"#, "'providers' must be a list of provider ids"),
        (#"{"currency": 978}"#, "'currency' must be a string"),
    ])
    func aWrongKeptValueInTheFileNamesTheFileAndKey(contents: String, message: String) async throws {
        let (folder, environment) = try Self.home(config: contents)
        let run = try await Binary.run(["search"], environment: environment)
        #expect(run.status == 64)
        #expect(run.stderrLines.count == 1)
        let file = folder.url.appendingPathComponent("config/aggregate/config.json").path
        #expect(run.stderr.hasPrefix("error: config file \(file)"), "\(run.stderr)")
        #expect(run.stderr.contains(message), "\(run.stderr)")
    }

    @Test func aCommandThatTakesNoKeptSettingIgnoresThem() async throws {
        let run = try await Binary.run(["favorites", "list"], environment: ["AGGREGATE_SORT": "cheapest"])
        #expect(run.status == 0, "\(run.stderr)")
    }
}
