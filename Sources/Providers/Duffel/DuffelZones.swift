import Foundation
import ProviderKit

/// The time zones one answer names, each looked up once: an answer names the same few airports many times.
struct DuffelZones {
    private var known: [String: TimeZone?] = [:]

    /// The zone of an IANA name, as ``ServiceTime/zone(named:)`` finds it.
    /// - Parameter name: the zone's name as sent.
    /// - Returns: the zone, or `nil` for an unknown one.
    mutating func zone(named name: String?) -> TimeZone? {
        guard let name else { return nil }
        if let cached = known[name] { return cached }
        let zone = ServiceTime.zone(named: name)
        known[name] = zone
        return zone
    }
}
