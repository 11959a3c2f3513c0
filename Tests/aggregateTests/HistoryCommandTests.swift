import Foundation
import ProviderTestKit
import Testing

#if canImport(FoundationXML)
    import FoundationXML
#endif

/// `aggregate history NAME` as a built binary, over a watch of one trip whose Aviasales price the test
/// moves between runs: the table and its sparklines, JSON, CSV, the SVG chart as `rsvg-convert` renders it,
/// and the `price_history` MCP tool.
@Suite("History shows each seller's price over time, in the terminal, as data and as a chart")
struct HistoryCommandTests {
    /// Aviasales' prices for VY 1815, run after run; Duffel stays at 96.40 and Kiwi at 98.00.
    static let prices: [Decimal] = [100, 90, 95, 80]

    /// A home with the watch `vy` of VY 1815 alone, run once per price, and the service that stands in for
    /// Aviasales, which the caller keeps for the runs it makes.
    static func watchedTrip() async throws -> (home: WatchHome, trip: String, service: ChangingService) {
        let home = try WatchHome()
        let service = try ChangingService(.json(TravelpayoutsRecording.answer([WatchRunTests.vy1815(prices[0])])))
        let search = try await home.run([
            "search", "--providers", "kiwi,duffel", "--from", "VIE", "--to", "BCN", "--date", "2026-12-18", "--format",
            "json",
        ])
        let offers = try #require(try search.json()["offers"] as? [[String: Any]])
        let trip = try #require(offers.first { ($0["carriers"] as? [String]) == ["VY"] }?["id"] as? String)
        try await WatchRunTests.addWatch(home, "vy", service: service, ["--trip", trip])
        for price in prices {
            service.answer(with: .json(TravelpayoutsRecording.answer([WatchRunTests.vy1815(price)])))
            let run = try await home.run(["watch", "run"])
            #expect([0, 10].contains(run.status), "\(run.stderr)")
        }
        return (home, trip, service)
    }

    @Test func theTableHasEveryRunAndASparklinePerSellerScaledToTheTrip() async throws {
        let (home, trip, _) = try await Self.watchedTrip()
        let run = try await home.run(["history", "vy"])
        #expect(run.status == 0, "\(run.stderr)")
        let lines = run.stdoutLines
        #expect(lines.first?.hasPrefix("vy: 4 runs from ") == true)
        #expect(lines.contains { $0.hasPrefix("VIE→BCN 2026-12-18 12:30 VY 1815") && $0.hasSuffix(trip) })
        #expect(lines.contains { $0.hasPrefix("RUN ") && $0.contains("AVIASALES") && $0.contains("DUFFEL") })
        // 80..100 over eight levels: 100 is the top, 80 the bottom, 90 and 95 between.
        #expect(lines.contains("aviasales  █▅▆▁  80.00–100.00, now 80.00"), "\(run.stdout)")
        #expect(lines.contains { $0.hasPrefix("duffel     ▇▇▇▇  96.40") }, "\(run.stdout)")
    }

    @Test func jsonAndCSVCarryEveryPriceAsSentAndConverted() async throws {
        let (home, trip, _) = try await Self.watchedTrip()
        let history = try await home.history("vy")
        #expect(history["schema"] as? String == "aggregate.history.v1")
        #expect(history["currency"] as? String == "EUR")
        #expect((history["runs"] as? [Any])?.count == 4)
        let trips = try #require(history["trips"] as? [[String: Any]])
        #expect(trips.map { $0["id"] as? String } == [trip])
        let sellers = try #require(trips.first?["sellers"] as? [[String: Any]])
        let aviasales = try #require(sellers.first { $0["provider"] as? String == "aviasales" })
        let amounts = (aviasales["prices"] as? [[String: Any]] ?? []).compactMap {
            (($0["converted"] as? [String: Any])?["amount"] as? NSNumber).flatMap { Decimal(string: $0.stringValue) }
        }
        #expect(amounts == Self.prices)

        let csv = try await home.run(["history", "vy", "--format", "csv"])
        #expect(csv.status == 0)
        let rows = csv.stdoutLines.filter { !$0.isEmpty }
        #expect(rows.first?.hasPrefix("at,run,trip,route,departure,flights,provider,price,currency,converted") == true)
        #expect(rows.count == 1 + 3 * Self.prices.count, "a row per seller per run")
        #expect(rows.filter { $0.contains(",aviasales,") }.count == Self.prices.count)
    }

    @Test func theChartIsWellFormedAndItsLinesFollowThePrices() async throws {
        let (home, trip, _) = try await Self.watchedTrip()
        let file = home.url.appendingPathComponent("prices.svg")
        let run = try await home.run(["history", "vy", "--trip", trip, "--chart", file.path])
        #expect(run.status == 0, "\(run.stderr)")
        let svg = try Data(contentsOf: file)

        // Well formed, and each seller's line in its colour.
        let shapes = try SVGShapes(svg)
        #expect(shapes.root == "svg")
        let legend = Dictionary(uniqueKeysWithValues: zip(["aviasales", "duffel", "kiwi"], SVGShapes.palette))
        let line = try #require(shapes.polylines[legend["aviasales"] ?? ""]?.first)
        try #require(line.count == Self.prices.count)
        // Later runs further right; dearer prices higher up (smaller y), in proportion to the price.
        #expect(zip(line, line.dropFirst()).allSatisfy { $0.x < $1.x })
        let scale = (line[3].y - line[0].y) / 20
        for (point, price) in zip(line, Self.prices) {
            let expected = line[0].y + scale * NSDecimalNumber(decimal: 100 - price).doubleValue
            #expect(abs(point.y - expected) < 0.05, "\(point.y) for \(price)")
        }
        #expect(scale > 0)
        let duffel = try #require(shapes.polylines[legend["duffel"] ?? ""]?.first)
        #expect(Set(duffel.map(\.y)).count == 1, "a seller whose price stays put draws a level line")
        let duffelY = try #require(duffel.first?.y)
        let expectedDuffel = line[0].y + scale * (100 - 96.40)
        #expect(abs(duffelY - expectedDuffel) < 0.05)
        #expect(shapes.texts.contains("EUR"))
        #expect(shapes.texts.contains("100.00"))
    }

    @Test(
        .enabled(
            if: HistoryCommandTests.rsvgConvert() != nil,
            "rsvg-convert is not installed (Debian: apt-get install librsvg2-bin), so the chart is not rendered"))
    func rsvgConvertRendersTheChartAtItsSize() async throws {
        let (home, _, _) = try await Self.watchedTrip()
        let file = home.url.appendingPathComponent("prices.svg")
        let run = try await home.run(["history", "vy", "--chart", file.path])
        #expect(run.status == 0, "\(run.stderr)")
        let shapes = try SVGShapes(try Data(contentsOf: file))
        let renderer = try #require(Self.rsvgConvert())
        let png = home.url.appendingPathComponent("prices.png")
        let rendered = try Self.render(renderer, svg: file, png: png)
        #expect(rendered.status == 0, "\(rendered.error)")
        #expect(rendered.error.isEmpty, "no complaint about the document: \(rendered.error)")
        let image = try Data(contentsOf: png)
        #expect(image.starts(with: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]), "a PNG")
        let header = [UInt8](image.prefix(24))
        try #require(header.count == 24)
        let width = header[16..<20].reduce(0) { $0 << 8 | Int($1) }
        let height = header[20..<24].reduce(0) { $0 << 8 | Int($1) }
        #expect(width == 860)
        #expect(height == Int(shapes.height))
        #expect(image.count > 2_000, "something was drawn")
    }

    /// `rsvg-convert`'s path, or `nil` when it is not installed.
    static func rsvgConvert() -> URL? {
        ["/usr/bin/rsvg-convert", "/usr/local/bin/rsvg-convert", "/opt/homebrew/bin/rsvg-convert"]
            .map(URL.init(fileURLWithPath:))
            .first { FileManager.default.isExecutableFile(atPath: $0.path) }
    }

    static func render(_ renderer: URL, svg: URL, png: URL) throws -> (status: Int32, error: String) {
        let process = Process()
        process.executableURL = renderer
        process.arguments = ["--format", "png", "--output", png.path, svg.path]
        let error = Pipe()
        process.standardError = error
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        let text = String(decoding: error.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        return (process.terminationStatus, text)
    }

    @Test func aDamagedLineAndATornEndAreSkippedWithANote() async throws {
        let (home, _, service) = try await Self.watchedTrip()
        defer { withExtendedLifetime(service) {} }
        let file = home.historyFile("vy")
        let handle = try FileHandle(forWritingTo: file)
        try handle.seekToEnd()
        try handle.write(contentsOf: Data(#"{"kind":"price","run":"x","trip":"f-0","crc":1}"#.utf8 + [0x0A]))
        try handle.write(contentsOf: Data(#"{"kind":"price","run":"20261126T0"#.utf8))
        try handle.close()
        let run = try await home.run(["history", "vy", "--format", "json"])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stderr.contains("could not be read and"), "\(run.stderr)")
        #expect((try run.json()["runs"] as? [Any])?.count == 4)
        // The next run cuts the torn end off and appends after it.
        let next = try await home.run(["watch", "run"])
        #expect([0, 10].contains(next.status), "\(next.stderr)")
        #expect((try await home.history("vy")["runs"] as? [Any])?.count == 5)
    }

    @Test func theMCPToolAnswersWhatHistoryPrintsAndAsksNoProvider() async throws {
        let (home, _, _) = try await Self.watchedTrip()
        let command = try await home.history("vy")
        let server = try await MCPServerProcess.start(environment: home.environment)
        _ = try MCPSessionTests.result(try await server.call(1, "initialize", MCPSessionTests.initializeParams))
        let listed = try MCPSessionTests.result(try await server.call(2, "tools/list"))
        let tool = try #require(
            (listed["tools"] as? [[String: Any]])?.first { $0["name"] as? String == "price_history" })
        #expect((tool["annotations"] as? [String: Any])?["readOnlyHint"] as? Bool == true)
        let answer = try MCPSessionTests.result(
            try await server.call(3, "tools/call", ["name": "price_history", "arguments": ["watch": "vy"]]))
        #expect(answer["isError"] as? Bool == false)
        let structured = try #require(answer["structuredContent"] as? [String: Any])
        #expect(NSDictionary(dictionary: structured) == NSDictionary(dictionary: command))
        let texts = try MCPSessionTests.texts(answer)
        #expect(texts.first?.hasPrefix("vy: 4 runs from ") == true, "\(texts)")
        #expect(texts.first?.contains("cheapest now aviasales 80") == true, "\(texts)")

        let unknown = try MCPSessionTests.result(
            try await server.call(4, "tools/call", ["name": "price_history", "arguments": ["watch": "nope"]]))
        #expect(unknown["isError"] as? Bool == true)
        server.closeInput()
        #expect(try await server.exitStatus() == 0)
    }
}

/// The shapes of an SVG document as an XML parser reads them: polylines by stroke colour, texts, size.
final class SVGShapes: NSObject, XMLParserDelegate {
    /// `PriceChart`'s colours, in the order of the sellers' ids.
    static let palette = ["#1f77b4", "#d62728", "#2ca02c", "#ff7f0e"]

    private(set) var root = ""
    private(set) var height = 0.0
    private(set) var polylines: [String: [[(x: Double, y: Double)]]] = [:]
    private(set) var texts: [String] = []
    private var text: String?

    struct Malformed: Error, CustomStringConvertible {
        var description: String
    }

    init(_ data: Data) throws {
        super.init()
        let parser = XMLParser(data: data)
        parser.delegate = self
        guard parser.parse() else {
            throw Malformed(description: "not well formed: \(parser.parserError.map { "\($0)" } ?? "?")")
        }
    }

    func parser(
        _ parser: XMLParser, didStartElement name: String, namespaceURI: String?, qualifiedName: String?,
        attributes: [String: String] = [:]
    ) {
        if root.isEmpty {
            root = name
            height = Double(attributes["height"] ?? "") ?? 0
        }
        if name == "polyline", let stroke = attributes["stroke"] {
            let points = (attributes["points"] ?? "").split(separator: " ").compactMap { pair -> (Double, Double)? in
                let parts = pair.split(separator: ",")
                guard parts.count == 2, let x = Double(parts[0]), let y = Double(parts[1]) else { return nil }
                return (x, y)
            }
            polylines[stroke, default: []].append(points.map { (x: $0.0, y: $0.1) })
        }
        if name == "text" { text = "" }
    }

    func parser(_ parser: XMLParser, foundCharacters string: String) { text? += string }

    func parser(_ parser: XMLParser, didEndElement name: String, namespaceURI: String?, qualifiedName: String?) {
        if name == "text", let text { texts.append(text) }
        text = nil
    }
}
