/// Numbers distinct merge keys in the order met: one probe sequence per key, and arrays indexed by number
/// thereafter.
///
/// The table is open-addressed on the keys' hash values, which ``TripKeys`` has already computed: a slot
/// holds a number (plus one; zero is free), the probe starts at the hash value's low bits and goes on to
/// the next slot, and a key is told apart from others in its run by its hash value, then its bytes. The
/// table is kept at most half full. Hash values are seeded per process, so runs stay short even for keys
/// chosen to collide. Keys are kept as ``TripKeys``, one byte buffer for all of them, and the table holds
/// 32-bit numbers: numbering 450,000 keys is mostly a matter of how much of the table stays in cache, and
/// hashing a hash value again, as a dictionary would, costs more than the probe.
struct KeyNumbers {
    /// Each slot: a key's number plus one, or zero when free.
    private var slots: [UInt32]
    /// The keys by number.
    private(set) var keys: TripKeys

    /// A table for about `capacity` keys.
    init(capacity: Int) {
        slots = [UInt32](repeating: 0, count: Self.slotCount(for: capacity))
        keys = TripKeys(capacity: capacity, bytesEach: 32)
    }

    /// How many distinct keys were met.
    var count: Int { keys.count }

    /// The number of key `index` of `list`, numbering it when it is new.
    mutating func number(_ index: Int, of list: TripKeys) -> Int {
        let hash = list.hashes[index]
        let range = list.range(of: index)
        let mask = slots.count - 1
        var slot = hash & mask
        while slots[slot] != 0 {
            let candidate = Int(slots[slot]) - 1
            if keys.hashes[candidate] == hash, keys.key(candidate, equals: range, of: list) { return candidate }
            slot = (slot + 1) & mask
        }
        let next = keys.count
        keys.appendFinished(list.bytes[range], hash: hash)
        slots[slot] = UInt32(truncatingIfNeeded: next + 1)
        if 2 * keys.count > slots.count { grow() }
        return next
    }

    /// A power of two at least twice `capacity`, so that the table starts at most half full.
    private static func slotCount(for capacity: Int) -> Int {
        var count = 16
        while count < 2 * capacity { count *= 2 }
        return count
    }

    /// Doubles the table and places every number again.
    private mutating func grow() {
        var larger = [UInt32](repeating: 0, count: slots.count * 2)
        let mask = larger.count - 1
        for number in 0..<keys.count {
            var slot = keys.hashes[number] & mask
            while larger[slot] != 0 { slot = (slot + 1) & mask }
            larger[slot] = UInt32(truncatingIfNeeded: number + 1)
        }
        slots = larger
    }
}
