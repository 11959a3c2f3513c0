/// Numbers distinct merge keys in the order met: one hash lookup per key, and arrays indexed by number
/// thereafter.
///
/// The table maps each key's hash value to the first number with that hash; numbers whose keys share a
/// hash value are chained, and a key is told apart from the others on its chain by comparing its bytes with
/// the keys kept by number. Hash values are seeded per process, so chains stay short even for keys chosen to
/// collide. Keys are kept as ``TripKeys``, one byte buffer for all of them, and the table holds plain
/// numbers: numbering 450,000 keys is mostly a matter of how much of the table stays in cache.
struct KeyNumbers {
    /// The first number of each hash value met.
    private var firstWithHash: [Int: Int] = [:]
    /// The next number whose key has the same hash value, by number; -1 at the end of a chain.
    private var sameHash: [Int] = []
    /// The keys by number.
    private(set) var keys: TripKeys

    /// A table for about `capacity` keys.
    init(capacity: Int) {
        firstWithHash.reserveCapacity(capacity)
        sameHash.reserveCapacity(capacity)
        keys = TripKeys(capacity: capacity, bytesEach: 32)
    }

    /// How many distinct keys were met.
    var count: Int { keys.count }

    /// The number of key `index` of `list`, numbering it when it is new.
    mutating func number(_ index: Int, of list: TripKeys) -> Int {
        let hash = list.hashes[index]
        let next = keys.count
        // The default is stored when the hash value is new, in the same lookup.
        var candidate = Self.read(&firstWithHash[hash, default: next])
        let range = list.range(of: index)
        while candidate != next {
            if keys.hashes[candidate] == hash, keys.key(candidate, equals: range, of: list) { return candidate }
            guard sameHash[candidate] >= 0 else {
                sameHash[candidate] = next
                break
            }
            candidate = sameHash[candidate]
        }
        keys.appendFinished(list.bytes[range], hash: hash)
        sameHash.append(-1)
        return next
    }

    private static func read(_ value: inout Int) -> Int { value }
}
