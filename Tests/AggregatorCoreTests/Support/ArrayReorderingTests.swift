import AggregatorTestSupport
import Foundation
import Testing

@testable import AggregatorCore

/// An element whose identity the tests can follow through a reordering.
private final class Token: Sendable {
    let value: Int
    init(_ value: Int) { self.value = value }
}

@Suite("Reordering an array in place: keeping, moving to the front, exchanging, sorting a few")
struct ArrayReorderingTests {
    @Test(arguments: [0, 1, 7, 600, 5_000])
    func keepingPositionsKeepsThoseElementsInThatOrder(count: Int) {
        var generator = SplitMix64(seed: UInt64(count))
        let tokens = (0..<count).map(Token.init)
        let positions = Array(tokens.indices.shuffled(using: &generator).prefix(count / 3))
        var kept = tokens
        kept.keep(inOrder: positions)
        #expect(kept.count == positions.count)
        #expect(zip(kept, positions).allSatisfy { $0 === tokens[$1] }, "the very elements, moved, not copies")
    }

    @Test(arguments: [0, 1, 2, 3, 600, 5_000])
    func movingToTheFrontKeepsTheAcceptedInOrderAndLooksAtEachOnce(count: Int) {
        let tokens = (0..<count).map(Token.init)
        var values = tokens
        var seen: [Int] = []
        let kept = values.moveToFront { token in
            seen.append(token.value)
            return token.value % 3 != 1
        }
        #expect(seen == Array(0..<count), "each element once, in order")
        let accepted = tokens.filter { $0.value % 3 != 1 }
        #expect(kept == accepted.count)
        #expect(zip(values.prefix(kept), accepted).allSatisfy { $0 === $1 })
        #expect(Set(values.dropFirst(kept).map(\.value)) == Set(tokens.filter { $0.value % 3 == 1 }.map(\.value)))
    }

    @Test func movingNothingLeavesTheArrayAsItWas() {
        var values = Array(0..<100)
        #expect(values.moveToFront { _ in false } == 0)
        #expect(values == Array(0..<100))
        #expect(values.moveToFront { _ in true } == 100)
        #expect(values == Array(0..<100))
    }

    @Test func exchangingSwapsTwoElements() {
        let tokens = (0..<4).map(Token.init)
        var values = tokens
        values.exchange(0, 3)
        values.exchange(1, 1)
        #expect(values.map(\.value) == [3, 1, 2, 0])
        #expect(values[0] === tokens[3] && values[3] === tokens[0])
    }

    @Test(arguments: 0...20)
    func sortingFewSortsAsTheStableSortDoes(count: Int) {
        var generator = SplitMix64(seed: 99 + UInt64(count))
        let pairs = (0..<count).map { index in (key: Int.random(in: 0..<4, using: &generator), index: index) }
        var sorted = pairs
        sorted.sortFew { $0.key < $1.key }
        #expect(sorted.map(\.index) == pairs.sorted { ($0.key, $0.index) < ($1.key, $1.index) }.map(\.index))
    }
}
