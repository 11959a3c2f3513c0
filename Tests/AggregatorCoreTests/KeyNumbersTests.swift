import Testing

@testable import AggregatorCore

@Suite("Merge keys numbered in the order met")
struct KeyNumbersTests {
    /// A key whose hash value is the same for many keys, to walk the chains of equal hash values.
    struct Colliding: Hashable {
        var text: String
        var bucket: Int

        static func == (lhs: Colliding, rhs: Colliding) -> Bool { lhs.text == rhs.text }
        func hash(into hasher: inout Hasher) { hasher.combine(bucket) }
    }

    @Test func numbersDistinctKeysInOrderAndFindsThemAgain() {
        var numbers = KeyNumbers<String>(capacity: 4)
        #expect(numbers.number("flight|OS395@L1") == 0)
        #expect(numbers.number("flight|OS395@U1") == 1)
        #expect(numbers.number("flight|OS395@L1") == 0)
        #expect(numbers.number("route|VIE-BCN@1") == 2)
        #expect(numbers.count == 3)
        #expect(numbers.keys == ["flight|OS395@L1", "flight|OS395@U1", "route|VIE-BCN@1"])
    }

    @Test(arguments: [1, 3, 1_000])
    func keysThatShareAHashValueAreStillToldApart(buckets: Int) {
        // Every key's hash value is one of `buckets`: one bucket chains all 2,000 keys.
        var numbers = KeyNumbers<Colliding>(capacity: 16)
        let keys = (0..<2_000).map { Colliding(text: "key \($0)", bucket: $0 % buckets) }
        for (index, key) in keys.enumerated() { #expect(numbers.number(key) == index) }
        for (index, key) in keys.enumerated().reversed() { #expect(numbers.number(key) == index) }
        #expect(numbers.count == keys.count)
        #expect(numbers.keys == keys)
    }
}
