import Foundation

/// Who travels: the party a price is for.
///
/// Prices are for the whole party. A lap infant (under two) takes no seat, so a provider that prices
/// one seat at a time can price adults and children but not lap infants.
public struct Passengers: Sendable, Hashable, CustomStringConvertible {
    /// The most people one booking takes.
    public static let maximum = 9

    /// Passengers of 12 and over.
    public var adults: Int
    /// Passengers of 2 to 11, who take a seat.
    public var children: Int
    /// Passengers under 2, on an adult's lap.
    public var infants: Int

    /// Creates a party.
    /// - Parameters:
    ///   - adults: passengers of 12 and over.
    ///   - children: passengers of 2 to 11.
    ///   - infants: lap infants.
    public init(adults: Int = 1, children: Int = 0, infants: Int = 0) {
        self.adults = adults
        self.children = children
        self.infants = infants
    }

    /// One adult: the party when nothing else is asked.
    public static let one = Passengers()

    /// Everyone. Counts come from providers and programs too, so the sum stops at `Int.max` (or `Int.min`)
    /// rather than trapping; such a party has a ``problem``.
    public var total: Int { Self.sum(Self.sum(adults, children), infants) }
    /// The seats the party needs: lap infants need none. Saturating, as ``total`` is.
    public var seats: Int { Self.sum(adults, children) }

    /// `first + second`, or the bound it passes when it does not fit.
    private static func sum(_ first: Int, _ second: Int) -> Int {
        let (value, overflow) = first.addingReportingOverflow(second)
        guard overflow else { return value }
        return second > 0 ? Int.max : Int.min
    }

    /// Why a party cannot travel as one booking, if it cannot.
    public enum Problem: Sendable, Hashable {
        /// There is no adult.
        case noAdult
        /// More than ``Passengers/maximum`` people.
        case tooMany
        /// More lap infants than adults to hold them.
        case moreInfantsThanAdults
        /// A count is negative.
        case negativeCount
    }

    /// What is wrong with the party; `nil` when it can book.
    public var problem: Problem? {
        if adults < 0 || children < 0 || infants < 0 { return .negativeCount }
        if adults < 1 { return .noAdult }
        // Each count first, so that the sum is only taken of small numbers.
        if adults > Self.maximum || children > Self.maximum || infants > Self.maximum { return .tooMany }
        if total > Self.maximum { return .tooMany }
        if infants > adults { return .moreInfantsThanAdults }
        return nil
    }

    /// `1 adult`, `2 adults, 1 child, 1 infant`.
    public var description: String {
        func count(_ number: Int, _ one: String, _ many: String) -> String? {
            number == 0 ? nil : "\(number) \(number == 1 ? one : many)"
        }
        return [
            count(adults, "adult", "adults"), count(children, "child", "children"), count(infants, "infant", "infants"),
        ].compactMap { $0 }.joined(separator: ", ")
    }
}
