import AggregatorCore
import Foundation
import ProviderKit
import Testing

@testable import Duffel

/// Duffel's wall-clock times and its cache of zones (durations and zones are the kit's `ServiceTime`).
@Suite("Duffel times")
struct DuffelTimeTests {
    @Test("wall-clock times with or without seconds; impossible dates and years beyond 1900–2200 are unknown")
    func localTimes() throws {
        #expect(LocalDateTime(wallClockOf: "2026-12-18T12:30:00") == (try local("2026-12-18 12:30")))
        #expect(LocalDateTime(wallClockOf: "2026-12-18T12:30") == (try local("2026-12-18 12:30")))
        for text in ["2026-12-18T12:30:59.999", "2026-12-18T12:30:00Z", "2026-12-18T12:30:00.000+01:00"] {
            #expect(LocalDateTime(wallClockOf: text) == (try local("2026-12-18 12:30")), "\(text)")
        }
        for text in [
            "2026-13-45T25:99:00", "1800-12-18T12:30:00", "2300-01-01T00:00:00", "99999-01-01T00:00:00", "12:30",
            "2026-12-18", "2026-12-18T12:30:00" + String(repeating: "0", count: 100), "", "2026-02-30T12:30:00",
            "2026-12-18T24:00:00", "2026-12-18T12:60:00", "2026-12-18T12:30:60",
            "2026-12-18T12:30:00.", "2026-12-18T12:30:00.5x", "2026-12-18T12:30:00+1", "2026-12-18T12:30:00 ",
            "2026-12-18T12:30:0", "2026-12-18T12:30Z0", "+026-12-18T12:30:00", "２026-12-18T12:30:00",
        ] {
            #expect(LocalDateTime(wallClockOf: text) == nil, "\(text.prefix(40))")
        }
    }

    @Test("a zone is looked up once per answer")
    func zoneCache() {
        var zones = DuffelZones()
        #expect(zones.zone(named: "Europe/Madrid")?.identifier == "Europe/Madrid")
        #expect(zones.zone(named: "Europe/Madrid")?.identifier == "Europe/Madrid")
        #expect(zones.zone(named: "Nowhere/Atall") == nil)
        #expect(zones.zone(named: nil) == nil)
    }
}
