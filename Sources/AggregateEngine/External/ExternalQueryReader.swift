import AggregatorCore
import Foundation
import ProviderKit

/// Reads a query written in the shape of the search output's `query` object: the sample query an outside
/// program's spec may give. Only the fields a sample needs are read: `kind`, `origins` (or the
/// comma-joined `from`), `destinations` (or `to`), `date` and `return` (a day or `DAY..DAY`),
/// `round_trip`, `passengers`, `cabin` and `currency`; the rest are ignored.
package enum ExternalQueryReader {
    /// Reads a query.
    /// - Parameter node: the query object.
    /// - Returns: the query.
    /// - Throws: `JSONError` naming the field that cannot be read.
    package static func query(from node: JSONNode) throws -> SearchQuery {
        guard node.kind == .object else { throw node.error("is not an object") }
        var query = SearchQuery()
        if let kind = try node["kind"].ifPresent {
            guard let category = OfferCategory(rawValue: try kind.string), category != .airlineDirectory else {
                throw kind.error("is not flights or cars")
            }
            query.kind = category
        }
        query.origins = try codes(node["origins"], or: node["from"])
        query.destinations = try codes(node["destinations"], or: node["to"])
        query.departureDates = try days(node["date"])
        query.returnDates = try days(node["return"])
        query.roundTrip = try node["round_trip"].ifPresent?.bool ?? false || query.returnDates != nil
        if let party = try node["passengers"].ifPresent {
            query.passengers = Passengers(
                adults: try party["adults"].ifPresent?.int ?? 1, children: try party["children"].ifPresent?.int ?? 0,
                infants: try party["infants"].ifPresent?.int ?? 0)
            if query.passengers.problem != nil { throw party.error("is not a party that can travel together") }
        }
        if let cabin = try node["cabin"].ifPresent {
            guard let value = Cabin(rawValue: try cabin.string) else { throw cabin.error("is not a cabin") }
            query.cabin = value
        }
        if let currency = try node["currency"].ifPresent {
            guard let code = CurrencyCode(try currency.string) else { throw currency.error("is not a currency code") }
            query.currency = code
        }
        return query
    }

    /// An array of codes, or else comma-joined text; upper case, without repeats; at most
    /// ``ValueReader/maxCodes``, as on the command line.
    private static func codes(_ list: JSONNode, or text: JSONNode) throws -> [String] {
        var codes: [String] = []
        if let list = list.ifPresent {
            for element in try list.elements {
                guard codes.count < ValueReader.maxCodes else {
                    throw list.error("holds more than \(ValueReader.maxCodes) places")
                }
                codes.append(try element.string)
            }
        } else if let text = text.ifPresent {
            codes = try text.string.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
            if codes.count > ValueReader.maxCodes { throw text.error("holds more than \(ValueReader.maxCodes) places") }
        }
        var seen = Set<String>()
        return codes.map { $0.uppercased() }.filter { !$0.isEmpty && seen.insert($0).inserted }
    }

    private static func days(_ node: JSONNode) throws -> DateRange? {
        guard let node = node.ifPresent else { return nil }
        guard let range = DateRange(parsing: try node.string) else {
            throw node.error("is not a day (YYYY-MM-DD) or a range (YYYY-MM-DD..YYYY-MM-DD)")
        }
        return range
    }
}
