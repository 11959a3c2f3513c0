import Foundation

extension LocalDateTime {
    /// Reads the wall clock of an ISO-8601 date and time as services write it: `2026-12-18T12:30:00`, also
    /// with a space for the `T`, without seconds, with a fraction of a second, or with a zone designator
    /// (`Z`, `+01:00`) that changes no digit: the digits are the place's wall clock, and the place's zone,
    /// where it is known, gives the instant. Seconds are dropped. It reads the bytes, since a record holds
    /// several times.
    /// - Parameter text: the time as sent.
    /// - Returns: `nil` for another form, an impossible date or time, or a year outside ``saneYears``.
    public init?(wallClockOf text: String?) {
        guard let text, (16...40).contains(text.utf8.count) else { return nil }
        let bytes = Array(text.utf8)
        func number(_ range: Range<Int>) -> Int? {
            guard range.upperBound <= bytes.count else { return nil }
            var value = 0
            for index in range {
                guard (0x30...0x39).contains(bytes[index]) else { return nil }
                value = value * 10 + Int(bytes[index] - 0x30)
            }
            return value
        }
        func byte(_ index: Int, is character: Unicode.Scalar) -> Bool {
            index < bytes.count && bytes[index] == UInt8(ascii: character)
        }
        guard byte(4, is: "-"), byte(7, is: "-"), byte(10, is: "T") || byte(10, is: " "), byte(13, is: ":"),
            let year = number(0..<4), let month = number(5..<7), let day = number(8..<10),
            let hour = number(11..<13), let minute = number(14..<16)
        else { return nil }
        var index = 16
        if byte(index, is: ":") {
            guard let second = number(17..<19), second < 60 else { return nil }
            index = 19
            if byte(index, is: ".") {
                index += 1
                let digits = index
                while index < bytes.count, (0x30...0x39).contains(bytes[index]) { index += 1 }
                guard index > digits else { return nil }
            }
        }
        if byte(index, is: "Z") {
            index += 1
        } else if byte(index, is: "+") || byte(index, is: "-") {
            guard let hours = number(index + 1..<index + 3), hours < 24, byte(index + 3, is: ":"),
                let minutes = number(index + 4..<index + 6), minutes < 60
            else { return nil }
            index += 6
        }
        guard index == bytes.count, Self.saneYears.contains(year),
            let date = LocalDate(year: year, month: month, day: day)
        else { return nil }
        self.init(date: date, hour: hour, minute: minute)
    }
}
