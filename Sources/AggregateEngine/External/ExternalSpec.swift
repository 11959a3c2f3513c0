import AggregatorCore
import Foundation
import ProviderKit

/// What an outside program says about itself when run as `<program> spec`: one JSON object in the
/// versioned protocol `aggregate.provider.v1`.
///
/// ```json
/// {"protocol": "aggregate.provider.v1", "id": "pyflights", "name": "PyFlights",
///  "summary": "Flights from a small embedded table.", "offers": ["flights"], "currency": "EUR",
///  "capabilities": ["dates"], "requires": [], "environment": ["PYFLIGHTS_API_KEY"],
///  "sample_query": {"from": "VIE", "to": "BCN"}}
/// ```
///
/// `protocol`, `id`, `name` and `offers` are required; the rest may be left out. The id must be the one
/// the program was found under; `offers` holds `flights`, `trips` and/or `cars`, and a program that sells
/// `trips` (journeys by train, bus or ferry, with or without flights) lists the modes it sells in `modes`:
/// `"offers": ["trips"], "modes": ["train"]` (`flight`, `train`, `bus`, `ferry`); `capabilities` and `requires`
/// take the names the JSON output uses (`dates`, `round_trips`, `server_side_filters`; `origin`,
/// `destination`, `departure_date`, …); `environment` names the variables the program reads, at most 32,
/// the only ones passed to it besides `PATH`, `HOME`, `LANG` and `TZ` (the tool's own `AGGREGATE_…`
/// variables, another provider's key among them, are withheld: see ``isToolVariable(_:for:)``);
/// `sample_query` is a query in the shape of
/// the search output's `query` (only `kind`, `from`/`origins`, `to`/`destinations`, `date`, `return`,
/// `round_trip`, `passengers`, `cabin` and `currency` are read), for `aggregate provider check`.
package struct ExternalSpec: Sendable, Hashable {
    /// The protocol this tool speaks.
    package static let protocolVersion = "aggregate.provider.v1"
    /// The largest spec read.
    package static let maxBytes = 1 << 20
    /// The variables every program gets, when set.
    package static let baseEnvironment = ["PATH", "HOME", "LANG", "TZ"]
    /// The most variables a spec may name.
    package static let maxEnvironment = 32

    /// The program's provider id.
    package var id: ProviderID
    /// The service's name, for people.
    package var name: String
    /// One sentence on what it offers.
    package var summary: String
    /// What it sells.
    package var offers: Set<OfferCategory>
    /// The modes its trips travel by: `flight` alone for a program of flights, the spec's `modes` for one of
    /// trips; none for a program of cars.
    package var modes: Set<TravelMode> = []
    /// The currency its prices come in, when fixed.
    package var currency: CurrencyCode?
    /// What it can honour.
    package var capabilities: Set<ProviderCapability>
    /// The query fields it cannot search without.
    package var requires: Set<QueryField>
    /// The variables it reads, passed to it when set.
    package var environment: [String]
    /// The variables it named that are the tool's own, which it never gets: each is worth a warning.
    package var withheld: [String] = []
    /// The query `aggregate provider check` searches with, when it gives one.
    package var sampleQuery: SearchQuery?

    /// Creates a spec from its parts, as a program's spec is read into.
    package init(
        id: ProviderID, name: String, summary: String, offers: Set<OfferCategory>, currency: CurrencyCode?,
        capabilities: Set<ProviderCapability>, requires: Set<QueryField>, environment: [String],
        sampleQuery: SearchQuery?
    ) {
        self.id = id
        self.name = name
        self.summary = summary
        self.offers = offers
        self.currency = currency
        self.capabilities = capabilities
        self.requires = requires
        self.environment = environment
        self.sampleQuery = sampleQuery
    }

    /// Reads and checks a spec.
    /// - Parameters:
    ///   - data: what the program printed.
    ///   - expectedID: the id it was found under, which the spec must repeat.
    /// - Throws: ``ExternalSpecError`` saying what is wrong.
    package init(parsing data: Data, expectedID: ProviderID) throws(ExternalSpecError) {
        do {
            self = try JSONDocument.read(data) { root in try Self.read(root, expectedID: expectedID) }
        } catch let error as ExternalSpecError {
            throw error
        } catch let error as JSONError {
            switch error.code {
            case .empty: throw ExternalSpecError("it printed nothing")
            case .notJSON, .truncated, .syntax: throw ExternalSpecError("it is not one JSON object: \(error)")
            default: throw ExternalSpecError("\(error)")
            }
        } catch {
            throw ExternalSpecError("\(error)")
        }
    }

    private static func read(_ root: JSONNode, expectedID: ProviderID) throws -> ExternalSpec {
        guard root.kind == .object else { throw ExternalSpecError("it is not a JSON object") }
        guard let version = try root["protocol"].ifPresent?.string else {
            throw ExternalSpecError("it names no protocol; 'protocol' must be \(protocolVersion)")
        }
        guard version == protocolVersion else {
            throw ExternalSpecError(
                "it speaks '\(PrintableText.excerpt(version, limit: 40))'; this aggregate speaks \(protocolVersion)")
        }
        let id = try root["id"].string
        guard id == expectedID.rawValue else {
            throw ExternalSpecError(
                "its id is '\(PrintableText.excerpt(id, limit: 40))', but it was found as '\(expectedID)'")
        }
        let name = PrintableText.excerpt(try root["name"].string, limit: 80)
        guard !name.isEmpty else { throw ExternalSpecError("name is empty") }
        let summary = PrintableText.excerpt(try root["summary"].ifPresent?.string ?? "", limit: 200)
        let sold = try names(root["offers"], "offers", of: [SoldKind.flights, .trips, .cars])
        guard !sold.isEmpty else { throw ExternalSpecError("offers is empty; it must hold flights, trips or cars") }
        var offers = Set<OfferCategory>()
        var modes = Set<TravelMode>()
        if sold.contains(.flights) {
            offers.insert(.flights)
            modes.insert(.flight)
        }
        if sold.contains(.cars) { offers.insert(.cars) }
        if sold.contains(.trips) {
            let listed = try names(root["modes"], "modes", of: TravelMode.allCases)
            guard !listed.isEmpty else {
                throw ExternalSpecError("offers holds trips, but modes names none; list them, such as [\"train\"]")
            }
            offers.insert(.flights)
            modes.formUnion(listed)
        }
        var currency: CurrencyCode?
        if let code = try root["currency"].ifPresent?.string {
            guard let parsed = CurrencyCode(code) else {
                throw ExternalSpecError("currency '\(PrintableText.excerpt(code, limit: 10))' is not a currency code")
            }
            currency = parsed
        }
        let capabilities = try names(root["capabilities"], "capabilities", of: ProviderCapability.allCases)
        let requires = try names(root["requires"], "requires", of: QueryField.allCases)
        var environment: [String] = []
        var withheld: [String] = []
        if let list = try root["environment"].ifPresent {
            // The count first, stopping at the first element past the limit: no name is read, checked or
            // compared with the others before the list is known to be short.
            var count = 0
            for _ in try list.elements {
                count += 1
                guard count <= maxEnvironment else {
                    throw ExternalSpecError("environment names more than \(maxEnvironment) variables")
                }
            }
            for element in try list.elements {
                let variable = try element.string
                guard isVariableName(variable) else {
                    throw element.error("is not a variable name (letters, digits and _, not starting with a digit)")
                }
                guard !environment.contains(variable), !withheld.contains(variable) else { continue }
                if isToolVariable(variable, for: expectedID) {
                    withheld.append(variable)
                } else {
                    environment.append(variable)
                }
            }
        }
        let sampleQuery = try root["sample_query"].ifPresent.map(ExternalQueryReader.query(from:))
        var spec = ExternalSpec(
            id: expectedID, name: name, summary: summary, offers: offers, currency: currency,
            capabilities: capabilities, requires: requires, environment: environment, sampleQuery: sampleQuery)
        spec.withheld = withheld
        spec.modes = modes
        return spec
    }

    /// The names `offers` takes: trips are itineraries, as flights are, of the modes the spec lists.
    private enum SoldKind: String {
        case flights, trips, cars
    }

    /// Whether a variable is the tool's own rather than one a program may read: every `AGGREGATE_…` variable
    /// (another provider's API key or endpoint, the tool's settings, and any credential the tool comes to
    /// read under that prefix), except the program's own key, `AGGREGATE_<ID>_API_KEY`, and
    /// `AGGREGATE_ENDPOINT`, which the tool sets for it.
    ///
    /// A program runs with the user's rights and could read the tool's environment by other means; this
    /// keeps the tool from handing it another provider's secret because a spec asked.
    /// - Parameters:
    ///   - name: the variable's name.
    ///   - id: the program's provider id.
    /// - Returns: `true` when the variable is never passed to the program.
    package static func isToolVariable(_ name: String, for id: ProviderID) -> Bool {
        name.hasPrefix("AGGREGATE_") && name != EnvironmentNames.apiKey(of: id)
            && name != ExternalProvider.endpointVariable
    }

    /// A list of names, each one of `known` by its raw value; an absent list is empty.
    private static func names<Value: RawRepresentable & Hashable>(
        _ node: JSONNode, _ key: String, of known: [Value]
    ) throws -> Set<Value> where Value.RawValue == String {
        guard let list = node.ifPresent else { return [] }
        var values = Set<Value>()
        for element in try list.elements {
            let text = try element.string
            guard let value = known.first(where: { $0.rawValue == text }) else {
                throw element.error(
                    "is '\(PrintableText.excerpt(text, limit: 40))', not one of "
                        + known.map(\.rawValue).joined(separator: ", "))
            }
            values.insert(value)
        }
        return values
    }

    /// Whether a text is a portable environment variable name.
    package static func isVariableName(_ text: String) -> Bool {
        guard let first = text.first, !first.isNumber, text.count <= 64 else { return false }
        return text.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "_") }
    }

    /// The descriptor the tool knows the program by: no live service, no samples, no credentials of the
    /// tool's own (a program that takes a key lists its variable in `environment`).
    package var descriptor: ProviderDescriptor {
        ProviderDescriptor(
            id: id, displayName: name, summary: summary, categories: offers, modes: modes, nativeCurrency: currency,
            capabilities: capabilities, requiredFields: requires,
            samples: ProviderSamples(
                EmbeddedResponses([:]),
                query: sampleQuery ?? SearchQuery(kind: offers.contains(.flights) ? .flights : .cars)))
    }
}
