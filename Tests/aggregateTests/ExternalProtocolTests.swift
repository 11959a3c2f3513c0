import AggregatorCore
import Foundation
import ProviderKit
import Testing

@testable import AggregateCLI
@testable import AggregateEngine

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The protocol `aggregate.provider.v1` as the tool reads it, without running a program: specs, offer
/// lines, status lines, and how a run's ending becomes an answer or a typed error.
@Suite("outside provider protocol")
struct ExternalProtocolTests {
    static let id: ProviderID = "pytest"
    static let retrievedAt = Date(timeIntervalSince1970: 1_790_000_000)

    static func spec(_ text: String) throws(ExternalSpecError) -> ExternalSpec {
        try ExternalSpec(parsing: Data(text.utf8), expectedID: id)
    }

    static func output(_ lines: [String]) -> ExternalOutput {
        ExternalOutput(
            parsing: Data(lines.joined(separator: "\n").utf8), provider: id, programID: id, retrievedAt: retrievedAt)
    }

    static let goodOffer = """
        {"id": "py-1", "kind": "flight", "legs": [{"duration_minutes": 150, "segments": [{"carrier": "OS",
         "flight_number": "395", "origin": "VIE", "destination": "BCN", "departure": "2026-12-18T07:05",
         "arrival": "2026-12-18T09:45", "departure_utc": "2026-12-18T06:05:00Z",
         "arrival_utc": "2026-12-18T09:45:00+01:00"}]}],
         "sources": [{"provider": "pytest", "price": {"amount": 149.5, "currency": "EUR"},
                      "deep_link": "https://example.com/book"}], "tags": ["self_transfer", "cheapest"]}
        """.replacingOccurrences(of: "\n", with: " ")

    @Test func aFullSpecIsReadIntoADescriptor() throws {
        let spec = try Self.spec(
            """
            {"protocol": "aggregate.provider.v1", "id": "pytest", "name": "Py Test", "summary": "Flights.",
             "offers": ["flights", "cars"], "currency": "CHF", "capabilities": ["dates", "round_trips"],
             "requires": ["origin", "departure_date"], "environment": ["PY_KEY", "PY_KEY"],
             "sample_query": {"from": "VIE,LNZ", "to": "BCN", "date": "2026-12-18..2026-12-20", "cabin": "business"}}
            """)
        let descriptor = spec.descriptor
        #expect(descriptor.id == Self.id && descriptor.displayName == "Py Test")
        #expect(descriptor.categories == [.flights, .cars])
        #expect(descriptor.nativeCurrency == CurrencyCode("CHF"))
        #expect(descriptor.capabilities == [.dates, .roundTrips])
        #expect(descriptor.requiredFields == [.origin, .departureDate])
        #expect(spec.environment == ["PY_KEY"])
        #expect(descriptor.samples.query.origins == ["VIE", "LNZ"])
        #expect(descriptor.samples.query.departureDates == DateRange(parsing: "2026-12-18..2026-12-20"))
        #expect(descriptor.samples.query.cabin == .business)
    }

    @Test(arguments: [
        ("", "it printed nothing"),
        ("not json", "it is not one JSON object"),
        (#"{"id": "pytest"}"#, "it names no protocol"),
        (#"{"protocol": "aggregate.provider.v9", "id": "pytest"}"#, "it speaks 'aggregate.provider.v9'"),
        (
            #"{"protocol": "aggregate.provider.v1", "id": "other", "name": "x", "offers": ["flights"]}"#,
            "its id is 'other', but it was found as 'pytest'"
        ),
        (#"{"protocol": "aggregate.provider.v1", "id": "pytest", "name": "x", "offers": []}"#, "offers is empty"),
        (
            #"{"protocol": "aggregate.provider.v1", "id": "pytest", "name": "x", "offers": ["boats"]}"#,
            "offers[0] is 'boats', not one of flights, trips, cars"
        ),
        (
            #"{"protocol": "aggregate.provider.v1", "id": "pytest", "name": "x", "offers": ["cars"], "environment": ["A B"]}"#,
            "environment[0] is not a variable name"
        ),
        (#"{"protocol": "aggregate.provider.v1", "id": "pytest", "offers": ["cars"]}"#, "name is missing"),
        (
            #"{"protocol": "aggregate.provider.v1", "id": "pytest", "name": "x", "offers": ["flights"], "#
                + #""sample_query": {"passengers": {"adults": 1, "children": 9223372036854775807}}}"#,
            "sample_query.passengers is not a party that can travel together"
        ),
        (
            #"{"protocol": "aggregate.provider.v1", "id": "pytest", "name": "x", "offers": ["flights"], "#
                + #""sample_query": {"passengers": {"adults": -9223372036854775808, "infants": -1}}}"#,
            "sample_query.passengers is not a party that can travel together"
        ),
    ])
    func aSpecThatCannotBeUsedSaysWhy(text: String, reason: String) {
        #expect(throws: ExternalSpecError.self) { try Self.spec(text) }
        do {
            _ = try Self.spec(text)
        } catch {
            #expect(error.message.contains(reason), "\(error.message)")
        }
    }

    @Test func anOfferLineIsReadIntoAnOffer() throws {
        let output = Self.output([Self.goodOffer, #"{"status": "ok", "skipped": 2, "notes": ["cached fares"]}"#])
        #expect(output.brokenLines == 0, "\(output.problems)")
        let offer = try #require(output.offers.first)
        #expect(offer.id == "py-1")
        #expect(offer.price.amount == Decimal(string: "149.5") && offer.price.currency == CurrencyCode("EUR"))
        #expect(offer.sources.first?.provider == Self.id)
        #expect(offer.sources.first?.retrievedAt == Self.retrievedAt)
        #expect(offer.tags == [.selfTransfer], "only the tags a provider may set")
        let segment = try #require(offer.product.itinerary?.legs.first?.segments.first)
        #expect(segment.flightDesignator == "OS 395")
        #expect(segment.departure?.utc == Date(timeIntervalSince1970: 1_797_573_900))
        #expect(segment.arrival?.utc == Date(timeIntervalSince1970: 1_797_583_500), "an offset is applied")
        #expect(output.status == ExternalOutput.Status(kind: .ok, skipped: 2, notes: ["cached fares"]))
    }

    @Test(arguments: [
        (#"{"id": "a b", "kind": "flight"}"#, "id is not one word"),
        (#"{"id": "x", "kind": "boat"}"#, "kind is not flight, trip or car"),
        (#"{"id": "x", "kind": "car", "brand": "VW", "model": "Golf", "sources": []}"#, "holds 0 sources, not one"),
        (
            #"{"id": "x", "kind": "car", "brand": "VW", "model": "Golf", "sources": [{"provider": "kiwi"}]}"#,
            "is 'kiwi', not 'pytest'"
        ),
        (
            #"{"id": "x", "kind": "car", "brand": "VW", "model": "Golf", "sources": [{"provider": "pytest", "price": {"amount": 5, "currency": "euro"}}]}"#,
            "currency is not a currency code"
        ),
        (
            #"{"id": "x", "kind": "flight", "legs": [{"duration_minutes": 99999999999, "segments": [{"carrier": "OS", "origin": "VIE", "destination": "BCN"}]}], "sources": []}"#,
            "is not a duration"
        ),
        (
            #"{"id": "x", "kind": "flight", "legs": [{"segments": [{"carrier": "OS", "origin": "VIE", "destination": "BCN", "departure": "9999-01-01T00:00"}]}], "sources": []}"#,
            "between the years 1900 and 2200"
        ),
    ])
    func aBrokenOfferLineIsSkippedNamingItsField(line: String, problem: String) {
        let output = Self.output([line, #"{"status": "ok"}"#])
        #expect(output.offers.isEmpty)
        #expect(output.brokenLines == 1)
        #expect(output.problems.first?.contains(problem) == true, "\(output.problems)")
        #expect(output.problems.first?.hasPrefix("line 1") == true)
    }

    @Test func linesAfterTheStatusLineAndBlankLinesAreHandled() {
        let output = Self.output(["", "   ", Self.goodOffer, #"{"status": "no_results"}"#, Self.goodOffer])
        #expect(output.offers.count == 1)
        #expect(output.brokenLines == 1)
        #expect(output.problems == ["line 5 (offer py-1): it comes after the status line"])
        #expect(output.status?.kind == .noResults)
    }

    /// A provider whose program is never run: ``ExternalProvider/response(from:provider:retrievedAt:maxOutputBytes:)``
    /// is given the runs' outcomes directly.
    static func provider() throws -> ExternalProvider {
        ExternalProvider(
            program: ExternalProgram(id: id, path: "/nonexistent/aggregate-provider-pytest", origin: .path),
            spec: try spec(
                #"{"protocol": "aggregate.provider.v1", "id": "pytest", "name": "x", "offers": ["flights"]}"#),
            environment: ["PATH": "/bin", "HOME": "/home/x", "SECRET": "s"], children: nil)
    }

    static func response(
        _ ending: ExternalRun.Ending, output: [String] = [], log: [String] = []
    ) throws -> ProviderResponse {
        let outcome = ExternalRun.Outcome(
            ending: ending, output: Data(output.joined(separator: "\n").utf8), log: log, duration: .seconds(1))
        return try provider().response(from: outcome, provider: id, retrievedAt: retrievedAt, maxOutputBytes: 1000)
    }

    @Test(arguments: [
        (ExternalRun.Ending.exited(3), [String](), ProviderError.Code.unexpected, "exited with status 3: last words"),
        (.signalled(11), [], .unexpected, "was ended by signal 11: last words"),
        (.deadline, [], .timeout, "did not finish before the deadline; it was stopped after 1 s"),
        (.outputTooLarge, [], .responseTooLarge, "more than the 1000-byte limit"),
        (.couldNotStart("no such file or directory"), [], .configuration, "cannot start /nonexistent"),
        (.exited(0), ["{\"id\": \"py-1\""], .malformedResponse, "ended without a status line; line 1: it is not JSON"),
        (
            .exited(0), [#"{"status": "failed", "code": "rate_limited", "error": "slow down"}"#], .rateLimited,
            "reported a failure: slow down"
        ),
        (.exited(0), [#"{"status": "failed", "code": "no_such_code"}"#], .transport, "no reason given"),
        (.exited(0), ["junk", #"{"status": "ok"}"#], .malformedResponse, "no offer line could be read"),
    ])
    func howARunEndsBecomesATypedError(
        ending: ExternalRun.Ending, output: [String], code: ProviderError.Code, message: String
    ) {
        do {
            let response = try Self.response(ending, output: output, log: ["first", "last words"])
            Issue.record("expected \(code), got \(response.offers.count) offers")
        } catch let error as ProviderError {
            #expect(error.code == code)
            #expect(error.message.contains(message), "\(error.message)")
            #expect(
                (error.underlying as? ExternalLog)?.lines == ["first", "last words"], "the log is kept for --verbose")
        } catch {
            Issue.record("expected a ProviderError, got \(error)")
        }
    }

    @Test func aProgramGetsOnlyTheVariablesItsSpecNamesAndItsEndpoint() throws {
        let environment = try Self.provider().programEnvironment(endpoint: "embedded")
        #expect(environment == ["PATH": "/bin", "HOME": "/home/x", "AGGREGATE_ENDPOINT": "embedded"])
    }

    @Test func theToolsOwnVariablesReachAProgramOnlyAsItsOwnKey() throws {
        let asked = [
            "AGGREGATE_KIWI_API_KEY", "AGGREGATE_PYTEST_API_KEY", "AGGREGATE_PYTEST_ENDPOINT", "AGGREGATE_CURRENCY",
            "AGGREGATE_ENDPOINT", "PYTEST_TOKEN",
        ]
        let list = asked.map { "\"\($0)\"" }.joined(separator: ", ")
        let spec = try Self.spec(
            #"{"protocol": "aggregate.provider.v1", "id": "pytest", "name": "x", "offers": ["flights"], "#
                + #""environment": [\#(list)]}"#)
        var environment = Dictionary(uniqueKeysWithValues: asked.map { ($0, "value of \($0)") })
        environment["PATH"] = "/bin"
        let provider = ExternalProvider(
            program: ExternalProgram(id: Self.id, path: "/nonexistent/aggregate-provider-pytest", origin: .path),
            spec: spec, environment: environment, children: nil)
        #expect(
            provider.programEnvironment(endpoint: "embedded") == [
                "PATH": "/bin", "AGGREGATE_PYTEST_API_KEY": "value of AGGREGATE_PYTEST_API_KEY",
                "PYTEST_TOKEN": "value of PYTEST_TOKEN", "AGGREGATE_ENDPOINT": "embedded",
            ])
    }

    @Test func aSpecsLimitsAreCheckedBeforeItsListsAreRead() {
        // 33 names, then one that is not a name at all: the count settles it before any name is compared.
        let names = (0..<33).map { "\"V\($0)\"" } + ["5"] + (0..<2_000).map { _ in "\"V0\"" }
        let text =
            #"{"protocol": "aggregate.provider.v1", "id": "pytest", "name": "x", "offers": ["flights"], "environment": ["#
            + names.joined(separator: ",") + "]}"
        do {
            _ = try Self.spec(text)
            Issue.record("a spec of 2034 names was accepted")
        } catch {
            #expect(error.message == "environment names more than 32 variables", "\(error.message)")
        }
    }

    @Test func aKeptSpecOthersCouldHaveWrittenIsNotUsed() throws {
        let folder = try TemporaryFolder()
        let root = folder.url.appendingPathComponent("aggregate")
        let cache = ExternalSpecCache(cacheFolder: root)
        let program = try folder.write("aggregate-provider-pytest", "#!/bin/sh\n")
        let key = try #require(ExternalSpecCache.FileKey(path: program.path))
        cache.store(.printed(Data("{}".utf8)), for: program.path, key: key)
        #expect(cache.entry(for: program.path, key: key) == .printed(Data("{}".utf8)))
        let specs = root.appendingPathComponent("external_specs").path
        chmod(specs, 0o777)
        #expect(cache.entry(for: program.path, key: key) == nil, "a planted spec could name any variable")
        chmod(specs, 0o700)
        #expect(cache.entry(for: program.path, key: key) == .printed(Data("{}".utf8)))
    }

    @Test func onlyAbsoluteFoldersOfPathAreSearchedEachOnce() {
        #expect(ExternalDiscovery.searchFolders(".:/usr/bin::bin:/usr/bin:/opt/x/") == ["/usr/bin", "/opt/x/"])
        #expect(ExternalDiscovery.searchFolders(nil).isEmpty)
        #expect(ExternalProgram.isProviderID("my-flights2"))
        for bad in ["", "-x", "My", "a_b", "a.b", String(repeating: "a", count: 41)] {
            #expect(!ExternalProgram.isProviderID(bad), "\(bad)")
        }
    }

    @Test(arguments: [
        ("2026-12-18T06:05:00Z", 1_797_573_900.0),
        ("2026-12-18T06:05:00.250Z", 1_797_573_900.0),
        ("2026-12-18T07:05:00+01:00", 1_797_573_900.0),
        ("2026-12-18T01:05:00-05:00", 1_797_573_900.0),
    ])
    func instantsAreReadWithTheirOffsets(text: String, epoch: Double) {
        #expect(ExternalOfferReader.instant(parsing: text) == Date(timeIntervalSince1970: epoch))
    }

    @Test(arguments: [
        "2026-12-18T06:05Z", "2026-12-18 06:05:00Z", "2026-12-18T06:05:00", "2026-12-18T06:05:00+1:00",
        "2026-12-18T06:05:61Z", "9999-12-18T06:05:00Z", "2026-12-18T06:05:00+25:00",
    ])
    func malformedInstantsAreRefused(text: String) {
        #expect(ExternalOfferReader.instant(parsing: text) == nil)
    }
}
