import Foundation
import ProviderKit
import Testing

/// A party's counts come from providers and programs as well as from the command line: no count, however
/// large or small, may make its arithmetic trap.
@Suite("Passengers: counts from anywhere never trap")
struct PassengersTests {
    static let extremes = [Int.max, Int.min, Int.max - 1, Int.min + 1, Int(Int32.max), -1, 0, 1]

    @Test("every sum of extreme counts is a number, and a party of them is not one that can book")
    func extremeCountsNeverTrap() {
        for adults in Self.extremes {
            for children in Self.extremes {
                for infants in Self.extremes {
                    let party = Passengers(adults: adults, children: children, infants: infants)
                    _ = party.total
                    _ = party.seats
                    _ = party.description
                    if [adults, children, infants].contains(where: { $0 > Passengers.maximum || $0 < 0 }) {
                        #expect(party.problem != nil, "\(adults) \(children) \(infants)")
                    }
                }
            }
        }
    }

    @Test("sums that do not fit stop at the largest or smallest number")
    func sumsSaturate() {
        #expect(Passengers(adults: 1, children: Int.max).total == Int.max)
        #expect(Passengers(adults: Int.max, children: Int.max, infants: Int.max).seats == Int.max)
        #expect(Passengers(adults: Int.min, children: -1).seats == Int.min)
        #expect(Passengers(adults: 1, children: Int.max).problem == .tooMany)
        #expect(Passengers(adults: 1, children: Int.max, infants: Int.min).problem == .negativeCount)
        #expect(Passengers(adults: 2, children: 3, infants: 1).total == 6)
    }

    @Test("an ordering instant that no 64-bit minute can hold falls back on the wall clock")
    func orderingMinutesOfAnAbsurdInstant() throws {
        let local = try #require(LocalDateTime(parsing: "2026-12-18 07:05"))
        for seconds in [1e300, -1e300, Double.infinity, Double.nan, 9.3e18 * 60] {
            let time = FlightTime(local: local, utc: Date(timeIntervalSince1970: seconds))
            #expect(time.orderingMinutes == local.minutesSinceEpoch, "\(seconds)")
        }
        let sane = FlightTime(local: nil, utc: Date(timeIntervalSince1970: 600))
        #expect(sane.orderingMinutes == 10)
    }
}
