import Foundation

/// A time of day on the local wall clock, `07:05`: what a departure-time window is made of.
public struct ClockTime: Sendable, Hashable, Comparable, CustomStringConvertible {
    /// The hour, 0 to 23.
    public let hour: Int
    /// The minute, 0 to 59.
    public let minute: Int

    /// Creates a time of day.
    /// - Parameters:
    ///   - hour: 0 to 23.
    ///   - minute: 0 to 59.
    /// - Returns: `nil` when either is out of range.
    public init?(hour: Int, minute: Int) {
        guard (0...23).contains(hour), (0...59).contains(minute) else { return nil }
        self.hour = hour
        self.minute = minute
    }

    /// Parses `HH:MM` (or `H:MM`).
    /// - Parameter text: for example `07:05`.
    /// - Returns: `nil` unless the text is a valid time in that form.
    public init?(parsing text: String) {
        let parts = text.split(separator: ":", omittingEmptySubsequences: false)
        guard parts.count == 2, (1...2).contains(parts[0].count), parts[1].count == 2,
            parts.allSatisfy({ $0.allSatisfy { $0.isASCII && $0.isNumber } }),
            let hour = Int(parts[0]), let minute = Int(parts[1])
        else { return nil }
        self.init(hour: hour, minute: minute)
    }

    /// The time of day of a wall-clock time.
    /// - Parameter time: the wall-clock time.
    public init(of time: LocalDateTime) {
        hour = time.hour
        minute = time.minute
    }

    /// Minutes since midnight.
    public var minutesOfDay: Int { hour * 60 + minute }

    /// `07:05`.
    public var description: String {
        (hour < 10 ? "0" : "") + "\(hour):" + (minute < 10 ? "0" : "") + "\(minute)"
    }

    /// Orders times of day from midnight.
    public static func < (lhs: ClockTime, rhs: ClockTime) -> Bool { lhs.minutesOfDay < rhs.minutesOfDay }
}
