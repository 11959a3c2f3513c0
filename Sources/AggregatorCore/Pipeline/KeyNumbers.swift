/// Numbers distinct keys in the order met: one hash lookup per key, and arrays indexed by number thereafter.
///
/// The table maps each key's hash value to the first number with that hash; numbers whose keys share a
/// hash value are chained, and a key is told apart from the others on its chain by comparing it with the
/// keys kept by number. Hash values are seeded per process, so chains stay short even for keys chosen to
/// collide. A table of plain numbers is a sixth of the size of one holding the keys themselves (a merge key
/// is 72 bytes), and numbering 450,000 keys is mostly a matter of how much of the table stays in cache.
struct KeyNumbers<Key: Hashable> {
    /// The first number of each hash value met.
    private var firstWithHash: [Int: Int] = [:]
    /// The next number whose key has the same hash value, by number; -1 at the end of a chain.
    private var sameHash: [Int] = []
    /// The keys by number.
    private(set) var keys: [Key] = []

    /// A table for about `capacity` keys.
    init(capacity: Int) {
        firstWithHash.reserveCapacity(capacity)
        sameHash.reserveCapacity(capacity)
        keys.reserveCapacity(capacity)
    }

    /// How many distinct keys were met.
    var count: Int { keys.count }

    /// The key's number, numbering it when it is new.
    mutating func number(_ key: Key) -> Int {
        let next = keys.count
        // The default is stored when the hash value is new, in the same lookup.
        var candidate = Self.read(&firstWithHash[key.hashValue, default: next])
        while candidate != next {
            if keys[candidate] == key { return candidate }
            guard sameHash[candidate] >= 0 else {
                sameHash[candidate] = next
                break
            }
            candidate = sameHash[candidate]
        }
        keys.append(key)
        sameHash.append(-1)
        return next
    }

    private static func read(_ value: inout Int) -> Int { value }
}
