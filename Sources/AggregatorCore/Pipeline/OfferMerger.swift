import Foundation

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
///   local departure minute, per segment. Such an offer joins a group only when exactly one group has
///   that key; when two groups do (two flights of one carrier from two airports of one city at the same
///   minute) it stays on its own, because a wrong merge is worse than a missing one. Two offers that
///   both have flight numbers never merge on the approximate key.
/// - **Cars**: brand + model + plate + price basis. A provider that lists the same car twice rents out
///   two cars (plates repeat in such lists), so its n-th copy merges only with another provider's n-th.
/// - An offer without any departure time never merges.
///
/// The merged offer: `sources` holds one entry per provider (that provider's cheapest, if it listed
/// the trip twice), cheapest first after conversion and bag fees; the headline price is the cheapest
/// source's, and the trip is tagged ``OfferTag/bagFeesUnknown`` exactly when that source's bag fees are
/// unknown (a dearer seller with unknown fees does not make the cheapest total unknown); the
/// itinerary, image and details come from the most informative member (flight numbers and UTC times
/// beat their absence), ties going to the cheaper member, then the provider id. The id derives from
/// the approximate key when no other trip in the result shares it, else the exact key, else the member's
/// own id, so the same trip keeps its id whichever providers sold it.
public struct OfferMerger: Sendable {
    /// Creates a merger.
    public init() {}

    /// Merges offers; input order decides nothing but the order of the output before ranking.
    /// - Parameter offers: converted offers, one source each or already merged.
    /// - Returns: one offer per physical trip.
    public func merge(_ offers: [Offer]) -> [Offer] {
        var keys = offers.map(MergeKeys.init(offer:))
        var copies: [String: Int] = [:]
        for index in keys.indices where offers[index].product.category == .cars {
            guard let key = keys[index].exact.first, let provider = offers[index].sources.first?.provider else {
                continue
            }
            let seen = copies["\(provider)|\(key)", default: 0]
            copies["\(provider)|\(key)"] = seen + 1
            if seen > 0 { keys[index].exact = [key + "#\(seen)"] }
        }
        var groups: [[Int]] = []
        // The group an approximate key leads to, or `ambiguous` when more than one group has it.
        var approximateIndex: [String: Int] = [:]
        let ambiguous = -1
        func register(_ key: String?, group: Int) {
            guard let key else { return }
            if let existing = approximateIndex[key], existing != group {
                approximateIndex[key] = ambiguous
            } else {
                approximateIndex[key] = group
            }
        }

        // Offers sharing any exact key are one trip, transitively: a codeshare's marketing key may join one
        // seller and its operating key another. Each offer points to the first offer of its trip.
        var leader = Array(keys.indices)
        func root(_ index: Int) -> Int {
            var current = index
            while leader[current] != current { current = leader[current] }
            return current
        }
        var keyOwner: [String: Int] = [:]
        for (index, key) in keys.enumerated() {
            for exact in key.exact {
                guard let owner = keyOwner[exact] else {
                    keyOwner[exact] = index
                    continue
                }
                let (first, second) = (root(owner), root(index))
                if first != second { leader[max(first, second)] = min(first, second) }
            }
        }
        var exactIndex: [Int: Int] = [:]
        for (index, key) in keys.enumerated() where !key.exact.isEmpty {
            let trip = root(index)
            let group = exactIndex[trip] ?? groups.count
            if group == groups.count {
                groups.append([])
                exactIndex[trip] = group
            }
            groups[group].append(index)
        }
        for (group, members) in groups.enumerated() {
            for index in members { register(keys[index].approximate, group: group) }
        }
        for (index, key) in keys.enumerated() where key.exact.isEmpty {
            if let approximate = key.approximate, let group = approximateIndex[approximate], group != ambiguous {
                groups[group].append(index)
                continue
            }
            groups.append([index])
            register(key.approximate, group: groups.count - 1)
        }

        // Ids: the approximate key where no other group shares it, else the exact key, else the offer's own.
        let groupKeys = groups.map { members in
            (
                approximate: members.lazy.compactMap { keys[$0].approximate }.first,
                exact: members.lazy.compactMap { keys[$0].exact.first }.first
            )
        }
        var approximateUses: [String: Int] = [:]
        for key in groupKeys { if let approximate = key.approximate { approximateUses[approximate, default: 0] += 1 } }
        return zip(groups, groupKeys).map { members, key in
            var merged = combine(members.map { offers[$0] })
            if let approximate = key.approximate, approximateUses[approximate] == 1 {
                merged.id = MergeKeys.id(for: merged.product, key: approximate)
            } else if let exact = key.exact {
                merged.id = MergeKeys.id(for: merged.product, key: exact)
            }
            return merged
        }
    }

    private func combine(_ members: [Offer]) -> Offer {
        var merged = members[0]
        if members.count > 1 {
            let ranked = members.sorted { lhs, rhs in
                let (left, right) = (MergeKeys.richness(of: lhs), MergeKeys.richness(of: rhs))
                if left != right { return left > right }
                return OfferSource.cheaperFirst(lhs.sources[0], rhs.sources[0])
            }
            merged = ranked[0]
            var cheapestPerProvider: [ProviderID: OfferSource] = [:]
            for source in members.flatMap(\.sources) {
                if let kept = cheapestPerProvider[source.provider], !OfferSource.cheaperFirst(source, kept) { continue }
                cheapestPerProvider[source.provider] = source
            }
            merged.sources = cheapestPerProvider.values.sorted(by: OfferSource.cheaperFirst)
            merged.imageURL = ranked.lazy.compactMap(\.imageURL).first
            merged.tags = members.reduce(into: Set<OfferTag>()) { $0.formUnion($1.tags) }
            if let cheapest = merged.sources.first {
                merged.price = cheapest.comparablePrice
                if cheapest.convertedPrice != nil { merged.tags.remove(.unconverted) }
                if cheapest.bagFeesUnknown {
                    merged.tags.insert(.bagFeesUnknown)
                } else {
                    merged.tags.remove(.bagFeesUnknown)
                }
            }
        }
        return merged
    }
}
