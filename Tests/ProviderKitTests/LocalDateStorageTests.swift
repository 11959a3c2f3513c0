import Foundation
import ProviderKit
import Testing

@Suite("Dates and wall-clock times are kept in eight bytes each")
struct LocalDateStorageTests {
    @Test func aDateAndATimeFitInAWord() {
        #expect(MemoryLayout<LocalDate>.size <= 8)
        #expect(MemoryLayout<LocalDateTime>.size <= 8)
        #expect(MemoryLayout<FlightTime?>.stride <= 32)
    }

    @Test(arguments: [(1, 1, 1), (9999, 12, 31), (2000, 2, 29), (1900, 1, 1), (2200, 12, 31)])
    func everyDateTheInitialiserTakesIsKeptAsGiven(year: Int, month: Int, day: Int) throws {
        let date = try #require(LocalDate(year: year, month: month, day: day))
        #expect(date.year == year)
        #expect(date.month == month)
        #expect(date.day == day)
        let time = try #require(LocalDateTime(date: date, hour: 23, minute: 59))
        #expect(time.date == date)
        #expect(time.hour == 23)
        #expect(time.minute == 59)
    }

    @Test func theSaneEpochSecondsReadToTheSameWallClocks() throws {
        let first = try #require(LocalDateTime(localEpochSeconds: -2_208_988_800))
        #expect(first.description == "1900-01-01T00:00")
        let last = try #require(LocalDateTime(localEpochSeconds: 7_289_654_399))
        #expect(last.description == "2200-12-31T23:59")
        #expect(first < last)
    }

    @Test func settingAPartChangesOnlyThatPart() throws {
        var time = try #require(LocalDateTime(parsing: "2026-12-18 07:05"))
        time.minute = 45
        time.date.day = 19
        #expect(time.description == "2026-12-19T07:45")
        #expect(time == LocalDateTime(parsing: "2026-12-19T07:45"))
        #expect(time.hashValue == LocalDateTime(parsing: "2026-12-19T07:45")?.hashValue)
    }

    @Test func aPartSetPastWhatItsFieldHoldsIsClampedNeverATrap() throws {
        var date = try #require(LocalDate(year: 2026, month: 12, day: 18))
        date.year = Int.max
        date.month = -1
        date.day = 1_000
        #expect(date.year == Int(Int32.max))
        #expect(date.month == 0)
        #expect(date.day == 255)
    }
}
