import Foundation
import ProviderKit

/// A decimal's exact representation as three plain numbers, to key a table on the value itself without
/// hashing text: two decimals have the same key exactly when their representations are the same. (A
/// platform that kept one value in two representations would give it two keys: a table keyed so stays
/// right, it only holds that value twice.)
struct DecimalKey: Hashable, Sendable {
    private var low: UInt64
    private var middle: UInt64
    private var high: UInt32

    /// The key of a decimal; `nil` on a platform whose decimals are not laid out in the 20 bytes this reads.
    init?(_ value: Decimal) {
        guard MemoryLayout<Decimal>.size == 20 else { return nil }
        var value = value
        (low, middle, high) = withUnsafeBytes(of: &value) { bytes in
            (
                bytes.loadUnaligned(fromByteOffset: 0, as: UInt64.self),
                bytes.loadUnaligned(fromByteOffset: 8, as: UInt64.self),
                bytes.loadUnaligned(fromByteOffset: 16, as: UInt32.self)
            )
        }
    }
}
