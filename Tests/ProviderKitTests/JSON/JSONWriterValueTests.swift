import AggregatorTestSupport
import Foundation
import ProviderKit
import Testing

@Suite("JSON writer: decimals as Decimal prints them, dates as ISO 8601")
struct JSONWriterValueTests {
    /// `value` written on its own.
    static func written(_ write: (inout JSONWriter) -> Void) -> String {
        var json = JSONWriter(style: .compact)
        write(&json)
        return json.text
    }

    static func decimals() -> [Decimal] {
        var generator = SplitMix64(seed: 0xDEC1_3A15)
        var values: [Decimal] = [
            0, 1, -1, 10, 100, 169, -250, Decimal(UInt64.max), Decimal(Int64.min), .greatestFiniteMagnitude,
            .leastFiniteMagnitude, .leastNonzeroMagnitude, Decimal(1) / 3, Decimal(-2) / 7, Decimal(string: "0.1") ?? 0,
            Decimal(sign: .plus, exponent: -128, significand: 1), Decimal(sign: .minus, exponent: 127, significand: 9),
        ]
        for _ in 0..<4000 {
            let significand: Decimal
            switch Int.random(in: 0..<3, using: &generator) {
            case 0: significand = Decimal(UInt64.random(in: 0...999, using: &generator))
            case 1: significand = Decimal(UInt64.random(in: 0...UInt64.max, using: &generator))
            default:
                // Up to 38 digits, so the significand spans more than 64 bits.
                let digits = (0..<Int.random(in: 20...38, using: &generator)).map { index in
                    String(Int.random(in: index == 0 ? 1...9 : 0...9, using: &generator))
                }
                significand = Decimal(string: digits.joined()) ?? 0
            }
            let exponent = Int.random(in: -60...40, using: &generator)
            let sign: FloatingPointSign = Bool.random(using: &generator) ? .plus : .minus
            values.append(Decimal(sign: sign, exponent: exponent, significand: significand))
        }
        // Arithmetic leaves results that are not compacted, such as 1.50 or 2.000.
        for index in stride(from: 0, to: 200, by: 2) {
            values.append(values[index + 20] * values[index + 21])
            values.append(values[index + 20] + values[index + 21])
            values.append(values[index + 20] - values[index + 20])
            values.append(Decimal(string: "1.5") ?? 0 * 1)
            values.append((Decimal(string: "0.75") ?? 0) * 2)
        }
        return values
    }

    @Test func writesDecimalsAsTheirDescription() {
        let values = Self.decimals()
        let written = Self.written { json in json.array { json in values.forEach { json.decimal($0) } } }
        let expected = "[" + values.map { $0.isNaN ? "null" : $0.description }.joined(separator: ",") + "]"
        #expect(written == expected)
        #expect(values.count > 4000)
    }

    @Test func writesNaNAsNull() {
        #expect(Self.written { $0.decimal(Decimal.nan) } == "null")
        #expect(Self.written { $0.decimal(nil) } == "null")
    }

    @Test func writesDecimalsTheReaderReadsBackExactly() throws {
        let values = Self.decimals().filter { !$0.isNaN }
        let written = Self.written { json in json.array { json in values.forEach { json.decimal($0) } } }
        try JSONDocument.read(Array(written.utf8), maxDepth: 2) { root in
            for (index, element) in try root.elements.enumerated() {
                guard let read = try? element.decimal else { continue }
                #expect(read == values[index], "\(values[index])")
            }
        }
    }

    /// Foundation's formatter, the reference the writer's dates are held to.
    static func formatter(milliseconds: Bool) -> ISO8601DateFormatter {
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions =
            milliseconds ? [.withInternetDateTime, .withFractionalSeconds] : [.withInternetDateTime]
        return formatter
    }

    /// Whole seconds from 1600 (after the Gregorian reform, where `ISO8601DateFormatter` switches to the
    /// Julian calendar) to 9999, plus instants around 1970.
    static func instants() -> [Date] {
        var generator = SplitMix64(seed: 0x1507_8601)
        let first = -11_676_096_000.0  // 1600-01-01
        let last = 253_402_300_799.0  // 9999-12-31T23:59:59
        var seconds: [Double] = [0, -1, 1, 86_399, 86_400, -86_400, -86_401, 951_782_400, 1_797_669_900, first, last]
        for _ in 0..<3000 { seconds.append(Double(Int64.random(in: Int64(first)...Int64(last), using: &generator))) }
        for _ in 0..<1000 {
            seconds.append(Double(Int64.random(in: -5_000_000_000...5_000_000_000, using: &generator)))
        }
        return seconds.map { Date(timeIntervalSince1970: $0) }
    }

    @Test func writesDatesLikeISO8601DateFormatter() {
        var generator = SplitMix64(seed: 0xF2AC)
        let formatter = Self.formatter(milliseconds: false)
        for instant in Self.instants() {
            #expect(Self.written { $0.date(instant) } == "\"\(formatter.string(from: instant))\"")
            // Fractions are dropped, also before 1970.
            let later = instant.addingTimeInterval(Double.random(in: 0.001...0.999, using: &generator))
            #expect(Self.written { $0.date(later) } == "\"\(formatter.string(from: instant))\"")
        }
        #expect(Self.written { $0.date(Date(timeIntervalSince1970: 1_797_667_500)) } == #""2026-12-19T08:05:00Z""#)
        #expect(Self.written { $0.date(Date(timeIntervalSince1970: -0.5)) } == #""1969-12-31T23:59:59Z""#)
    }

    @Test func writesMillisecondsLikeISO8601DateFormatter() {
        var generator = SplitMix64(seed: 0x3111)
        let formatter = Self.formatter(milliseconds: true)
        for instant in Self.instants() {
            let milliseconds = Double(Int.random(in: 0...999, using: &generator)) / 1000
            // Just above a whole millisecond, where rounding (Linux) and truncating (Apple) formatters agree.
            let nudge = Double.random(in: 0.00005...0.0004, using: &generator)
            let date = instant.addingTimeInterval(milliseconds + nudge)
            let expected = "\"\(formatter.string(from: date))\""
            #expect(Self.written { $0.dateWithMilliseconds(date) } == expected)
        }
        let instant = Date(timeIntervalSince1970: 1_797_667_500.25)
        #expect(Self.written { $0.dateWithMilliseconds(instant) } == #""2026-12-19T08:05:00.250Z""#)
        let beforeEpoch = Date(timeIntervalSince1970: -0.0006)
        #expect(Self.written { $0.dateWithMilliseconds(beforeEpoch) } == #""1969-12-31T23:59:59.999Z""#)
    }

    @Test func writesNullForInstantsRFC3339CannotExpress() {
        for seconds in [-62_135_596_801.0, 253_402_300_800.0, 1e300, -1e300, .infinity, .nan] {
            let date = Date(timeIntervalSince1970: seconds)
            #expect(Self.written { $0.date(date) } == "null")
            #expect(Self.written { $0.dateWithMilliseconds(date) } == "null")
        }
        #expect(Self.written { $0.date(Date(timeIntervalSince1970: -62_135_596_800)) } == #""0001-01-01T00:00:00Z""#)
        #expect(Self.written { $0.date(nil) } == "null")
    }

    @Test func writesLocalTimesAsTheirDescription() throws {
        var generator = SplitMix64(seed: 0x7105)
        var times: [LocalDateTime] = []
        for _ in 0..<2000 {
            let seconds = Int64.random(in: -2_208_988_800...7_289_654_399, using: &generator)
            times.append(try #require(LocalDateTime(localEpochSeconds: seconds)))
        }
        let date = try #require(LocalDate(year: 2026, month: 12, day: 18))
        times.append(try #require(LocalDateTime(date: date, hour: 7, minute: 5)))
        // The ends of the years a travel time can fall in.
        times.append(try #require(LocalDateTime(localEpochSeconds: -2_208_988_800)))
        times.append(try #require(LocalDateTime(localEpochSeconds: 7_289_654_399)))
        for time in times {
            #expect(Self.written { $0.localDateTime(time) } == "\"\(time)\"")
            #expect(Self.written { $0.localDate(time.date) } == "\"\(time.date)\"")
        }
        #expect(Self.written { $0.localDateTime(times[2000]) } == #""2026-12-18T07:05""#)
        #expect(Self.written { $0.localDateTime(nil) } == "null")
    }
}
