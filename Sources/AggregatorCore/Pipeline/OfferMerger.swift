import Foundation
import ProviderKit

/// Folds offers for the same physical trip, sold by several providers, into one offer that lists
/// every seller.
///
/// Keys (see ``MergeKeys``):
/// - **Exact**, for offers whose every segment has a carrier code and a flight number: carrier +
///   flight number + departure minute, per segment. Each time the offer knows gives one key (local
///   wall clock, UTC instant), and two offers merge when they share any exact key.
/// - **Operating flight**, for offers whose every segment states its operating carrier and flight
///   number: the same keys made of the operating flights, so that one codeshare sold by two sellers under
///   two marketing numbers (`OS 7000` and `LH 1234`, both operated as `LH 1234`) is one trip. It is used
///   only when both sellers state the operating flight: an offer that states none is matched on its
///   marketing flight alone, since an unstated operating flight is not assumed to be the marketing one.
/// - **Approximate**, for offers without flight numbers: carrier + origin city + destination city +
///   local departure minute, per segment. A carrier known by name alone counts as the one code its name
///   stands for (``CarrierNames/code(named:)``), so a seller that names `Vueling` meets one that says `VY`;
///   a name that stands for no code, or for two, meets only the same name. Such an offer joins a group only
///   when exactly one group has that key; when two groups do (two flights of one carrier from two airports
///   of one city at the same minute) it stays on its own, because a wrong merge is worse than a missing
///   one. An offer with a segment whose places are unknown (a connection its seller does not name) has no
///   such key and merges with nothing. Two offers that both have flight numbers never merge on the
///   approximate key.
/// - **Cars**: brand + model + plate + price basis. A plate names one car, so the same car listed twice,
///   by one provider or by several, is one offer.
/// - An offer without any departure time never merges.
///
/// The merged offer: `sources` holds one entry per provider (that provider's cheapest, if it listed
/// the trip twice), cheapest first after conversion and bag fees; the headline price is the cheapest
/// source's, and the trip is tagged ``OfferTag/bagFeesUnknown`` exactly when that source's bag fees are
/// unknown (a dearer seller with unknown fees does not make the cheapest total unknown); the
/// itinerary, image and details come from the most informative member (flight numbers and UTC times
/// beat their absence), ties going to the cheaper member, then the provider id. The id derives from
/// the approximate key when no other trip in the result shares it, else the exact key, else the member's
/// own id, so the same trip keeps its id whichever providers sold it; whichever it derives from, it is
/// `f-` (flights), `t-` (a trip by train, bus or ferry on some segment) or `c-` (a car) and 16 hexadecimal
/// digits (``MergeKeys/prefix(for:)``).
public struct OfferMerger: Sendable {
    /// The names the tool knows for each code, for carriers known by name alone.
    public let carriers: CarrierNames

    /// Creates a merger.
    /// - Parameter carriers: the names the tool knows for each code; the built-in ones by default (the
    ///   pipeline adds those of the airline directory and of the offers).
    public init(carriers: CarrierNames = CarrierNames()) {
        self.carriers = carriers
    }

    /// Merges offers; input order decides nothing but the order of the output before ranking.
    /// - Parameter offers: converted offers, one source each or already merged.
    /// - Returns: one offer per physical trip.
    public func merge(_ offers: [Offer]) -> [Offer] {
        var merged = offers
        merge(&merged)
        return merged
    }

    /// Merges offers in place, as the returning `merge(_:)` does: each trip is built in the place of its
    /// first member, then the trips are moved, in order, to the front and the other members dropped.
    /// - Parameter offers: converted offers, one source each or already merged; one offer per physical trip
    ///   afterwards.
    func merge(_ offers: inout [Offer]) {
        // Keys are written once per offer and numbered, so that everything after this loop works on arrays
        // indexed by key number: offer `index`'s exact keys are numbered
        // `exactIDs[exactStart[index]..<exactStart[index + 1]]`, its approximate key `approximateIDs[index]`.
        // Writing the keys reads each offer alone, so parts of the offers are written on every core; numbering
        // them follows, in order, on this thread.
        let carriers = carriers
        let parts = offers.mapParts { offers in
            var part = KeyPart(count: offers.indices.count)
            for index in offers.indices {
                // The key writers are handed each offer's product, not the offer: a product of a flight is
                // one reference to copy, where an offer is several.
                let product = offers[index].product
                let before = part.exact.count
                MergeKeys.appendExactKeys(of: product, priceBasis: offers[index].priceBasis, to: &part.exact)
                part.exactCounts.append(part.exact.count - before)
                part.hasApproximate.append(
                    MergeKeys.appendApproximateKey(of: product, carriers: carriers, to: &part.approximate))
                part.richness.append(MergeKeys.richness(of: product))
            }
            return part
        }
        var exactKeys = KeyNumbers(capacity: offers.count * 2)
        var approximateKeys = KeyNumbers(capacity: offers.count)
        var exactIDs: [Int] = []
        exactIDs.reserveCapacity(offers.count * 2)
        var exactStart: [Int] = []
        exactStart.reserveCapacity(offers.count + 1)
        var approximateIDs: [Int] = []
        approximateIDs.reserveCapacity(offers.count)
        // How much each offer tells, to choose a trip's most informative member.
        var richness: [Int] = []
        richness.reserveCapacity(offers.count)
        var index = 0
        for part in parts {
            // The numbers point into the part's keys, which stay where they were written.
            let exactList = exactKeys.adopt(part.exact)
            let approximateList = approximateKeys.adopt(part.approximate)
            var (exact, approximate) = (0, 0)
            for local in part.richness.indices {
                exactStart.append(exactIDs.count)
                let count = part.exactCounts[local]
                for key in exact..<(exact + count) { exactIDs.append(exactKeys.number(key, inList: exactList)) }
                exact += count
                if part.hasApproximate[local] {
                    approximateIDs.append(approximateKeys.number(approximate, inList: approximateList))
                    approximate += 1
                } else {
                    approximateIDs.append(-1)
                }
                richness.append(part.richness[local])
                index += 1
            }
        }
        exactStart.append(exactIDs.count)
        func hasExact(_ index: Int) -> Bool { exactStart[index] < exactStart[index + 1] }

        // Offers sharing any exact key are one trip, transitively: a codeshare's marketing key may join one
        // seller and its operating key another. Each offer points towards the first offer of its trip.
        var leader = Array(offers.indices)
        func root(_ index: Int) -> Int {
            var current = index
            while leader[current] != current { current = leader[current] }
            // Pointing the path at the root keeps later walks short; roots stay the first offers of trips.
            var step = index
            while leader[step] != current {
                let parent = leader[step]
                leader[step] = current
                step = parent
            }
            return current
        }
        var keyOwner = [Int](repeating: -1, count: exactKeys.count)
        for index in offers.indices {
            for id in exactIDs[exactStart[index]..<exactStart[index + 1]] {
                let owner = keyOwner[id]
                guard owner >= 0 else {
                    keyOwner[id] = index
                    continue
                }
                let (first, second) = (root(owner), root(index))
                if first != second { leader[max(first, second)] = min(first, second) }
            }
        }

        // Each offer's group, and the order members join their groups: exact trips first, in order of their
        // first offer, then offers without exact keys, joining a group by the approximate key or starting one.
        var groupOf = [Int](repeating: -1, count: offers.count)
        var joined: [Int] = []
        joined.reserveCapacity(offers.count)
        var groupCount = 0
        for index in offers.indices where hasExact(index) {
            let trip = root(index)
            if groupOf[trip] < 0 {
                groupOf[trip] = groupCount
                groupCount += 1
            }
            groupOf[index] = groupOf[trip]
            joined.append(index)
        }
        // The group each approximate key leads to, `ambiguous` when more than one group has it.
        let (unseen, ambiguous) = (-2, -1)
        var approximateGroup = [Int](repeating: unseen, count: approximateKeys.count)
        func register(_ id: Int, group: Int) {
            guard id >= 0 else { return }
            if approximateGroup[id] == unseen {
                approximateGroup[id] = group
            } else if approximateGroup[id] != group {
                approximateGroup[id] = ambiguous
            }
        }
        // The order of registration changes nothing: a key met in two groups is ambiguous either way.
        for index in joined { register(approximateIDs[index], group: groupOf[index]) }
        for index in offers.indices where !hasExact(index) {
            let id = approximateIDs[index]
            if id >= 0, approximateGroup[id] >= 0 {
                groupOf[index] = approximateGroup[id]
            } else {
                groupOf[index] = groupCount
                groupCount += 1
                register(id, group: groupOf[index])
            }
            joined.append(index)
        }

        // Members per group, in joining order.
        var groupStart = [Int](repeating: 0, count: groupCount + 1)
        for index in offers.indices { groupStart[groupOf[index] + 1] += 1 }
        for group in 0..<groupCount { groupStart[group + 1] += groupStart[group] }
        var members = [Int](repeating: 0, count: offers.count)
        var next = groupStart
        for index in joined {
            members[next[groupOf[index]]] = index
            next[groupOf[index]] += 1
        }

        // Ids: the approximate key where no other group shares it, else the exact key, else the offer's own.
        var groupApproximate = [Int](repeating: -1, count: groupCount)
        var approximateUses = [Int](repeating: 0, count: approximateKeys.count)
        for group in 0..<groupCount {
            for member in members[groupStart[group]..<groupStart[group + 1]] where approximateIDs[member] >= 0 {
                groupApproximate[group] = approximateIDs[member]
                approximateUses[approximateIDs[member]] += 1
                break
            }
        }
        // Each trip is built in its first member's place; the keys and members above stay as they were.
        var firstMembers: [Int] = []
        firstMembers.reserveCapacity(groupCount)
        for group in 0..<groupCount {
            let range = groupStart[group]..<groupStart[group + 1]
            let first = members[range.lowerBound]
            if range.count > 1 { combine(members[range], richness: richness, in: &offers) }
            let prefix = MergeKeys.prefix(for: offers[first].product)
            let approximate = groupApproximate[group]
            if approximate >= 0, approximateUses[approximate] == 1 {
                offers[first].id = approximateKeys.identifier(of: approximate, prefix: prefix)
            } else if let member = members[range].first(where: hasExact) {
                offers[first].id = exactKeys.identifier(of: exactIDs[exactStart[member]], prefix: prefix)
            } else {
                // A trip with no key keeps what its seller's id derives from, under the same rule as the rest.
                offers[first].id = StableIdentifier.make(prefix: prefix, [offers[first].id])
            }
            firstMembers.append(first)
        }
        offers.keep(inOrder: firstMembers)
    }

    /// The keys written for one part of the offers, offer by offer.
    private struct KeyPart: Sendable {
        /// The exact keys of the part's offers, one after another.
        var exact: TripKeys
        /// How many of them each offer has.
        var exactCounts: [Int] = []
        /// The approximate keys of the offers that have one.
        var approximate: TripKeys
        /// Whether each offer has one.
        var hasApproximate: [Bool] = []
        /// How much each offer tells (``MergeKeys/richness(of:)``).
        var richness: [Int] = []

        init(count: Int) {
            exact = TripKeys(capacity: count * 2, bytesEach: 40)
            approximate = TripKeys(capacity: count, bytesEach: 48)
            exactCounts.reserveCapacity(count)
            hasApproximate.reserveCapacity(count)
            richness.reserveCapacity(count)
        }
    }

    /// Folds a trip's members into the place of the first one; the other members' places are left holding
    /// offers that the caller drops.
    /// - Parameters:
    ///   - members: the indices of the trip's offers, at least two, in joining order.
    ///   - richness: how much each offer tells (``MergeKeys/richness(of:)``), by index.
    ///   - offers: all offers.
    private func combine(_ members: ArraySlice<Int>, richness: [Int], in offers: inout [Offer]) {
        let members = Array(members)
        // What the trip takes from its members, read in place so that no member is copied to be read.
        let (best, sources, imageURL, tags) = offers.withElementsInPlace { offers in
            // The most informative member, ties to the cheaper, then the earlier: the first of a stable sort.
            func before(_ lhs: Int, _ rhs: Int) -> Bool {
                let (left, right) = (richness[members[lhs]], richness[members[rhs]])
                if left != right { return left > right }
                return OfferSource.cheaperFirst(offers[members[lhs]].sources[0], offers[members[rhs]].sources[0])
            }
            var best = 0
            for index in members.indices.dropFirst() where before(index, best) { best = index }
            // A trip has a handful of sellers: a list searched in place beats hashing provider ids.
            var cheapestPerProvider: [OfferSource] = []
            cheapestPerProvider.reserveCapacity(members.count)
            for member in members {
                for source in offers[member].sources {
                    guard let kept = cheapestPerProvider.firstIndex(where: { $0.provider == source.provider }) else {
                        cheapestPerProvider.append(source)
                        continue
                    }
                    if OfferSource.cheaperFirst(source, cheapestPerProvider[kept]) {
                        cheapestPerProvider[kept] = source
                    }
                }
            }
            // Providers differ, so the order is total and the list's own order does not matter.
            cheapestPerProvider.sortFew(by: OfferSource.cheaperFirst)
            // The picture of the most informative member that has one, when the best has none.
            var imageURL = offers[members[best]].imageURL
            if imageURL == nil, members.contains(where: { offers[$0].imageURL != nil }) {
                imageURL = members.indices.sorted(by: before).lazy.compactMap { offers[members[$0]].imageURL }.first
            }
            // Most members have no tags: only tags that are there are gathered.
            var tags = offers[members[best]].tags
            for member in members where !offers[member].tags.isEmpty { tags.formUnion(offers[member].tags) }
            return (members[best], cheapestPerProvider, imageURL, tags)
        }
        // The best member becomes the trip, in the first member's place; exchanging copies no offer.
        let first = members[0]
        offers.exchange(first, best)
        offers[first].sources = sources
        offers[first].imageURL = imageURL
        offers[first].tags = tags
        if let cheapest = sources.first {
            offers[first].price = cheapest.comparablePrice
            if cheapest.convertedPrice != nil, !offers[first].tags.isEmpty { offers[first].tags.remove(.unconverted) }
            if cheapest.bagFeesUnknown {
                offers[first].tags.insert(.bagFeesUnknown)
            } else if !offers[first].tags.isEmpty {
                offers[first].tags.remove(.bagFeesUnknown)
            }
        }
    }
}
