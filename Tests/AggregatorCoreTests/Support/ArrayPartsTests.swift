import Foundation
import Testing

@testable import AggregatorCore
@testable import ProviderKit

@Suite("An array's parts lent in place, on every core")
struct ArrayPartsTests {
    @Test(arguments: [0, 1, 2_047, 4_096, 10_001])
    func readingInPartsSeesEachElementOnceInOrder(count: Int) {
        let values = (0..<count).map { $0 * 3 }
        let parts = values.mapParts { part in part.indices.map { part[$0] } }
        #expect(parts.flatMap { $0 } == values)
        #expect(parts.count == 1 || parts.allSatisfy { $0.count >= ParallelParts.minimumPart })
    }

    @Test(arguments: [0, 1, 4_096, 20_000])
    func updatingInPartsChangesEachElementOnceWhereItLies(count: Int) {
        var values = Array(0..<count)
        let sums = values.updateParts { part in
            var sum = 0
            for index in part.indices {
                part[index] += index
                sum += part[index]
            }
            return sum
        }
        #expect(values == (0..<count).map { $0 * 2 })
        #expect(sums.reduce(0, +) == values.reduce(0, +))
    }

    @Test func theWholeArrayIsLentAsOnePart() {
        let words = ["a", "b", "c"]
        let joined = words.withElementsInPlace { part in part.indices.map { part[$0] }.joined() }
        #expect(joined == "abc")
        #expect([String]().withElementsInPlace { $0.indices.isEmpty })
    }
}
