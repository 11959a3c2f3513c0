import Foundation
import ProviderKit

/// The airlines list by key: what turns a flight's airline key into a carrier people recognise.
///
/// Each airline's carrier and picture are built once, when the list is read, however many flights and
/// round trips name it.
struct SunWebAirlineDirectory: Sendable {
    /// The carrier of each usable record, by key.
    private var carriers: [String: Carrier]
    /// The picture of each record that has a web link for one, by key.
    private var pictures: [String: URL]
    /// Records that could not be read, had a blank key or name, or repeated an earlier key.
    private(set) var skipped: Int
    /// Logos and pictures left out because they were not web links.
    private(set) var refusedLinks: Int

    /// No airlines: every carrier is named by its key. Used when the list could not be fetched.
    static let unavailable = SunWebAirlineDirectory(carriers: [:], pictures: [:], skipped: 0, refusedLinks: 0)

    private init(carriers: [String: Carrier], pictures: [String: URL], skipped: Int, refusedLinks: Int) {
        self.carriers = carriers
        self.pictures = pictures
        self.skipped = skipped
        self.refusedLinks = refusedLinks
    }

    /// Reads `GET /airlines`: `{"airlines": [{id, name, headline, description, logoImg, mainImg}]}`. The
    /// first record for a key wins; a record that cannot be read is skipped and counted.
    /// - Parameter root: the body's root.
    /// - Throws: `JSONError` with a path when the body is not an airlines answer (`airlines is missing`);
    ///   `CancellationError` when the search is cancelled.
    init(_ root: JSONNode) throws {
        let records = try root["airlines"].decodeRecords { record in
            try Task.checkCancellation()
            return try SunWebAirline(record)
        }
        var carriers: [String: Carrier] = [:]
        var pictures: [String: URL] = [:]
        var skipped = records.skipped
        var refusedLinks = 0
        for airline in records.records {
            guard carriers[airline.key] == nil else {
                skipped += 1
                continue
            }
            // SunWeb gives no IATA codes and none is invented: the carrier is known by name only.
            carriers[airline.key] = Carrier(
                code: nil, name: airline.name, headline: airline.headline, logoURL: airline.logo.url)
            pictures[airline.key] = airline.picture.url
            refusedLinks += [airline.logo, airline.picture].filter { $0 == .refused }.count
        }
        self.init(carriers: carriers, pictures: pictures, skipped: skipped, refusedLinks: refusedLinks)
    }

    /// The carrier a flight names. An airline missing from the list is named by its key, which is still
    /// what the service calls it.
    /// - Parameter key: the flight's airline key.
    /// - Returns: the carrier with the directory's name, headline and logo where known.
    func carrier(forKey key: String) -> Carrier {
        carriers[key] ?? Carrier(code: nil, name: key.isEmpty ? nil : key)
    }

    /// The airline's large picture, which the app showed with its flights.
    /// - Parameter key: the flight's airline key.
    /// - Returns: the picture's URL, when the directory has a web link for one.
    func picture(forKey key: String) -> URL? {
        pictures[key]
    }
}
