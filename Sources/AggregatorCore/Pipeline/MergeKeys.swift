import Foundation
import ProviderKit

/// The keys an offer merges on. See ``OfferMerger`` for the rule.
public struct MergeKeys: Sendable, Hashable {
    /// Exact keys: one per kind of time known for every segment (local, UTC), on the marketing flights;
    /// and the same on the operating flights when every segment states its operating carrier and number.
    /// Marketing keys are empty when a segment lacks a carrier code, a flight number or a departure time.
    public var exact: [String]
    /// The approximate key, or `nil` when a segment lacks a carrier, a place or a local departure time.
    public var approximate: String?

    /// Computes an offer's keys.
    /// - Parameters:
    ///   - offer: the offer.
    ///   - carriers: the names the tool knows for each code, which key a carrier known by name alone by the
    ///     one code its name stands for; without them such a carrier is keyed by its name.
    public init(offer: Offer, carriers: CarrierNames? = nil) {
        var keys = TripKeys()
        Self.appendExactKeys(of: offer.product, priceBasis: offer.priceBasis, to: &keys)
        exact = (0..<keys.count).map(keys.text(of:))
        approximate =
            Self.appendApproximateKey(of: offer.product, carriers: carriers, to: &keys)
            ? keys.text(of: keys.count - 1) : nil
    }

    /// Writes an offer's exact keys, in the order of ``exact``. Callers hand over the product
    /// and basis rather than the offer: an offer read out of an array is copied to be passed, which retains
    /// every reference in it.
    static func appendExactKeys(of product: Product, priceBasis: PriceBasis, to keys: inout TripKeys) {
        switch product {
        case .car(let car):
            guard let plate = car.plateNumber else { return }
            let parts = [car.brand, car.model, plate, priceBasis.rawValue]
            keys.append("car|" + parts.map(AirlineNames.fold).joined(separator: "|"))
            keys.finish()
        case .flight(let itinerary) where !itinerary.isAllFlights:
            appendServiceKeys(of: itinerary, to: &keys)
        case .flight(let itinerary):
            var numbered = true
            var operated = true
            var local = true
            var utc = true
            for leg in itinerary.legs.indices {
                let segments = itinerary.legs[leg].segments
                for index in segments.indices {
                    if segments[index].carrier.code == nil || segments[index].flightNumber == nil { numbered = false }
                    // A codeshare sold under two marketing numbers is one flight: sellers that both state the
                    // operating flight meet on it, in a namespace of its own so that it never meets a
                    // marketing key.
                    if segments[index].operatingCarrier?.code == nil
                        || segments[index].operatingFlightNumber?.isEmpty != false
                    {
                        operated = false
                    }
                    if segments[index].departure?.local == nil { local = false }
                    if segments[index].departure?.utc == nil { utc = false }
                }
            }
            // Per namespace, the local key before the UTC one.
            if numbered, local { writeTimedKey(itinerary, operated: false, utc: false, to: &keys) }
            if numbered, utc { writeTimedKey(itinerary, operated: false, utc: true, to: &keys) }
            if operated, local { writeTimedKey(itinerary, operated: true, utc: false, to: &keys) }
            if operated, utc { writeTimedKey(itinerary, operated: true, utc: true, to: &keys) }
        }
    }

    /// A trip's exact keys, when any segment is not a flight: per segment its mode, its operator by code and, in
    /// another key, by name (see ``operatorKey(_:by:)``), its service number as written (case and spaces folded, so
    /// `RJX 61` and `rjx61` agree), the city it leaves from (or, without one, its station) and its departure minute; one key on local times and one
    /// on UTC instants, as far as every segment knows them. The mode is part of the key, so a train never meets a
    /// flight or a bus. A segment without an operator, a number, a place or a departure time leaves the trip
    /// without an exact key.
    private static func appendServiceKeys(of itinerary: Itinerary, to keys: inout TripKeys) {
        var local = true
        var utc = true
        var coded = true
        var named = true
        for leg in itinerary.legs.indices {
            for segment in itinerary.legs[leg].segments {
                guard serviceNumber(of: segment) != nil, place(segment.origin) != nil else { return }
                if operatorKey(segment, by: .code) == nil { coded = false }
                if operatorKey(segment, by: .name) == nil { named = false }
                if segment.departure?.local == nil { local = false }
                if segment.departure?.utc == nil { utc = false }
            }
        }
        // One key per way every segment's operator is known: two sellers meet on the operator's code when both
        // give it, and on its name when both give that.
        for identity in [OperatorIdentity.code, .name] where identity == .code ? coded : named {
            for useUTC in [false, true] where useUTC ? utc : local {
                keys.append("service|")
                var first = true
                for leg in itinerary.legs.indices {
                    for segment in itinerary.legs[leg].segments {
                        if !first { keys.append(",") }
                        first = false
                        keys.append(segment.mode.rawValue)
                        keys.append(">")
                        keys.append(operatorKey(segment, by: identity) ?? "")
                        keys.append("|")
                        keys.append(serviceNumber(of: segment) ?? "")
                        keys.append("|")
                        keys.append(place(segment.origin) ?? "")
                        if useUTC {
                            keys.append("@U")
                            let seconds = segment.departure?.utc?.timeIntervalSince1970 ?? 0
                            keys.append(Int64((seconds / 60).rounded(.down)))
                        } else {
                            keys.append("@L")
                            keys.append(segment.departure?.local?.minutesSinceEpoch ?? 0)
                        }
                    }
                }
                keys.finish()
            }
        }
    }

    /// How a service's operator is known to a merge key.
    private enum OperatorIdentity { case code, name }

    /// A service's operator for merging, by its code or by its name: a flight's carrier as a flight key writes
    /// it either way; another mode's folded, since sellers write one operator's name and code in their own
    /// ways (`ÖBB`, `OBB`).
    private static func operatorKey(_ segment: Segment, by identity: OperatorIdentity) -> String? {
        if segment.mode == .flight { return segment.carrier.identity }
        switch identity {
        case .code:
            guard let code = segment.carrier.code, !code.isEmpty else { return nil }
            return "code:" + AirlineNames.fold(code)
        case .name:
            guard let name = segment.carrier.name, !name.isEmpty else { return nil }
            return "name:" + AirlineNames.fold(name)
        }
    }

    /// A service's number for merging: upper-cased, without spaces, a flight's without leading zeros.
    private static func serviceNumber(of segment: Segment) -> String? {
        guard let number = segment.service, !number.isEmpty else { return nil }
        let compact = String(number.uppercased().unicodeScalars.filter { !$0.properties.isWhitespace })
        return segment.mode == .flight ? trimmedNumber(compact) : compact
    }

    /// Where a service leaves from, for merging: the city where known, else the airport, the station's name or
    /// its id.
    private static func place(_ place: Place) -> String? {
        if let city = place.city ?? place.airport { return city }
        if let name = place.name { return "name:" + AirlineNames.fold(name) }
        return place.station.map { "station:" + $0 }
    }

    /// One key of a kind every segment has a departure time for: the designators with their local (`@L`)
    /// or UTC (`@U`) minutes.
    private static func writeTimedKey(_ itinerary: Itinerary, operated: Bool, utc: Bool, to key: inout TripKeys) {
        key.append(operated ? "operated|" : "flight|")
        var first = true
        for leg in itinerary.legs.indices {
            let segments = itinerary.legs[leg].segments
            for index in segments.indices {
                if !first { key.append(",") }
                first = false
                if operated {
                    key.append(segments[index].operatingCarrier?.code ?? "")
                    appendTrimmedNumber(segments[index].operatingFlightNumber ?? "", to: &key)
                } else {
                    key.append(segments[index].carrier.code ?? "")
                    appendTrimmedNumber(segments[index].flightNumber ?? "", to: &key)
                }
                if utc {
                    key.append("@U")
                    let seconds = segments[index].departure?.utc?.timeIntervalSince1970 ?? 0
                    key.append(Int64((seconds / 60).rounded(.down)))
                } else {
                    key.append("@L")
                    key.append(segments[index].departure?.local?.minutesSinceEpoch ?? 0)
                }
            }
        }
        key.finish()
    }

    /// Writes an offer's approximate key, when it has one (where ``approximate`` is not `nil`).
    ///
    /// Each segment's carrier is written as `code:XX`: its own code, or for a carrier known by name alone the
    /// one code `carriers` says its name stands for, so that `Vueling` and `VY` write the same key; else as
    /// `name:<folded name>`. A segment without a place at either end (a connection the seller does not name),
    /// a carrier or a local departure time leaves the offer without a key: it is never merged on a guess.
    /// - Parameters:
    ///   - product: the offer's product.
    ///   - carriers: the names the tool knows for each code; none by default.
    ///   - key: where the key is written.
    /// - Returns: whether a key was written.
    static func appendApproximateKey(
        of product: Product, carriers: CarrierNames? = nil, to key: inout TripKeys
    ) -> Bool {
        guard case .flight(let itinerary) = product else { return false }
        key.append("route|")
        var first = true
        for leg in itinerary.legs.indices {
            let segments = itinerary.legs[leg].segments
            for index in segments.indices {
                guard let from = segments[index].origin.city ?? segments[index].origin.airport,
                    let to = segments[index].destination.city ?? segments[index].destination.airport,
                    let departure = segments[index].departure?.local
                else {
                    key.discard()
                    return false
                }
                if !first { key.append(",") }
                first = false
                // A flight's key is as it always was; another mode leads its segment, so that modes never meet.
                if segments[index].mode != .flight {
                    key.append(segments[index].mode.rawValue)
                    key.append(">")
                }
                if let code = segments[index].carrier.code, !code.isEmpty {
                    key.append("code:")
                    key.append(code)
                } else if let name = segments[index].carrier.name, let code = carriers?.code(named: name) {
                    key.append("code:")
                    key.append(code)
                } else if let identity = segments[index].carrier.identity {
                    key.append(identity)
                } else {
                    key.discard()
                    return false
                }
                key.append("|")
                key.append(from)
                key.append("-")
                key.append(to)
                key.append("@")
                key.append(departure.minutesSinceEpoch)
            }
        }
        guard !first else {
            key.discard()
            return false
        }
        key.finish()
        return true
    }

    /// Appends a flight number without its leading zeros, as ``designator(_:)`` writes it.
    private static func appendTrimmedNumber(_ number: String, to key: inout TripKeys) {
        // Most numbers do not start with a zero: nothing to drop, nothing to copy.
        if let first = number.utf8.first, first != UInt8(ascii: "0") {
            key.append(number)
        } else {
            key.append(trimmedNumber(number))
        }
    }

    /// `SU1234`, with leading zeros dropped from the number so that `0012` and `12` agree.
    static func designator(_ segment: Segment) -> String {
        (segment.carrier.code ?? "") + trimmedNumber(segment.flightNumber ?? "")
    }

    /// The operating flight's designator, such as `LH1234`.
    static func operatingDesignator(_ segment: Segment) -> String {
        (segment.operatingCarrier?.code ?? "") + trimmedNumber(segment.operatingFlightNumber ?? "")
    }

    private static func trimmedNumber(_ number: String) -> String {
        // Most numbers are ASCII digits without a leading zero: nothing to drop, nothing to copy.
        if let first = number.utf8.first, first != UInt8(ascii: "0") { return number }
        let trimmed = number.drop(while: { $0 == "0" })
        return trimmed.isEmpty ? number : String(trimmed)
    }

    /// How much an offer tells: flight numbers, UTC times, local times, known duration.
    static func richness(of product: Product) -> Int {
        guard case .flight(let itinerary) = product else { return 0 }
        var numbered = true
        var utc = true
        var airports = true
        // Indices, not `for segment in`: iterating would copy every segment to look at a few fields.
        for leg in itinerary.legs.indices {
            let segments = itinerary.legs[leg].segments
            for index in segments.indices {
                if segments[index].flightNumber == nil { numbered = false }
                if segments[index].departure?.utc == nil { utc = false }
                if segments[index].origin.airport == nil || segments[index].destination.airport == nil {
                    airports = false
                }
            }
        }
        var score = 0
        if numbered { score += 8 }
        if utc { score += 4 }
        if itinerary.duration != nil { score += 2 }
        if airports { score += 1 }
        return score
    }

    /// A stable id from a merge key: `f-…` for flights, `t-…` for a trip by other modes, `c-…` for a car.
    static func id(for product: Product, key: String) -> String {
        StableIdentifier.make(prefix: prefix(for: product), [key])
    }

    /// The first letter of every merged offer's id: `f` for flights, `t` for a trip by other modes, `c` for a
    /// car.
    static func prefix(for product: Product) -> String {
        switch product {
        case .car: "c"
        case .flight(let itinerary): itinerary.isAllFlights ? "f" : "t"
        }
    }
}
