import Foundation
import ProviderKit

/// Every name the tool knows for each carrier, and the rule by which a typed airline matches a carrier.
///
/// Names come from three places: the built-in ``AirlineNames`` table, the airline directory's records,
/// and the carriers the providers sent with both a code and a name (Aviasales' `Австрийские авиалинии`
/// for `OS`).
///
/// Rule: a typed airline resolves to a set of codes (itself, when it is two letters or digits, and the
/// code of every carrier one of whose names it is) and a set of names (itself, and every name of those
/// codes). A carrier matches when its code is among the codes or its name among the names, names compared
/// case- and accent-insensitively. So `OS` and `Austrian Airlines` match the same carriers, coded or
/// known by name only.
public struct CarrierNames: Sendable {
    private var namesByCode: [String: Set<String>] = [:]
    private var codesByName: [String: Set<String>] = [:]

    /// Collects the names.
    /// - Parameters:
    ///   - directory: the airline records of the search.
    ///   - offers: the providers' offers, whose coded and named carriers teach names.
    public init(directory: AirlineDirectory = AirlineDirectory(), offers: [Offer] = []) {
        for (code, names) in AirlineNames.byCode {
            for name in names { learn(code: code, name: name) }
        }
        for record in directory.records {
            if let code = record.iata { learn(code: code, name: record.name) }
        }
        // Learning a pair twice changes nothing, so each pair is learnt once.
        var seen = Set<NamedCode>()
        // Indices rather than loops over values: reading a carrier's fields copies no whole segment.
        for offer in offers.indices {
            guard case .flight(let itinerary) = offers[offer].product else { continue }
            for leg in itinerary.legs.indices {
                let segments = itinerary.legs[leg].segments
                for segment in segments.indices {
                    if let code = segments[segment].carrier.code, let name = segments[segment].carrier.name,
                        seen.insert(NamedCode(code: code, name: name)).inserted
                    {
                        learn(code: code, name: name)
                    }
                }
            }
        }
    }

    /// A carrier's code and name as an offer states them.
    private struct NamedCode: Hashable {
        var code: String
        var name: String
    }

    private mutating func learn(code: String, name: String) {
        let folded = AirlineNames.fold(name)
        guard !code.isEmpty, !folded.isEmpty else { return }
        namesByCode[code.uppercased(), default: []].insert(folded)
        codesByName[folded, default: []].insert(code.uppercased())
    }

    /// What a typed airline stands for.
    public struct Match: Sendable, Hashable {
        /// The IATA codes it names.
        public var codes: Set<String>
        /// The folded names it names.
        public var names: Set<String>

        /// Whether a carrier is this airline, by code or by name. An operator's code of any length (`ÖBB`,
        /// `RJ`) matches what was typed as text too, so `--airline ÖBB` finds ÖBB's trains.
        /// - Parameter carrier: the carrier.
        /// - Returns: `true` when its code or its name matches.
        public func matches(_ carrier: Carrier) -> Bool {
            if let code = carrier.code {
                if codes.contains(code) { return true }
                if code.count != 2, names.contains(AirlineNames.fold(code)) { return true }
            }
            if let name = carrier.name, names.contains(AirlineNames.fold(name)) { return true }
            return false
        }
    }

    /// The one code a carrier's name stands for, when it stands for exactly one: what lets a carrier known by
    /// name alone (`Vueling`) meet the same carrier known by its code (`VY`) when trips are merged. A name
    /// that two codes share, or that no code has, stands for none.
    /// - Parameter name: a carrier's name, in any case and with or without accents.
    /// - Returns: the code, or `nil`.
    public func code(named name: String) -> String? {
        guard let codes = codesByName[AirlineNames.fold(name)], codes.count == 1 else { return nil }
        return codes.first
    }

    /// Resolves a typed airline.
    /// - Parameter typed: an IATA code or a name, in any case and with or without accents.
    /// - Returns: the codes and names it stands for.
    public func resolve(_ typed: String) -> Match {
        let folded = AirlineNames.fold(typed)
        let upper = typed.trimmingCharacters(in: .whitespaces).uppercased()
        var codes = codesByName[folded] ?? []
        if upper.count == 2, upper.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber) }) { codes.insert(upper) }
        var names: Set<String> = folded.isEmpty ? [] : [folded]
        for code in codes { names.formUnion(namesByCode[code] ?? []) }
        return Match(codes: codes, names: names)
    }
}

extension CarrierNames.Match {
    /// Any of several airlines: every code and every name of each, so that a carrier is judged against all
    /// of them with one lookup.
    /// - Parameter matches: the airlines.
    public init(union matches: [CarrierNames.Match]) {
        self.init(
            codes: matches.reduce(into: Set<String>()) { $0.formUnion($1.codes) },
            names: matches.reduce(into: Set<String>()) { $0.formUnion($1.names) })
    }
}
