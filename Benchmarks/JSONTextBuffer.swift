/// JSON text written byte by byte, for generating large responses fast: no intermediate objects, no
/// `JSONSerialization`, no number formatting through `String(format:)`.
///
/// Strings are written as given, without escaping: callers pass ASCII text they made themselves.
struct JSONTextBuffer {
    /// The text so far, UTF-8.
    private(set) var bytes: [UInt8] = []

    /// Creates an empty buffer with room for `capacity` bytes.
    /// - Parameter capacity: the expected size.
    init(capacity: Int) {
        bytes.reserveCapacity(capacity)
    }

    /// Empties the buffer, keeping its storage.
    mutating func removeAll() {
        bytes.removeAll(keepingCapacity: true)
    }

    /// Appends text as it is: punctuation, keys with their colon, literals.
    /// - Parameter text: the text.
    mutating func raw(_ text: String) {
        bytes.append(contentsOf: text.utf8)
    }

    /// Appends `"key":`, after a comma unless `first`.
    /// - Parameters:
    ///   - key: the member name.
    ///   - first: whether this is the first member of its object.
    mutating func key(_ key: String, first: Bool = false) {
        if !first { bytes.append(UInt8(ascii: ",")) }
        bytes.append(UInt8(ascii: "\""))
        bytes.append(contentsOf: key.utf8)
        bytes.append(contentsOf: "\":".utf8)
    }

    /// Appends a quoted string.
    /// - Parameter text: ASCII text without quotes or backslashes.
    mutating func string(_ text: String) {
        bytes.append(UInt8(ascii: "\""))
        bytes.append(contentsOf: text.utf8)
        bytes.append(UInt8(ascii: "\""))
    }

    /// Appends a quoted string made of raw bytes.
    /// - Parameter text: ASCII bytes without quotes or backslashes.
    mutating func string(bytes text: some Collection<UInt8>) {
        bytes.append(UInt8(ascii: "\""))
        bytes.append(contentsOf: text)
        bytes.append(UInt8(ascii: "\""))
    }

    /// Appends an integer.
    /// - Parameter value: the number.
    mutating func integer(_ value: Int) {
        if value < 0 { bytes.append(UInt8(ascii: "-")) }
        let magnitude = value.magnitude
        var divisor: UInt = 1
        while divisor <= magnitude / 10 { divisor *= 10 }
        while divisor > 0 {
            bytes.append(UInt8(ascii: "0") + UInt8(magnitude / divisor % 10))
            divisor /= 10
        }
    }

    /// Appends a decimal fraction given as a scaled integer: `fixed(16_569_722, decimals: 6)` is `16.569722`.
    /// - Parameters:
    ///   - scaled: the value times 10^decimals.
    ///   - decimals: the digits after the point; trailing zeros are kept, as Kiwi's own numbers vary.
    mutating func fixed(_ scaled: Int, decimals: Int) {
        var divisor = 1
        for _ in 0..<decimals { divisor *= 10 }
        if scaled < 0 { bytes.append(UInt8(ascii: "-")) }
        let magnitude = Int(scaled.magnitude)
        integer(magnitude / divisor)
        bytes.append(UInt8(ascii: "."))
        let fraction = magnitude % divisor
        var scale = divisor / 10
        while scale > 0 {
            bytes.append(UInt8(ascii: "0") + UInt8(fraction / scale % 10))
            scale /= 10
        }
    }

    /// Appends `true` or `false`.
    /// - Parameter value: the flag.
    mutating func boolean(_ value: Bool) {
        raw(value ? "true" : "false")
    }
}
