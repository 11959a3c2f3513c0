import Foundation
import ProviderTestKit
import Testing

/// Writes answers in the Travelpayouts Data API's format (`prices_for_dates`), the one Aviasales' live
/// service sends, so that a loopback server can stand in for it with the trips a test needs.
enum TravelpayoutsRecording {
    /// One direct flight from Vienna to Barcelona on 2026-12-18, in euros.
    struct Flight {
        var carrier: String
        var number: Int
        /// Local departure, `HH:MM`, at UTC+1.
        var departs: String
        var minutes: Int
        var price: Decimal
    }

    /// A whole answer.
    static func answer(_ flights: [Flight]) -> String {
        let records = flights.map { flight in
            """
            {"origin": "VIE", "destination": "BCN", "origin_airport": "VIE", "destination_airport": "BCN",
             "price": \(flight.price), "airline": "\(flight.carrier)", "flight_number": "\(flight.number)",
             "departure_at": "2026-12-18T\(flight.departs):00+01:00", "return_at": "", "transfers": 0,
             "return_transfers": 0, "duration": \(flight.minutes), "duration_to": \(flight.minutes),
             "duration_back": 0, "link": "/search/VIE1812BCN1?t=\(flight.carrier)\(flight.number)"}
            """
        }
        return #"{"success": true, "currency": "eur", "data": ["# + records.joined(separator: ",") + "]}"
    }

    /// Many flights, for runs that write a long history.
    static func many(_ count: Int, priceShift: Int = 0) -> String {
        answer(
            (0..<count).map { index in
                Flight(
                    carrier: "U2", number: 1000 + index,
                    departs: "\(10 + index / 60 % 10):\(String(format: "%02d", index % 60))",
                    minutes: 150, price: Decimal(80 + index % 97 + priceShift))
            })
    }
}

/// A loopback Aviasales whose answer the test changes between runs, counting the requests it gets.
final class ChangingService: Sendable {
    /// The answer every request gets, which the test changes.
    private final class Answer: @unchecked Sendable {
        private let lock = NSLock()
        private var reply: LoopbackHTTPServer.Reply
        init(_ reply: LoopbackHTTPServer.Reply) { self.reply = reply }
        var current: LoopbackHTTPServer.Reply {
            get { lock.withLock { reply } }
            set { lock.withLock { reply = newValue } }
        }
    }

    private let answer: Answer
    /// The server.
    let server: LoopbackHTTPServer

    init(_ answer: LoopbackHTTPServer.Reply) throws {
        let box = Answer(answer)
        self.answer = box
        server = try LoopbackHTTPServer { _ in box.current }
    }

    /// Answers every request from now on with this.
    func answer(with reply: LoopbackHTTPServer.Reply) { answer.current = reply }

    /// The `--endpoint` value that points Aviasales at this service.
    var endpoint: String { "aviasales=\(server.baseURL.absoluteString)" }

    /// How many requests asked for prices.
    var priceRequests: Int { server.requests.filter { $0.path.hasSuffix("prices_for_dates") }.count }

    deinit { server.stop() }
}

/// A home for watches that several runs of the binary share: data and cache folders, UTC clocks; removed
/// when the test is done with it.
final class WatchHome: Sendable {
    /// The folder everything is kept in.
    let url: URL

    init() throws {
        url = FileManager.default.temporaryDirectory.appendingPathComponent("aggregate-watch-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    deinit { try? FileManager.default.removeItem(at: url) }

    var environment: [String: String] {
        [
            "XDG_DATA_HOME": url.appendingPathComponent("data").path,
            "XDG_CACHE_HOME": url.appendingPathComponent("cache").path,
            "TZ": "UTC",
        ]
    }

    /// The watches' data folder.
    var data: URL { url.appendingPathComponent("data/aggregate") }

    /// A watch's history file.
    func historyFile(_ name: String) -> URL { data.appendingPathComponent("history/\(name).jsonl") }

    /// Runs the binary in this home.
    func run(_ arguments: [String], environment: [String: String] = [:]) async throws -> BinaryRun {
        try await Binary.run(arguments, environment: self.environment.merging(environment) { $1 })
    }

    /// `aggregate history NAME --format json`, parsed.
    func history(_ name: String, _ extra: [String] = []) async throws -> [String: Any] {
        let run = try await run(["history", name, "--format", "json"] + extra)
        #expect(run.status == 0, "\(run.stderr)")
        return try run.json()
    }
}

/// One event line of `watch run --format json`, as read back.
struct EventLine: Equatable, CustomStringConvertible {
    var event: String
    var provider: String?
    var flights: String?
    var price: Decimal?
    var previous: Decimal?
    var change: Decimal?

    init(
        _ event: String, _ provider: String?, _ flights: String?, price: Decimal? = nil, previous: Decimal? = nil,
        change: Decimal? = nil
    ) {
        self.event = event
        self.provider = provider
        self.flights = flights
        self.price = price
        self.previous = previous
        self.change = change
    }

    init(json line: Substring) throws {
        let object = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
        #expect(object["schema"] as? String == "aggregate.watch.event.v1")
        func amount(_ key: String) -> Decimal? {
            ((object[key] as? [String: Any])?["amount"] as? NSNumber).flatMap { Decimal(string: $0.stringValue) }
        }
        self.init(
            try #require(object["event"] as? String), object["provider"] as? String,
            (object["trip"] as? [String: Any])?["flights"] as? String, price: amount("price"),
            previous: amount("previous_price"), change: amount("change"))
    }

    var description: String {
        "\(event) \(provider ?? "-") \(flights ?? "-") \(price.map { "\($0)" } ?? "-") \(previous.map { "\($0)" } ?? "-") \(change.map { "\($0)" } ?? "-")"
    }

    /// Every event line of a run's standard output.
    static func all(_ run: BinaryRun) throws -> [EventLine] {
        try run.stdout.split(separator: "\n").map { try EventLine(json: $0) }
    }
}
