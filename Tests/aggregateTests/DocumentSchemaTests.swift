import Foundation
import ProviderTestKit
import Testing

@testable import AggregateCLI
@testable import AggregateEngine
@testable import CommandLineParsing

/// Checks a JSON value against a JSON Schema in the part of JSON Schema the documents' schemas use: `type`
/// (one or a list), `properties`, `required`, `additionalProperties: false`, `items`, `enum`, `const` and
/// `anyOf`; `format` and `pattern` are not checked.
struct SchemaValidator {
    /// Every place a value breaks its schema, as `$.offers[0].sources[1]: no member 'party' in the schema`.
    static func violations(_ value: Any, _ schema: [String: Any], at path: String = "$") -> [String] {
        if let forms = schema["anyOf"] as? [[String: Any]] {
            return forms.contains { violations(value, $0, at: path).isEmpty }
                ? [] : ["\(path): fits none of the forms of anyOf"]
        }
        var found: [String] = []
        let types = (schema["type"] as? [String]) ?? (schema["type"] as? String).map { [$0] } ?? []
        if !types.isEmpty, !types.contains(where: { matches(value, $0) }) {
            return ["\(path): \(describe(value)) where the schema wants \(types.joined(separator: " or "))"]
        }
        if let allowed = schema["enum"] as? [Any], !allowed.contains(where: { same($0, value) }) {
            found.append("\(path): \(describe(value)) is not one of the schema's enum")
        }
        if let constant = schema["const"], !same(constant, value) {
            found.append("\(path): \(describe(value)) is not the schema's const \(constant)")
        }
        if let object = value as? [String: Any] {
            let properties = schema["properties"] as? [String: [String: Any]] ?? [:]
            for name in schema["required"] as? [String] ?? [] where object[name] == nil {
                found.append("\(path): member '\(name)' is missing")
            }
            for (name, member) in object.sorted(by: { $0.key < $1.key }) {
                if let property = properties[name] {
                    found += violations(member, property, at: "\(path).\(name)")
                } else if schema["additionalProperties"] as? Bool == false {
                    found.append("\(path): no member '\(name)' in the schema")
                }
            }
        }
        if let array = value as? [Any], let items = schema["items"] as? [String: Any] {
            for (index, element) in array.enumerated() { found += violations(element, items, at: "\(path)[\(index)]") }
        }
        return found
    }

    private static func matches(_ value: Any, _ type: String) -> Bool {
        switch type {
        case "null": return value is NSNull
        case "object": return value is [String: Any]
        case "array": return value is [Any]
        case "string": return value is String
        case "boolean": return isBoolean(value)
        case "number": return !isBoolean(value) && value is NSNumber
        case "integer":
            guard !isBoolean(value), let number = value as? NSNumber else { return false }
            return number.doubleValue == number.doubleValue.rounded()
        default: return false
        }
    }

    private static func isBoolean(_ value: Any) -> Bool {
        guard let number = value as? NSNumber else { return false }
        return String(cString: number.objCType) == "c"
    }

    private static func same(_ first: Any, _ second: Any) -> Bool {
        if first is NSNull || second is NSNull { return first is NSNull && second is NSNull }
        if let first = first as? String, let second = second as? String { return first == second }
        return false
    }

    private static func describe(_ value: Any) -> String {
        let text =
            (try? JSONSerialization.data(withJSONObject: value, options: [.fragmentsAllowed]))
            .map { String(decoding: $0, as: UTF8.self) } ?? "\(value)"
        return text.count > 60 ? String(text.prefix(57)) + "…" : text
    }
}

/// Every document's JSON Schema is written from the code that writes the document, and the documents the
/// built tool prints keep to it: a member added to a writer without its schema, or of another type, fails
/// here. docs/schemas.md is the same text as the code gives.
@Suite("Documents and their JSON Schemas")
struct DocumentSchemaTests {
    /// A document's schema as MCP's tools and docs/schemas.md give it, read back as JSON.
    static func schema(_ name: String) throws -> [String: Any] {
        let shape = try #require(DocumentSchema.named(name), "no schema for \(name)")
        let text = shape.printed(title: name)
        return try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
    }

    /// Checks a run's JSON against its schema, by the name in its `schema` member.
    static func check(_ run: BinaryRun, _ what: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
        #expect(run.stderr.isEmpty || [0, 10].contains(run.status), "\(what): \(run.stderr)")
        let document = try run.json()
        let name = try #require(document["schema"] as? String, "\(what)")
        let found = SchemaValidator.violations(document, try schema(name))
        #expect(found.isEmpty, "\(what): \(found.prefix(10).joined(separator: "\n"))", sourceLocation: sourceLocation)
    }

    @Test func theValidatorFindsWhatASchemaRulesOut() throws {
        let schema = try Self.schema("aggregate.providers.v1")
        #expect(!SchemaValidator.violations(["schema": "aggregate.providers.v1"], schema).isEmpty, "providers missing")
        #expect(
            SchemaValidator.violations(["schema": "aggregate.providers.v1", "providers": [] as [Any]], schema).isEmpty)
        let extra: [String: Any] = ["schema": "aggregate.providers.v1", "providers": [] as [Any], "party": 1]
        #expect(SchemaValidator.violations(extra, schema) == ["$: no member 'party' in the schema"])
        let wrongName: [String: Any] = ["schema": "aggregate.search.v1", "providers": [] as [Any]]
        #expect(SchemaValidator.violations(wrongName, schema).count == 1)
        let wrongType: [String: Any] = ["schema": "aggregate.providers.v1", "providers": [["id": 3]]]
        #expect(
            SchemaValidator.violations(wrongType, schema).contains("$.providers[0].id: 3 where the schema wants string")
        )
    }

    @Test func searchesOfEveryKindKeepToTheSearchSchema() async throws {
        let flights = try await Binary.run([
            "search", "--from", "VIE", "--to", "BCN", "--date", "2026-12-18", "--format", "json",
        ])
        try Self.check(flights, "flights")
        let anyDay = try await Binary.run(["search", "--format", "json", "--limit", "40"])
        try Self.check(anyDay, "flights on any day")
        let trips = try await Binary.run([
            "search", "--from", "VIE", "--to", "PRG", "--date", "2026-12-18", "--mode", "train,bus,flight", "--format",
            "json",
        ])
        try Self.check(trips, "trips")
        let cars = try await Binary.run(["search", "--kind", "cars", "--format", "json"])
        try Self.check(cars, "cars")
        let empty = try await Binary.run([
            "search", "--from", "VIE", "--to", "BCN", "--date", "2026-12-18", "--max-price", "1", "--format", "json",
        ])
        try Self.check(empty, "an empty result with hints")
    }

    @Test func compareDatesAndProvidersKeepToTheirSchemas() async throws {
        let compare = try await Binary.run([
            "compare", "--from", "VIE", "--to", "BCN", "--date", "2026-12-18", "--format", "json",
        ])
        try Self.check(compare, "compare")
        let commands = AggregateTool.commands.map { $0.configuration.name }
        if commands.contains("dates") {
            let dates = try await Binary.run([
                "dates", "--from", "VIE", "--to", "BCN", "--date", "2026-12-17..2026-12-19", "--format", "json",
            ])
            try Self.check(dates, "dates")
            let grid = try await Binary.run([
                "dates", "--from", "VIE", "--to", "BCN", "--date", "2026-12-17..2026-12-18", "--return",
                "2026-12-20..2026-12-21", "--format", "json",
            ])
            try Self.check(grid, "dates with a grid")
        }
        try Self.check(try await Binary.run(["providers", "--format", "json"]), "providers")
        let kiwi = try #require(LiveProvidersTests.kiwiSample)
        let server = try LoopbackHTTPServer { _ in .json(kiwi) }
        defer { server.stop() }
        let check = try await Binary.run(
            [
                "providers", "kiwi", "--check", "--format", "json", "--endpoint",
                "kiwi=\(server.baseURL.absoluteString)",
            ],
            environment: ["AGGREGATE_KIWI_API_KEY": "k-2"])
        try Self.check(check, "providers --check")
    }

    @Test func aWatchsHistoryKeepsToTheHistorySchema() async throws {
        let (home, _, _) = try await HistoryCommandTests.watchedTrip()
        try Self.check(try await home.run(["history", "vy", "--format", "json"]), "history")
    }

    /// docs/schemas.md is the page the code writes; to update it after changing a document, run the tests
    /// with `AGGREGATE_WRITE_SCHEMAS=1`.
    @Test func theManualPublishesTheSchemasTheCodeWrites() throws {
        let page = DocsExamplesTests.root.appendingPathComponent("docs/schemas.md")
        if ProcessInfo.processInfo.environment["AGGREGATE_WRITE_SCHEMAS"] == "1" {
            try DocumentSchema.page.write(to: page, atomically: true, encoding: .utf8)
        }
        let published = try String(contentsOf: page, encoding: .utf8)
        #expect(
            published == DocumentSchema.page,
            "docs/schemas.md differs from the schemas the code writes; run the tests with AGGREGATE_WRITE_SCHEMAS=1")
        for (name, _) in DocumentSchema.published {
            let schema = try Self.schema(name)
            #expect(schema["title"] as? String == name)
            let members = try #require(schema["properties"] as? [String: Any])
            #expect((members["schema"] as? [String: Any])?["const"] as? String == name)
        }
    }
}
