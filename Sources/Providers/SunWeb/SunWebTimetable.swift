import Foundation
import ProviderKit

/// Both directions of a flights answer after every unusable record has been left out and counted, and
/// the round trips they make.
struct SunWebTimetable: Sendable {
    /// Sellable outbound flights, in SunWeb's order.
    var outbound: [SunWebFlight]
    /// Sellable inbound flights, in SunWeb's order.
    var inbound: [SunWebFlight]
    /// Records that could not be read or sold, or gave an earlier flight's id to another flight.
    var skipped: Int
    /// Records that repeated an earlier flight exactly, id and all: one flight, sent twice.
    var repeats: Int

    /// Reads `GET /flights`: `{"data": {"outboundFlights": […], "inboundFlights": […]}}`.
    ///
    /// Each record is read on its own, so a bad one is skipped and counted and the rest are read. Ids are
    /// documented as unique across both lists and offer ids derive from them, so a repeated id would make
    /// two offers indistinguishable: the later record is left out too, counted as a repeat when it is the
    /// earlier one exactly, else as skipped.
    /// - Parameter root: the body's root.
    /// - Throws: `JSONError` with a path when the body is not a flights answer (`data is missing`,
    ///   `data.outboundFlights is not an array`); `CancellationError` when the search is cancelled.
    init(_ root: JSONNode) throws {
        let data = try root["data"]
        let outboundRecords = try data["outboundFlights"].decodeRecords(Self.flight)
        let inboundRecords = try data["inboundFlights"].decodeRecords(Self.flight)
        var seen: [Int: SunWebFlight] = [:]
        var skipped = outboundRecords.skipped + inboundRecords.skipped
        var repeats = 0
        func unique(_ flights: [SunWebFlight]) -> [SunWebFlight] {
            flights.filter { flight in
                guard let earlier = seen[flight.id] else {
                    seen[flight.id] = flight
                    return true
                }
                if earlier == flight { repeats += 1 } else { skipped += 1 }
                return false
            }
        }
        outbound = unique(outboundRecords.records)
        inbound = unique(inboundRecords.records)
        self.skipped = skipped
        self.repeats = repeats
    }

    /// One record, read only while the search still runs: a huge answer stops at cancellation.
    private static func flight(_ record: JSONNode) throws -> SunWebFlight {
        try Task.checkCancellation()
        return try SunWebFlight(record)
    }

    /// The most round trips one answer becomes: pairing is quadratic, and 3,000 flights each way on one
    /// route would otherwise make nine million offers.
    static let maxRoundTrips = 10_000

    /// Every outbound flight with every inbound flight on its reverse route, as the app paired them, up
    /// to `limit` pairs, by their positions in `outbound` and `inbound`.
    ///
    /// Each outbound flight's partners come with the same airline first, the way the app proposed
    /// them, and otherwise in SunWeb's order; an outbound flight with no reverse inbound has no pair.
    /// When there are more pairs than `limit`, the `limit` cheapest are kept (ties in SunWeb's order), so
    /// the cap never hides a cheaper trip than one it shows; they keep the order above. The work is
    /// proportional to the flights and the pairs kept, never to every pair there could be.
    /// - Parameter limit: the most pairs made.
    /// - Returns: the pairs, and how many more there were.
    /// - Throws: `CancellationError` when the search is cancelled, which is checked as pairs are made.
    func roundTrips(limit: Int = maxRoundTrips) throws -> (pairs: [SunWebPairIndex], leftOut: Int) {
        var returnsByRoute: [SunWebRoute: [Int]] = [:]
        for (index, flight) in inbound.enumerated() {
            returnsByRoute[SunWebRoute(from: flight.origin, to: flight.destination), default: []].append(index)
        }
        // Every flight on a route shares one list of partners (the same array, not a copy).
        let partners = outbound.map { returnsByRoute[SunWebRoute(from: $0.destination, to: $0.origin)] ?? [] }
        let total = partners.reduce(0) { $0 + $1.count }
        let chosen = total > limit ? try cheapestPartners(limit: limit, returnsByRoute: returnsByRoute) : partners

        var pairs: [SunWebPairIndex] = []
        pairs.reserveCapacity(min(total, limit))
        for (outboundIndex, candidates) in chosen.enumerated() where !candidates.isEmpty {
            try Task.checkCancellation()
            let airline = outbound[outboundIndex].airline
            for inboundIndex in candidates where inbound[inboundIndex].airline == airline {
                pairs.append(SunWebPairIndex(outbound: outboundIndex, inbound: inboundIndex))
            }
            for inboundIndex in candidates where inbound[inboundIndex].airline != airline {
                pairs.append(SunWebPairIndex(outbound: outboundIndex, inbound: inboundIndex))
            }
        }
        return (pairs, total - pairs.count)
    }

    /// For each outbound flight, the partners among the `limit` cheapest pairs, in SunWeb's order.
    ///
    /// The pairs are found without making every pair: each route's flights back are sorted by price
    /// once, and a heap holding each outbound flight's next-cheapest partner yields the pairs in price
    /// order (the k smallest sums of sorted lists). Ties go by outbound position, then partner rank.
    private func cheapestPartners(limit: Int, returnsByRoute: [SunWebRoute: [Int]]) throws -> [[Int]] {
        let inboundPrices = inbound.map(\.price)
        let cheapestFirst = returnsByRoute.mapValues { indices in
            indices.sorted { (inboundPrices[$0], $0) < (inboundPrices[$1], $1) }
        }
        let sortedPartners = outbound.map { cheapestFirst[SunWebRoute(from: $0.destination, to: $0.origin)] ?? [] }
        var heap = SunWebPairHeap()
        for (index, list) in sortedPartners.enumerated() where !list.isEmpty {
            try Task.checkCancellation()
            heap.push(.init(price: outbound[index].price + inboundPrices[list[0]], outbound: index, rank: 0))
        }
        var chosen = [[Int]](repeating: [], count: outbound.count)
        var count = 0
        while count < limit, let next = heap.pop() {
            if count % 1024 == 0 { try Task.checkCancellation() }
            let list = sortedPartners[next.outbound]
            chosen[next.outbound].append(list[next.rank])
            count += 1
            let rank = next.rank + 1
            if rank < list.count {
                heap.push(
                    .init(
                        price: outbound[next.outbound].price + inboundPrices[list[rank]], outbound: next.outbound,
                        rank: rank))
            }
        }
        return chosen.map { $0.count > 1 ? $0.sorted() : $0 }
    }
}

/// A one-way route, for finding the flights back.
struct SunWebRoute: Hashable, Sendable {
    var from: String
    var to: String
}

/// A pair of flights by their positions in the two lists.
struct SunWebPairIndex: Hashable, Sendable {
    var outbound: Int
    var inbound: Int
}

/// A binary min-heap of candidate pairs by price, then outbound position, then partner rank: the order
/// in which the cheapest pairs are taken, ties in SunWeb's order.
struct SunWebPairHeap {
    struct Entry {
        var price: Decimal
        var outbound: Int
        var rank: Int

        func precedes(_ other: Entry) -> Bool {
            (price, outbound, rank) < (other.price, other.outbound, other.rank)
        }
    }

    private var entries: [Entry] = []

    mutating func push(_ entry: Entry) {
        entries.append(entry)
        var child = entries.count - 1
        while child > 0 {
            let parent = (child - 1) / 2
            guard entries[child].precedes(entries[parent]) else { break }
            entries.swapAt(child, parent)
            child = parent
        }
    }

    mutating func pop() -> Entry? {
        guard let first = entries.first else { return nil }
        let last = entries.removeLast()
        guard !entries.isEmpty else { return first }
        entries[0] = last
        var parent = 0
        while true {
            let left = 2 * parent + 1
            let right = left + 1
            var smallest = parent
            if left < entries.count, entries[left].precedes(entries[smallest]) { smallest = left }
            if right < entries.count, entries[right].precedes(entries[smallest]) { smallest = right }
            guard smallest != parent else { return first }
            entries.swapAt(parent, smallest)
            parent = smallest
        }
    }
}
