import AggregatorCore
import Foundation
import ProviderKit
import Testing

@testable import AggregateCLI
@testable import AggregateEngine
@testable import CommandLineParsing
@testable import MCPFrontEnd
@testable import MCPWire

/// How a tool's input follows its command's option table, and how a call's arguments become that
/// command's line again.
@Suite("aggregate mcp: tools from the command line's option tables")
struct MCPToolTests {
    static let ids = ["kiwi", "aviasales", "sita"]

    static var searchFlights: MCPTool {
        get throws { try #require(MCPTool.candidates(providerIDs: ids).first { $0.name == "search_flights" }) }
    }

    static func options(
        _ arguments: [(name: String, value: MCPValue)], tool: MCPTool? = nil
    ) throws -> ParsedOptions {
        let tool = try tool ?? searchFlights
        let options = AggregateTool.command(named: tool.command)?.configuration.options ?? []
        return try MCPToolArguments.options(
            arguments, properties: tool.properties(options: options, providerIDs: ids), command: tool.command)
    }

    @Test func optionsBecomeTypedProperties() throws {
        let properties = try Self.searchFlights.properties(options: QueryOptions.specs, providerIDs: Self.ids)
        let byName = Dictionary(uniqueKeysWithValues: properties.map { ($0.name, $0) })
        #expect(byName["max_price"]?.type == .number)
        #expect(byName["max_stops"]?.type == .integer)
        #expect(byName["timeout"]?.type == .number)
        #expect(byName["round_trip"]?.type == .boolean)
        #expect(byName["date"]?.type == .dateRange)
        #expect(byName["to"]?.type == .string)
        #expect(byName["sort"]?.type == .choice(["price", "duration", "departure", "best"]))
        #expect(byName["providers"]?.type == .choice(Self.ids))
        #expect(byName["providers"]?.isList == true)
        #expect(byName["kind"] == nil)
        // Help is worded in the tool's terms.
        #expect(byName["return"]?.description == "Return day or range of days; implies round_trip")
    }

    @Test func eachToolListsOnlyTheOptionsOfItsKindOfSearch() throws {
        let tools = MCPTool.candidates(providerIDs: Self.ids)
        func names(_ tool: String) throws -> Set<String> {
            let tool = try #require(tools.first { $0.name == tool })
            let options = AggregateTool.command(named: tool.command)?.configuration.options ?? []
            return Set(tool.properties(options: options, providerIDs: Self.ids).map(\.name))
        }
        let flights = try names("search_flights")
        #expect(flights.isSuperset(of: ["from", "to", "date", "cabin", "bags", "no_throw_away", "max_price", "sort"]))
        #expect(flights.isDisjoint(with: ["color", "wide", "kind"]))
        #expect(!flights.contains("mode"), "flights only")
        let trips = try names("search_trips")
        #expect(trips.isSuperset(of: ["from", "to", "date", "mode", "max_duration", "sort"]))
        #expect(trips.isDisjoint(with: ["color", "kind"]))
        let cars = try names("search_cars")
        #expect(cars.isSuperset(of: ["color", "max_price", "sort", "limit", "currency", "providers"]))
        #expect(cars.isDisjoint(with: ["cabin", "from", "to", "date", "adults", "bags", "no_hidden_city", "wide"]))
        // Comparing takes either kind, so it takes the options of both, and the kind itself.
        let compare = try names("compare_sources")
        #expect(compare.isSuperset(of: ["kind", "color", "cabin", "from"]))
        #expect(!compare.contains("wide"))
        // An option the tool does not list is refused in the tool's terms.
        let searchCars = try #require(tools.first { $0.name == "search_cars" })
        #expect(throws: UsageError.self) { try Self.options([("cabin", .string("business"))], tool: searchCars) }
    }

    @Test func argumentsFillTheCommandsOptions() throws {
        let options = try Self.options([
            ("from", .string("VIE")), ("providers", .array([.string("kiwi"), .string("aviasales")])),
            ("round_trip", .bool(true)), ("offline", .bool(false)), ("limit", .number("5")), ("airline", .null),
            ("max_price", .string("-3")),
        ])
        // The same values the command line's words would give.
        let words = ["--from=VIE", "--providers=kiwi,aviasales", "--round-trip", "--limit=5", "--max-price=-3"]
        let parsed = try ParsedOptions.parse(words, specs: QueryOptions.specs, command: "search")
        for key in [OptionKey.from, .providers, .limit, .maxPrice, .offline, .airline] {
            #expect(options.value(key) == parsed.value(key), "\(key)")
        }
        #expect(options.value(.maxPrice) == "-3")
        #expect(options.has(.roundTrip))
        #expect(!options.has(.offline))
    }

    /// Every option that takes several values takes them as an array or, as the command line does, as one
    /// comma-separated string, and the two give the command the same options; its description says so in the
    /// same words.
    @Test(arguments: [
        ("from", OptionKey.from, ["VIE", "BRQ"]), ("to", .to, ["BCN", "GRO"]),
        ("airline", .airline, ["OS", "VY"]), ("exclude_airline", .excludeAirline, ["FR", "W6"]),
        ("providers", .providers, ["kiwi", "aviasales"]),
    ])
    func listsTakeAnArrayOrACommaSeparatedString(name: String, key: OptionKey, values: [String]) throws {
        let fromArray = try Self.options([(name, .array(values.map(MCPValue.string)))])
        let fromString = try Self.options([(name, .string(values.joined(separator: ",")))])
        #expect(fromArray.value(key) == values.joined(separator: ","))
        #expect(fromString.value(key) == fromArray.value(key))
        let property = try #require(
            try Self.searchFlights.properties(options: QueryOptions.specs, providerIDs: Self.ids).first {
                $0.name == name
            })
        #expect(property.isList && property.joinsList)
        #expect(
            property.description.hasSuffix("Several: an array of strings, or one string with them comma-separated."))
        #expect(!property.description.contains("several, comma-separated"), "said once: \(property.description)")
    }

    @Test func modesTakeAnArrayOrACommaSeparatedString() throws {
        let trips = try #require(MCPTool.candidates(providerIDs: Self.ids).first { $0.name == "search_trips" })
        let fromArray = try Self.options([("mode", .array([.string("train"), .string("bus")]))], tool: trips)
        let fromString = try Self.options([("mode", .string("train,bus"))], tool: trips)
        #expect(fromArray.value(.mode) == "train,bus")
        #expect(fromString.value(.mode) == "train,bus")
        let listing = try #require(MCPTool.candidates(providerIDs: Self.ids).first { $0.name == "list_providers" })
        let ids = try Self.options([("providers", .string("kiwi, sita"))], tool: listing)
        #expect(ids.positional == ["kiwi", "sita"])
    }

    @Test func aRequiredArgumentIsMarkedAndItsAbsenceNamesIt() throws {
        let tool = try #require(MCPTool.candidates(providerIDs: Self.ids).first { $0.name == "price_history" })
        let properties = tool.properties(
            options: AggregateTool.command(named: "history")?.configuration.options ?? [], providerIDs: Self.ids)
        #expect(properties.filter(\.isRequired).map(\.name) == ["watch"])
        for arguments in [[], [("watch", MCPValue.null)], [("limit", .number("2"))]]
            as [[(name: String, value: MCPValue)]]
        {
            let error = #expect(throws: UsageError.self) {
                try MCPToolArguments.options(arguments, properties: properties, command: "history")
            }
            let line = error.map { MCPWording.line($0, names: [:]) } ?? ""
            #expect(
                line.hasPrefix("error: missing argument 'watch'. Give 'watch': the name of one of the user's"),
                "\(line)")
            #expect(!line.contains("NAME") && !line.contains("--"), "\(line)")
        }
        let named = try MCPToolArguments.options(
            [("watch", .string("vy"))], properties: properties, command: "history")
        #expect(named.positional == ["vy"])
    }

    @Test func positionalValuesAreNeverOptions() throws {
        let tool = try #require(MCPTool.candidates(providerIDs: Self.ids).first { $0.name == "list_providers" })
        let options = try Self.options([("providers", .array([.string("--help"), .string("sita")]))], tool: tool)
        #expect(!options.wantsHelp)
        #expect(options.positional == ["--help", "sita"])
    }

    @Test(arguments: [
        ("round_trip", MCPValue.string("yes"), "error: 'round_trip' takes true or false, got a string."),
        (
            "from", .array([.string("VIE"), .number("3"), .bool(true)]),
            "error: 'from' takes a string or an array of them, got a boolean."
        ),
        ("date", .array([.string("2026-12-18")]), "error: 'date' takes a string, got an array."),
        ("limit", .bool(true), "error: 'limit' takes a whole number, got a boolean."),
        (
            "providers", .array([.number("1"), .object([])]),
            "error: 'providers' takes a string or an array of them, got an object."
        ),
        ("frm", .string("VIE"), "error: unknown argument 'frm'. Did you mean 'from'?"),
    ])
    func mistakesAreUsageErrorsInTheToolsTerms(name: String, value: MCPValue, message: String) {
        let names = MCPTool.propertyNames(QueryOptions.specs)
        let error = #expect(throws: UsageError.self) { try Self.options([(name, value)]) }
        #expect(error.map { MCPWording.line($0, names: names) } == message)
    }

    @Test func optionNamesAreReplacedWholeWordsOnly() {
        let names = ["--to": "to", "--timeout": "timeout", "--max-price": "max_price"]
        #expect(
            MCPWording.replacingOptions(in: "'--timeout' and --to, not --max-prices or --", names: names)
                == "'timeout' and to, not --max-prices or --")
    }

    @Test func onlyToolsWhoseCommandIsInstalledAreOffered() {
        let tools = MCPTool.available(commands: ["search", "providers"], providerIDs: Self.ids).map(\.name)
        #expect(tools == ["search_flights", "search_trips", "search_cars", "list_providers", "check_providers"])
        let withDates = MCPTool.available(commands: ["search", "compare", "providers", "dates"], providerIDs: Self.ids)
        #expect(withDates.map(\.name).contains("cheapest_dates"))
    }
}
