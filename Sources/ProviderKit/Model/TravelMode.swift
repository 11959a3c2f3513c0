import Foundation

/// How a segment travels: by air, rail, road or sea. A trip whose segments are all flights is a flight
/// itinerary as it always was; any other mode makes it a trip.
public enum TravelMode: String, Sendable, Hashable, CaseIterable, Comparable {
    /// A flight between airports.
    case flight
    /// A train between stations.
    case train
    /// A coach or bus between stops.
    case bus
    /// A ferry between ports.
    case ferry

    /// Orders by declaration, so lists print in a fixed order.
    public static func < (lhs: TravelMode, rhs: TravelMode) -> Bool {
        allCases.firstIndex(of: lhs) ?? 0 < allCases.firstIndex(of: rhs) ?? 0
    }

    /// Modes as a sentence offers them as alternatives, in a fixed order: `train`, `flight or bus`,
    /// `flight, train or bus`.
    /// - Parameter modes: the modes.
    /// - Returns: the words.
    public static func alternatives(_ modes: some Sequence<TravelMode>) -> String {
        let names = Set(modes).sorted().map(\.rawValue)
        guard let last = names.last else { return "" }
        return names.count == 1 ? last : names.dropLast().joined(separator: ", ") + " or " + last
    }

    /// What a search by these modes finds, in a traveller's words: `flights` for flights alone (or no modes
    /// named), `trains`, `buses` or `ferries` for one other mode, `trips` for several.
    /// - Parameter modes: the modes a search allows; empty for every mode.
    /// - Returns: the plural noun.
    public static func plural(of modes: some Collection<TravelMode>) -> String {
        let distinct = Set(modes)
        guard distinct.count == 1, let mode = distinct.first else { return distinct.isEmpty ? "flights" : "trips" }
        switch mode {
        case .flight: return "flights"
        case .train: return "trains"
        case .bus: return "buses"
        case .ferry: return "ferries"
        }
    }
}
