import Foundation
import ProviderKit

/// One line of a price history file, written and read: a JSON object on one line whose last member,
/// `"check"`, is the CRC-32 of the line without it, in eight lower-case hexadecimal digits.
///
/// A run is written as its price lines followed by one run line that names how many price lines it has:
/// the run line is what makes the run count, so a run cut short by a crash is known for what it is.
///
/// ```
/// {"kind":"price","run":"…","at":"…","trip":"f-…","provider":"kiwi","price":{…},…,"check":"0a1b2c3d"}
/// {"kind":"run","schema":"aggregate.history.v1","run":"…","at":"…","records":1,…,"check":"4e5f6a7b"}
/// ```
enum HistoryLine {
    /// A line read back.
    enum Parsed {
        /// One seller's price for one trip in the run of this id.
        case price(run: String, at: Date, record: PriceRecord)
        /// The end of a run: the run without its prices, and how many price lines it wrote.
        case run(HistoryRun, records: Int)
    }

    /// The schema named in run lines.
    static let schema = "aggregate.history.v1"
    private static let checkPrefix = Array(#","check":""#.utf8)

    // MARK: Writing

    /// The lines of a whole run, each ending with a line break: its prices, then the run line.
    static func lines(of run: HistoryRun) -> [UInt8] {
        var bytes: [UInt8] = []
        for record in run.prices { bytes += signed(price(record, run: run)) }
        bytes += signed(runLine(run))
        return bytes
    }

    private static func price(_ record: PriceRecord, run: HistoryRun) -> [UInt8] {
        var json = JSONWriter(style: .compact, escaping: .required, capacity: 512)
        json.object { line in
            line.key("kind")
            line.string("price")
            line.key("run")
            line.string(run.id)
            line.key("at")
            line.dateWithMilliseconds(run.at)
            line.key("trip")
            line.string(record.trip)
            line.key("provider")
            line.string(record.provider.rawValue)
            line.key("price")
            money(record.price, to: &line)
            line.key("converted")
            money(record.converted, to: &line)
            line.key("cheapest")
            line.bool(record.cheapest)
            line.key("link")
            line.string(record.link)
            line.key("tags")
            line.array { list in for tag in record.tags { list.string(tag) } }
            line.key("route")
            line.string(record.route)
            line.key("departure")
            line.string(record.departure)
            line.key("flights")
            line.string(record.flights)
        }
        return json.bytes
    }

    private static func runLine(_ run: HistoryRun) -> [UInt8] {
        var json = JSONWriter(style: .compact, escaping: .required, capacity: 512)
        json.object { line in
            line.key("kind")
            line.string("run")
            line.key("schema")
            line.string(schema)
            line.key("run")
            line.string(run.id)
            line.key("at")
            line.dateWithMilliseconds(run.at)
            line.key("currency")
            line.string(run.currency.rawValue)
            line.key("records")
            line.int(run.prices.count)
            line.key("low")
            money(run.low, to: &line)
            line.key("providers")
            line.array { list in
                for provider in run.providers {
                    list.object { entry in
                        entry.key("id")
                        entry.string(provider.provider.rawValue)
                        entry.key("status")
                        entry.string(provider.status.rawValue)
                        entry.key("error")
                        entry.string(provider.error)
                        entry.key("sample")
                        entry.string(provider.sample?.rawValue)
                    }
                }
            }
        }
        return json.bytes
    }

    static func money(_ money: Money?, to json: inout JSONWriter) {
        guard let money else { return json.null() }
        json.object { value in
            value.key("amount")
            value.decimal(money.amount)
            value.key("currency")
            value.string(money.currency.rawValue)
        }
    }

    /// The object with its checksum as its last member, and a line break.
    static func signed(_ object: [UInt8]) -> [UInt8] {
        let check = String(CRC32.checksum(object), radix: 16)
        let digits = String(repeating: "0", count: 8 - check.count) + check
        return object.dropLast() + checkPrefix + Array(digits.utf8) + Array(#""}"#.utf8) + [0x0A]
    }

    // MARK: Reading

    /// The object a line signs, when its checksum holds: the line without its `"check"` member.
    /// - Parameter line: one line, without its line break.
    /// - Returns: the signed object, or `nil` for a line cut short, changed, or never signed.
    static func verified(_ line: ArraySlice<UInt8>) -> [UInt8]? {
        // `,"check":"` + 8 digits + `"}`
        let tail = checkPrefix.count + 10
        guard line.count > tail + 1, line.last == 0x7D else { return nil }
        let checkStart = line.endIndex - tail
        guard line[checkStart..<(checkStart + checkPrefix.count)].elementsEqual(checkPrefix) else { return nil }
        let digits = line[(checkStart + checkPrefix.count)..<(line.endIndex - 2)]
        guard line[line.endIndex - 2] == 0x22, let value = UInt32(String(decoding: digits, as: UTF8.self), radix: 16),
            digits.allSatisfy({ (0x30...0x39).contains($0) || (0x61...0x66).contains($0) })
        else { return nil }
        let object = Array(line[line.startIndex..<checkStart]) + [0x7D]
        return CRC32.checksum(object) == value ? object : nil
    }

    /// Reads one line.
    /// - Parameters:
    ///   - line: the line, without its line break.
    ///   - dates: reads the times.
    /// - Returns: what it holds, or `nil` for a line that is corrupt or of a kind this version does not know.
    static func parse(_ line: ArraySlice<UInt8>, dates: HistoryDates) -> Parsed? {
        guard let object = verified(line) else { return nil }
        return try? JSONDocument.read(object) { root -> Parsed? in
            switch try root["kind"].string {
            case "price":
                guard let at = dates.date(try root["at"].string), let price = try money(root["price"]) else {
                    return nil
                }
                let record = PriceRecord(
                    trip: try root["trip"].string, provider: ProviderID(rawValue: try root["provider"].string),
                    price: price, converted: try money(root["converted"]), cheapest: try root["cheapest"].bool,
                    link: try root["link"].ifPresent?.string,
                    tags: try root["tags"].elements.map { try $0.string }, route: try root["route"].string,
                    departure: try root["departure"].ifPresent?.string, flights: try root["flights"].string)
                return .price(run: try root["run"].string, at: at, record: record)
            case "run":
                guard let at = dates.date(try root["at"].string),
                    let currency = CurrencyCode(try root["currency"].string)
                else { return nil }
                let providers = try root["providers"].elements.compactMap { entry -> HistoryProvider? in
                    guard let status = ProviderOutcome.Status(rawValue: try entry["status"].string) else { return nil }
                    return HistoryProvider(
                        provider: ProviderID(rawValue: try entry["id"].string), status: status,
                        error: try entry["error"].ifPresent?.string,
                        sample: try entry["sample"].ifPresent.flatMap { SampleAnswer(rawValue: try $0.string) })
                }
                let run = HistoryRun(
                    id: try root["run"].string, at: at, currency: currency, low: try money(root["low"]),
                    providers: providers, prices: [])
                return .run(run, records: try root["records"].int)
            default:
                return nil
            }
        }
    }

    private static func money(_ node: JSONNode) throws -> Money? {
        guard let node = node.ifPresent else { return nil }
        guard let currency = CurrencyCode(try node["currency"].string) else { return nil }
        return Money(try node["amount"].decimal, currency)
    }
}

/// Reads the times of a history's lines: the shape the history writes (`2026-12-18T07:05:00.250Z`) read
/// directly, since a long history has hundreds of thousands of them, and any other RFC 3339 time through
/// Foundation's formatter.
final class HistoryDates {
    private lazy var formatter: ISO8601DateFormatter = {
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        return formatter
    }()

    /// The instant of a time, or `nil` when it is not one.
    func date(_ text: String) -> Date? {
        let utf8 = Array(text.utf8)
        guard utf8.count == 24, utf8[4] == 0x2D, utf8[7] == 0x2D, utf8[10] == 0x54, utf8[13] == 0x3A,
            utf8[16] == 0x3A, utf8[19] == 0x2E, utf8[23] == 0x5A
        else { return formatter.date(from: text) }
        func number(_ range: Range<Int>) -> Int? {
            var value = 0
            for byte in utf8[range] {
                guard (0x30...0x39).contains(byte) else { return nil }
                value = value * 10 + Int(byte - 0x30)
            }
            return value
        }
        guard let year = number(0..<4), let month = number(5..<7), let day = number(8..<10),
            let hour = number(11..<13), let minute = number(14..<16), let second = number(17..<19),
            let millisecond = number(20..<23), hour < 24, minute < 60, second < 60,
            let date = LocalDate(year: year, month: month, day: day)
        else { return nil }
        let seconds = date.daysSinceEpoch * 86_400 + Int64(hour * 3_600 + minute * 60 + second)
        return Date(timeIntervalSince1970: Double(seconds) + Double(millisecond) / 1000)
    }
}
