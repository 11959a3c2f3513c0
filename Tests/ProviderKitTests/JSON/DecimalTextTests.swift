import Foundation
import Testing

@testable import ProviderKit

@Suite("Decimal digits written without description")
struct DecimalTextTests {
    @Test func recognisesThisPlatformsDecimalLayout() {
        // Without a recognised layout every decimal is still right, but goes through `description`.
        #expect(DecimalParts.layout != nil)
    }
}
