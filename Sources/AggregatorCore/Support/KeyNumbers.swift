import ProviderKit

/// Numbers distinct merge keys in the order met: one probe sequence per key, and arrays indexed by number
/// thereafter.
///
/// The table is open-addressed on the keys' hash values, which ``TripKeys`` has already computed: a slot
/// holds a number (plus one; zero is free), the probe starts at the hash value's low bits and goes on to
/// the next slot, and a key is told apart from others in its run by its hash value, then its bytes. The
/// table is kept at most half full. Hash values are seeded per process, so runs stay short even for keys
/// chosen to collide. The table holds 32-bit numbers: numbering 450,000 keys is mostly a matter of how much of
/// the table stays in cache, and hashing a hash value again, as a dictionary would, costs more than the probe.
///
/// The keys stay where they were written: the lists they are in are adopted whole (their storage is shared,
/// not copied), and a number records which list and which key in it. Copying them would hold every key twice
/// at the peak of a merge.
struct KeyNumbers {
    /// Each slot: a key's number plus one, or zero when free.
    private var slots: [UInt32]
    /// Each numbered key's hash value, by number.
    private var hashes: [Int]
    /// Where each numbered key is: its list in the high 32 bits, its index in that list in the low ones.
    private var places: [UInt64]
    /// The lists the keys are in.
    private var lists: [TripKeys] = []

    /// A table for about `capacity` keys.
    init(capacity: Int) {
        slots = [UInt32](repeating: 0, count: Self.slotCount(for: capacity))
        hashes = []
        hashes.reserveCapacity(capacity)
        places = []
        places.reserveCapacity(capacity)
    }

    /// How many distinct keys were met.
    var count: Int { hashes.count }

    /// Takes a list of keys, to number its keys with ``number(_:inList:)``.
    /// - Returns: the list's number.
    mutating func adopt(_ list: TripKeys) -> Int {
        lists.append(list)
        return lists.count - 1
    }

    /// The number of key `index` of adopted list `list`, numbering it when it is new.
    mutating func number(_ index: Int, inList list: Int) -> Int {
        let keys = lists[list]
        let hash = keys.hashes[index]
        let range = keys.range(of: index)
        let mask = slots.count - 1
        var slot = hash & mask
        while slots[slot] != 0 {
            let candidate = Int(slots[slot]) - 1
            if hashes[candidate] == hash {
                let place = places[candidate]
                if lists[Int(place >> 32)].key(Int(place & 0xFFFF_FFFF), equals: range, of: keys) { return candidate }
            }
            slot = (slot + 1) & mask
        }
        let next = hashes.count
        hashes.append(hash)
        places.append(UInt64(list) << 32 | UInt64(index))
        slots[slot] = UInt32(truncatingIfNeeded: next + 1)
        if 2 * hashes.count > slots.count { grow() }
        return next
    }

    /// The text of key `number`.
    func text(of number: Int) -> String {
        let place = places[number]
        return lists[Int(place >> 32)].text(of: Int(place & 0xFFFF_FFFF))
    }

    /// A stable id from key `number` (``TripKeys/identifier(of:prefix:)``).
    func identifier(of number: Int, prefix: String) -> String {
        let place = places[number]
        return lists[Int(place >> 32)].identifier(of: Int(place & 0xFFFF_FFFF), prefix: prefix)
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
        for number in hashes.indices {
            var slot = hashes[number] & mask
            while larger[slot] != 0 { slot = (slot + 1) & mask }
            larger[slot] = UInt32(truncatingIfNeeded: number + 1)
        }
        slots = larger
    }
}
