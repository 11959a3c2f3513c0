import ProviderKit

/// The user's favourite airlines, and the rule that tags offers flown by them.
///
/// Rule: an entry is an IATA code (matched upper-cased) or a name (matched case- and
/// accent-insensitively). A carrier is a favourite when its code or its name matches an entry, or when
/// the directory resolves it to a record whose IATA code or name does, so a favourite stored as `HV`
/// also marks SunWeb's name-only `Transavia`. An offer with any favourite carrier gets
/// ``OfferTag/favorite``.
public struct FavoriteCarriers: Sendable, Hashable {
    /// The entries as given.
    public let entries: Set<String>
    private let folded: Set<String>

    /// Creates the set.
    /// - Parameter entries: IATA codes or airline names; blank entries are ignored.
    public init(_ entries: Set<String>) {
        self.entries = entries
        folded = Set(entries.map(AirlineNames.fold).filter { !$0.isEmpty })
    }

    /// Whether there are no favourites.
    public var isEmpty: Bool { folded.isEmpty }

    /// Whether a carrier is a favourite.
    /// - Parameters:
    ///   - carrier: the carrier.
    ///   - directory: resolves name-only carriers to codes and coded ones to names.
    /// - Returns: `true` when the carrier or its directory record matches an entry.
    public func contains(_ carrier: Carrier, directory: AirlineDirectory = AirlineDirectory()) -> Bool {
        let record = directory.record(for: carrier)
        return [carrier.code, carrier.name, record?.iata, record?.name].contains { value in
            value.map { folded.contains(AirlineNames.fold($0)) } ?? false
        }
    }

    /// Whether a directory record is a favourite, by its IATA code or its name.
    /// - Parameter record: the record.
    /// - Returns: `true` when its code or name matches an entry.
    public func contains(_ record: AirlineRecord) -> Bool {
        [record.iata, record.name].contains { value in value.map { folded.contains(AirlineNames.fold($0)) } ?? false
        }
    }

    /// Tags the offers that have a favourite carrier.
    /// - Parameters:
    ///   - offers: the offers.
    ///   - directory: used as in ``contains(_:directory:)``.
    /// - Returns: the offers in the same order, the matching ones tagged ``OfferTag/favorite``.
    public func tag(_ offers: [Offer], directory: AirlineDirectory = AirlineDirectory()) -> [Offer] {
        var tagged = offers
        tag(&tagged, directory: directory)
        return tagged
    }

    /// Tags offers in place, as the returning `tag(_:directory:)` does; without favourites nothing is touched.
    /// - Parameters:
    ///   - offers: the offers.
    ///   - directory: used as in ``contains(_:directory:)``.
    func tag(_ offers: inout [Offer], directory: AirlineDirectory) {
        guard !isEmpty else { return }
        for index in offers.indices {
            guard let itinerary = offers[index].product.itinerary,
                itinerary.segments.contains(where: { contains($0.carrier, directory: directory) })
            else { continue }
            offers[index].tags.insert(.favorite)
        }
    }
}
