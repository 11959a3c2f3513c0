/// A small deterministic random source (SplitMix64), so that a generated response is the same bytes on
/// every run and every platform: the standard library's `random(in:using:)` may change its algorithm
/// between releases, which would quietly change what the benchmark measures.
struct SeededRandom {
    private var state: UInt64

    /// Creates the source.
    /// - Parameter seed: any value; the same seed gives the same sequence.
    init(seed: UInt64) {
        state = seed
    }

    /// The next 64 random bits.
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var mixed = state
        mixed = (mixed ^ (mixed >> 30)) &* 0xBF58_476D_1CE4_E5B9
        mixed = (mixed ^ (mixed >> 27)) &* 0x94D0_49BB_1331_11EB
        return mixed ^ (mixed >> 31)
    }

    /// A number in `0..<bound`.
    /// - Parameter bound: the exclusive upper end; positive.
    /// - Returns: the number; the tiny modulo bias does not matter for test data.
    mutating func below(_ bound: Int) -> Int {
        Int(next() % UInt64(bound))
    }

    /// A number in `range`.
    /// - Parameter range: the inclusive range.
    /// - Returns: the number.
    mutating func within(_ range: ClosedRange<Int>) -> Int {
        range.lowerBound + below(range.count)
    }

    /// Whether an event of probability `percent` in 100 happens.
    /// - Parameter percent: the chance, 0 to 100.
    /// - Returns: `true` that often.
    mutating func chance(_ percent: Int) -> Bool {
        below(100) < percent
    }

    /// One element of a non-empty array.
    /// - Parameter elements: the choices.
    /// - Returns: one of them, each equally likely.
    mutating func pick<Element>(_ elements: [Element]) -> Element {
        elements[below(elements.count)]
    }
}
