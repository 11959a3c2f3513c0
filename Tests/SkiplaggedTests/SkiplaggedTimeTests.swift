import Foundation
import ProviderKit
import Testing

@testable import Skiplagged

@Suite("Skiplagged's times and durations")
struct SkiplaggedTimeTests {
    @Test(
        "durations for people and in ISO-8601",
        arguments: [
            ("2h 35m", 155 * 60), ("2h35m", 155 * 60), ("PT2H35M", 155 * 60), ("pt2h35m", 155 * 60), ("45m", 45 * 60),
            ("3h", 3 * 3600), ("1d 2h 5m", 26 * 3600 + 300), ("P1DT2H", 26 * 3600), ("PT90M", 90 * 60),
            ("2h 35m 30s", 155 * 60 + 30),
        ])
    func durations(text: String, seconds: Int) {
        #expect(SkiplaggedTime.duration(text) == .seconds(seconds))
    }

    @Test(
        "anything else is no duration",
        arguments: [
            "", "0h 0m", "35m 2h", "2h 2h", "PT", "P", "P2H", "PT-5H", "2 hours", "15d", "9999999m", "h", "2.5h",
            String(repeating: "1", count: 50),
        ])
    func notDurations(text: String) {
        #expect(SkiplaggedTime.duration(text) == nil)
    }

    @Test(
        "local times in their usual forms; a zone designator changes no digit",
        arguments: [
            "2026-12-18T07:05", "2026-12-18T07:05:00", "2026-12-18T07:05:00.000", "2026-12-18 07:05:00",
            "2026-12-18T07:05:00Z", "2026-12-18T07:05:00+01:00", "2026-12-18T07:05:00.5-05:00",
        ])
    func localTimes(text: String) throws {
        #expect(LocalDateTime(wallClockOf: text) == LocalDateTime(parsing: "2026-12-18 07:05"))
    }

    @Test(
        "impossible or far-off times are unknown",
        arguments: [
            "2026-02-30T07:05:00", "2026-12-18T24:00:00", "2026-12-18T07:60:00", "2026-12-18T07:05:61",
            "9999-12-18T07:05:00", "1800-01-01T00:00:00", "2026-12-18", "2026-12-18T07:05:00+1", "07:05",
            "2026-12-18T07:05:00 ", "tomorrow",
        ])
    func notTimes(text: String) {
        #expect(LocalDateTime(wallClockOf: text) == nil)
    }
}
