import Foundation
import ProviderKit

extension AirlineRecord {
    /// Maps one checked SITA record. A logo that is not a web link is already left out, so the record
    /// carries only an `http`/`https` logo or none.
    /// - Parameter sita: the record as read.
    init(sita: SitaAirline) {
        self.init(
            id: sita.id, name: sita.name, iata: sita.iata, icao: sita.icao, callsign: sita.callsign,
            country: sita.country, isActive: sita.isActive, imageURL: sita.image.url)
    }
}
