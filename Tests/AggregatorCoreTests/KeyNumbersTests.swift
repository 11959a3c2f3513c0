import Testing

@testable import AggregatorCore
@testable import ProviderKit

@Suite("Merge keys numbered in the order met")
struct KeyNumbersTests {
    /// Keys with the given texts, each finished with its own hash value.
    static func keys(_ texts: [String]) -> TripKeys {
        var keys = TripKeys()
        for text in texts {
            keys.append(text)
            keys.finish()
        }
        return keys
    }

    @Test func numbersDistinctKeysInOrderAndFindsThemAgain() {
        let keys = Self.keys(["flight|OS395@L1", "flight|OS395@U1", "flight|OS395@L1", "route|VIE-BCN@1"])
        var numbers = KeyNumbers(capacity: 4)
        let list = numbers.adopt(keys)
        #expect((0..<keys.count).map { numbers.number($0, inList: list) } == [0, 1, 0, 2])
        #expect(numbers.count == 3)
        #expect(
            (0..<numbers.count).map(numbers.text(of:)) == [
                "flight|OS395@L1", "flight|OS395@U1", "route|VIE-BCN@1",
            ])
    }

    @Test func keysOfEveryLengthAreToldApart() {
        // A key of six segments is as much a key as one of one (the empty key included); a key that is
        // another key's beginning is not that key.
        let texts = (0..<40).map { String(repeating: "OS1@L2,", count: $0) }
        let keys = Self.keys(texts + texts)
        var numbers = KeyNumbers(capacity: 4)
        let list = numbers.adopt(keys)
        let numbered = (0..<keys.count).map { numbers.number($0, inList: list) }
        #expect(numbered == Array(0..<texts.count) + Array(0..<texts.count))
    }

    @Test(arguments: [1, 3, 1_000])
    func keysThatShareAHashValueAreStillToldApart(buckets: Int) {
        // Every key's hash value is one of `buckets`: one bucket chains all 2,000 keys.
        var keys = TripKeys()
        for index in 0..<2_000 { keys.appendFinished(Array("key \(index)".utf8)[...], hash: index % buckets) }
        var numbers = KeyNumbers(capacity: 16)
        let list = numbers.adopt(keys)
        for index in 0..<keys.count { #expect(numbers.number(index, inList: list) == index) }
        for index in (0..<keys.count).reversed() { #expect(numbers.number(index, inList: list) == index) }
        #expect(numbers.count == keys.count)
        #expect((0..<numbers.count).map(numbers.text(of:)) == (0..<2_000).map { "key \($0)" })
    }

    @Test func keysInSeveralListsAreNumberedAsOne() {
        var numbers = KeyNumbers(capacity: 4)
        let first = numbers.adopt(Self.keys(["a", "b"]))
        let second = numbers.adopt(Self.keys(["b", "c", "a"]))
        #expect([numbers.number(0, inList: first), numbers.number(1, inList: first)] == [0, 1])
        #expect((0..<3).map { numbers.number($0, inList: second) } == [1, 2, 0])
        #expect((0..<numbers.count).map(numbers.text(of:)) == ["a", "b", "c"])
    }
}
