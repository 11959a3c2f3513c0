import Foundation
import ProviderKit

/// The airline records a search collected, looked up by code or name and used to enrich offers.
///
/// Rules:
/// - **Lookup** by IATA code (any case), or by name (case- and accent-insensitive, exact) for carriers
///   that have no code, such as SunWeb's name-only `Transavia`. When several records share a code or
///   name (codes are reused after an airline ceases), an active record wins over an inactive one, then
///   the earlier record in input order, so the answer does not depend on which provider was faster.
/// - **Search** (``matching(_:)``) finds records whose name, IATA code, ICAO code, callsign or country
///   contains the text, case- and accent-insensitively: `turk` finds `Türk Hava Yolları`.
/// - **Enrichment** (``enrich(_:)``): each segment's carrier is looked up as above. A match fills the
///   carrier's country, logo and `isActive` from the record (a field the record lacks keeps the
///   provider's value); when matched by code the directory's name replaces the provider's, because
///   providers name airlines in their own language (`Австрийские авиалинии`). A carrier matched by name
///   keeps its name and gains no code, so enrichment never changes which offers merge. An offer with any
///   carrier that is known to be inactive gets ``OfferTag/inactiveCarrier``. Carriers the directory
///   does not know are left as they are.
public struct AirlineDirectory: Sendable, Hashable {
    /// The records, in input order, without exact duplicates.
    public let records: [AirlineRecord]
    private let byCode: [String: Int]
    private let byName: [String: Int]

    /// Creates a directory.
    /// - Parameter records: the records, in the order their providers were selected.
    public init(_ records: [AirlineRecord] = []) {
        var seen = Set<AirlineRecord>()
        let unique = records.filter { seen.insert($0).inserted }
        var byCode: [String: Int] = [:]
        var byName: [String: Int] = [:]
        func register(_ key: String, _ index: Int, in table: inout [String: Int]) {
            // The first active record wins; an inactive one only until an active one turns up.
            if let existing = table[key], unique[existing].isActive || !unique[index].isActive { return }
            table[key] = index
        }
        for (index, record) in unique.enumerated() {
            if let code = record.iata { register(code, index, in: &byCode) }
            let name = AirlineNames.fold(record.name)
            if !name.isEmpty { register(name, index, in: &byName) }
        }
        self.records = unique
        self.byCode = byCode
        self.byName = byName
    }

    /// Whether the directory has no records.
    public var isEmpty: Bool { records.isEmpty }

    /// The record for an IATA code.
    /// - Parameter code: the code, any case.
    /// - Returns: the record, preferring an active one; `nil` when unknown.
    public func record(iata code: String) -> AirlineRecord? {
        byCode[code.trimmingCharacters(in: .whitespaces).uppercased()].map { records[$0] }
    }

    /// The record whose name equals `name`, ignoring case and accents.
    /// - Parameter name: the airline's name.
    /// - Returns: the record, preferring an active one; `nil` when unknown.
    public func record(named name: String) -> AirlineRecord? {
        byName[AirlineNames.fold(name)].map { records[$0] }
    }

    /// The record for an offer's carrier: by code when it has one, else by name.
    /// - Parameter carrier: the carrier.
    /// - Returns: the record, or `nil` when the directory does not know the carrier.
    public func record(for carrier: Carrier) -> AirlineRecord? {
        if let code = carrier.code, !code.isEmpty { return record(iata: code) }
        return carrier.name.flatMap(record(named:))
    }

    /// The records whose name, IATA code, ICAO code, callsign or country contains `text`.
    /// - Parameter text: what to look for; case and accents are ignored, and empty text matches all.
    /// - Returns: the matching records, in directory order.
    public func matching(_ text: String) -> [AirlineRecord] {
        let needle = AirlineNames.fold(text)
        guard !needle.isEmpty else { return records }
        return records.filter { record in
            [record.name, record.iata, record.icao, record.callsign, record.country].contains { field in
                field.map { AirlineNames.fold($0).contains(needle) } ?? false
            }
        }
    }

    /// Fills every segment's carrier from the directory and tags offers on inactive carriers.
    /// - Parameter offers: the offers to enrich.
    /// - Returns: the offers in the same order; see the type's rules.
    public func enrich(_ offers: [Offer]) -> [Offer] {
        var enriched = offers
        enrich(&enriched)
        return enriched
    }

    /// Enriches offers in place, as the returning `enrich(_:)` does; an empty directory touches nothing.
    /// - Parameter offers: the offers to enrich.
    func enrich(_ offers: inout [Offer]) {
        guard !isEmpty else { return }
        for index in offers.indices {
            guard case .flight(var itinerary) = offers[index].product else { continue }
            for legIndex in itinerary.legs.indices {
                for segmentIndex in itinerary.legs[legIndex].segments.indices {
                    let carrier = itinerary.legs[legIndex].segments[segmentIndex].carrier
                    itinerary.legs[legIndex].segments[segmentIndex].carrier = enrich(carrier)
                }
            }
            offers[index].product = .flight(itinerary)
            if itinerary.segments.contains(where: { $0.carrier.isActive == false }) {
                offers[index].tags.insert(.inactiveCarrier)
            }
        }
    }

    /// One carrier, filled from its record.
    /// - Parameter carrier: the carrier as the provider named it.
    /// - Returns: the carrier with the record's name (when matched by code), country, logo and activity.
    public func enrich(_ carrier: Carrier) -> Carrier {
        guard let record = record(for: carrier) else { return carrier }
        var enriched = carrier
        if carrier.code != nil { enriched.name = record.name }
        enriched.country = record.country ?? carrier.country
        enriched.logoURL = record.imageURL ?? carrier.logoURL
        enriched.isActive = record.isActive
        return enriched
    }
}
