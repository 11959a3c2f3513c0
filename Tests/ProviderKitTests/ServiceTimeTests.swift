import Foundation
import ProviderKit
import Testing

/// ISO-8601 durations and IANA zones, read without trusting them, and the instant of a wall clock in a zone.
@Suite("Times as services write them")
struct ServiceTimeTests {
    @Test(
        "ISO-8601 durations of weeks, days, hours, minutes and seconds",
        arguments: [
            ("PT2H35M", 2 * 3600 + 35 * 60), ("PT02H26M", 2 * 3600 + 26 * 60), ("P1DT2H", 86_400 + 7200),
            ("P1DT4H25M", 86_400 + 4 * 3600 + 25 * 60), ("PT45M", 45 * 60), ("PT90M", 90 * 60), ("P2D", 2 * 86_400),
            ("P1W", 7 * 86_400), ("PT1H0M30S", 3630), ("PT45M30.5S", 45 * 60 + 30), ("PT7200S", 7200),
        ])
    func durations(text: String, seconds: Int) {
        #expect(ServiceTime.duration(text) == .seconds(seconds))
    }

    @Test(
        "anything else is unknown: other forms, zero, negative, years and months, absurd lengths",
        arguments: [
            "", "P", "PT", "2H35M", "PT2H35", "PT-5H", "-PT5H", "P0D", "PT0M", "P1Y", "P1M", "PT1.5H", "P1DT", "PTH",
            "P1D2H", "PT2H35M ", "P15D", "PT999999H", "P9999999D", "PT1H1H1H1H1H1H1H1H1H1H1H1H1H1H1H", "pt2h",
            "P1DT2H\u{1B}[2J", "PT2,5H", "PT1..5S", "PT5M2H", "P1DT2H3H",
        ])
    func notDurations(text: String) {
        #expect(ServiceTime.duration(text) == nil)
    }

    @Test("the instant of a local time follows the zone's offset on that day, summer time included")
    func instants() throws {
        let cases: [(String, String, String)] = [
            ("2026-12-18 12:30", "Europe/Vienna", "2026-12-18T11:30:00Z"),
            ("2026-07-18 12:30", "Europe/Vienna", "2026-07-18T10:30:00Z"),
            ("2026-12-18 11:20", "America/New_York", "2026-12-18T16:20:00Z"),
            ("2026-12-20 01:40", "Australia/Sydney", "2026-12-19T14:40:00Z"),
            ("2026-12-18 09:00", "Asia/Kathmandu", "2026-12-18T03:15:00Z"),
            ("2026-12-18 09:00", "UTC", "2026-12-18T09:00:00Z"),
        ]
        for (wall, zone, instant) in cases {
            let timeZone = try #require(ServiceTime.zone(named: zone))
            #expect(LocalTimes.instant(of: try local(wall), in: timeZone) == (try utc(instant)), "\(wall) \(zone)")
        }
    }

    @Test(
        "names that are no zone, or could name a file, are never looked up",
        arguments: [
            "Mars/Olympus_Mons", "../../../../dev/zero", "/etc/localtime", "Europe/../../dev/zero", "Europe//Vienna",
            "Europe/Vienna\u{0}", ".", "", String(repeating: "A", count: 65), "Europe/Vi enna", "1Europe/Vienna",
        ])
    func unknownZones(name: String) {
        #expect(ServiceTime.zone(named: name) == nil)
    }

    /// An instant written the way people check it, `2026-12-18T11:30:00Z`.
    private func utc(_ text: String) throws -> Date {
        try #require(ISO8601DateFormatter().date(from: text))
    }

    /// A wall-clock time, `2026-12-18 12:30`.
    private func local(_ text: String) throws -> LocalDateTime {
        try #require(LocalDateTime(parsing: text))
    }
}
