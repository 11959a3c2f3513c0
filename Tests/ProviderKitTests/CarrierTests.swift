import Foundation
import ProviderKit
import Testing

@Suite("Carriers keep their details in a shared box and compare by value")
struct CarrierTests {
    static let logo = URL(string: "https://example.com/os.png")

    @Test func aCarrierIsItsCodeAndOneReference() {
        #expect(MemoryLayout<Carrier>.size <= 24)
        #expect(MemoryLayout<Carrier?>.size <= 24)
    }

    @Test func theInitialiserKeepsEveryDetail() {
        let carrier = Carrier(
            code: "os", name: "Austrian", headline: "Fly", country: "AT", logoURL: Self.logo, isActive: false)
        #expect(carrier.code == "OS")
        #expect(carrier.name == "Austrian")
        #expect(carrier.headline == "Fly")
        #expect(carrier.country == "AT")
        #expect(carrier.logoURL == Self.logo)
        #expect(carrier.isActive == false)
    }

    @Test func aChangedCopyLeavesTheOriginalAsItWas() {
        let original = Carrier(code: "OS", name: "Austrian")
        var copy = original
        copy.name = "Austrian Airlines"
        copy.isActive = true
        #expect(original.name == "Austrian")
        #expect(original.isActive == nil)
        #expect(copy.name == "Austrian Airlines")
        #expect(copy.isActive == true)
        #expect(copy != original)
    }

    @Test func carriersWithEqualDetailsAreEqualAndHashAlike() {
        var built = Carrier(code: "OS")
        built.name = "Austrian"
        built.country = "AT"
        let direct = Carrier(code: "OS", name: "Austrian", country: "AT")
        #expect(built == direct)
        #expect(built.hashValue == direct.hashValue)
        #expect(Set([built, direct]).count == 1)
    }

    @Test func clearingEveryDetailGivesTheBareCarrier() {
        var carrier = Carrier(code: "OS", name: "Austrian", logoURL: Self.logo)
        carrier.name = nil
        carrier.logoURL = nil
        let bare = Carrier(code: "OS")
        #expect(carrier == bare)
        #expect(carrier.hashValue == bare.hashValue)
    }

    @Test func eachDetailCountsForEquality() {
        let base = Carrier(code: "OS", name: "A", headline: "B", country: "C", logoURL: Self.logo, isActive: true)
        var changes: [Carrier] = []
        for field in 0..<6 {
            var changed = base
            switch field {
            case 0: changed.code = "LH"
            case 1: changed.name = "X"
            case 2: changed.headline = nil
            case 3: changed.country = "D"
            case 4: changed.logoURL = nil
            default: changed.isActive = false
            }
            changes.append(changed)
        }
        #expect(changes.allSatisfy { $0 != base })
        #expect(Set(changes + [base]).count == 7)
    }
}
