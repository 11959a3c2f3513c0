import Foundation
import ProviderKit

/// Merge keys' texts, as ``MergeKeys`` states them, written one after another into one byte buffer, each
/// with its hash value: writing a key of any length allocates nothing once the buffer has grown, and a
/// trip of six segments costs no more than one of a single segment. Two keys are the same key exactly when
/// their texts are.
///
/// A key is written in steps: ``append(_:)-(String)`` and ``append(_:)-(Int64)`` add to the key being
/// written, ``finish()`` ends it and ``discard()`` drops it.
struct TripKeys: Sendable {
    /// The texts' bytes, back to back, with the key being written at the end.
    private(set) var bytes: [UInt8] = []
    /// Where each finished key ends in ``bytes``; key `n` starts where key `n - 1` ends.
    private var ends: [Int] = []
    /// Each finished key's hash value.
    private(set) var hashes: [Int] = []

    /// No keys.
    init() {}

    /// Room for about `count` keys of `bytesEach` bytes.
    init(capacity count: Int, bytesEach: Int) {
        bytes.reserveCapacity(count * bytesEach)
        ends.reserveCapacity(count)
        hashes.reserveCapacity(count)
    }

    /// How many keys are finished.
    var count: Int { ends.count }

    /// Where key `index`'s bytes are.
    func range(of index: Int) -> Range<Int> {
        (index == 0 ? 0 : ends[index - 1])..<ends[index]
    }

    /// Key `index`'s text.
    func text(of index: Int) -> String {
        String(decoding: bytes[range(of: index)], as: UTF8.self)
    }

    /// Adds text to the key being written.
    mutating func append(_ text: String) {
        var text = text
        text.withUTF8 { bytes.append(contentsOf: $0) }
    }

    /// Adds the decimal digits of a number, as `"\(number)"` writes them, to the key being written.
    mutating func append(_ number: Int64) {
        // 20 digits and a sign hold any Int64; digits are produced from the right.
        var digits: (UInt64, UInt64, UInt64) = (0, 0, 0)
        withUnsafeMutableBytes(of: &digits) { buffer in
            var magnitude = number.magnitude
            var start = 24
            repeat {
                start -= 1
                buffer[start] = UInt8(ascii: "0") + UInt8(magnitude % 10)
                magnitude /= 10
            } while magnitude > 0
            if number < 0 {
                start -= 1
                buffer[start] = UInt8(ascii: "-")
            }
            bytes.append(contentsOf: UnsafeRawBufferPointer(rebasing: buffer[start..<24]))
        }
    }

    /// Ends the key being written.
    mutating func finish() {
        let start = ends.last ?? 0
        var hasher = Hasher()
        bytes.withUnsafeBytes { buffer in
            hasher.combine(bytes: UnsafeRawBufferPointer(rebasing: buffer[start...]))
        }
        hashes.append(hasher.finalize())
        ends.append(bytes.count)
    }

    /// Adds a finished key with a hash value of the caller's choosing: how tests make keys that collide.
    mutating func appendFinished(_ key: ArraySlice<UInt8>, hash: Int) {
        bytes.append(contentsOf: key)
        hashes.append(hash)
        ends.append(bytes.count)
    }

    /// Whether key `index` has the bytes at `range` of `other`.
    func key(_ index: Int, equals range: Range<Int>, of other: TripKeys) -> Bool {
        let own = self.range(of: index)
        guard own.count == range.count else { return false }
        return bytes.withUnsafeBytes { mine in
            other.bytes.withUnsafeBytes { theirs in
                guard let mine = mine.baseAddress, let theirs = theirs.baseAddress else { return own.isEmpty }
                return memcmp(mine + own.lowerBound, theirs + range.lowerBound, own.count) == 0
            }
        }
    }

    /// Drops what was written of the key being written.
    mutating func discard() {
        bytes.removeSubrange((ends.last ?? 0)...)
    }

    /// A stable id derived from key `index`'s text, as `StableIdentifier.make(prefix:_:)` makes it from
    /// ``text(of:)``, without building the text.
    func identifier(of index: Int, prefix: String) -> String {
        var digest = StableDigest()
        bytes.withUnsafeBufferPointer { buffer in
            digest.append(bytes: UnsafeBufferPointer(rebasing: buffer[range(of: index)]))
        }
        return digest.identifier(prefix: prefix)
    }
}
