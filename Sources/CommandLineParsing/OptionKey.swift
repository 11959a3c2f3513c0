import AggregatorCore
import ProviderKit

/// An option's name as typed, `--from`: one typed constant per option, shared by the parser's tables,
/// the help text and the code that reads the values, so that a misspelt option cannot compile.
package struct OptionKey: Hashable, Sendable, CustomStringConvertible {
    /// The name with its dashes.
    package let name: String

    private init(_ name: String) { self.name = name }

    /// The name with its dashes.
    package var description: String { name }

    // Query options.
    package static let providers = OptionKey("--providers")
    package static let from = OptionKey("--from")
    package static let to = OptionKey("--to")
    package static let date = OptionKey("--date")
    package static let returnDate = OptionKey("--return")
    package static let roundTrip = OptionKey("--round-trip")
    package static let kind = OptionKey("--kind")
    package static let sort = OptionKey("--sort")
    package static let limit = OptionKey("--limit")
    package static let maxPrice = OptionKey("--max-price")
    package static let maxStops = OptionKey("--max-stops")
    package static let airline = OptionKey("--airline")
    package static let color = OptionKey("--color")
    package static let currency = OptionKey("--currency")
    package static let format = OptionKey("--format")
    package static let wide = OptionKey("--wide")
    package static let verbose = OptionKey("--verbose")
    package static let rates = OptionKey("--rates")
    package static let adults = OptionKey("--adults")
    package static let children = OptionKey("--children")
    package static let infants = OptionKey("--infants")
    package static let cabin = OptionKey("--cabin")
    package static let excludeAirline = OptionKey("--exclude-airline")
    package static let carrier = OptionKey("--carrier")
    package static let excludeCarrier = OptionKey("--exclude-carrier")
    package static let departAfter = OptionKey("--depart-after")
    package static let departBefore = OptionKey("--depart-before")
    package static let arriveAfter = OptionKey("--arrive-after")
    package static let arriveBefore = OptionKey("--arrive-before")
    package static let maxDuration = OptionKey("--max-duration")
    package static let minLayover = OptionKey("--min-layover")
    package static let maxLayover = OptionKey("--max-layover")
    package static let bags = OptionKey("--bags")
    package static let noSelfTransfer = OptionKey("--no-self-transfer")
    package static let noHiddenCity = OptionKey("--no-hidden-city")
    package static let noThrowAway = OptionKey("--no-throw-away")
    package static let mode = OptionKey("--mode")

    // Connection options.
    package static let endpoint = OptionKey("--endpoint")
    package static let timeout = OptionKey("--timeout")
    package static let offline = OptionKey("--offline")
    package static let live = OptionKey("--live")
    package static let maxResponseSize = OptionKey("--max-response-size")
    package static let check = OptionKey("--check")

    // Directory options.
    package static let search = OptionKey("--search")
    package static let active = OptionKey("--active")
    package static let favorites = OptionKey("--favorites")

    // Watches and their history.
    package static let below = OptionKey("--below")
    package static let trip = OptionKey("--trip")
    package static let notify = OptionKey("--notify")
    package static let notifyCommand = OptionKey("--notify-command")
    package static let keep = OptionKey("--keep")
    package static let chart = OptionKey("--chart")
    // Server options.
    package static let listen = OptionKey("--listen")
    package static let tokenFile = OptionKey("--token-file")
    package static let allowOrigin = OptionKey("--allow-origin")
    package static let cache = OptionKey("--cache")
    package static let cacheKeyFile = OptionKey("--cache-key-file")
    package static let budget = OptionKey("--budget")
    package static let freshFor = OptionKey("--fresh-for")
    package static let maxSearches = OptionKey("--max-searches")

    // Every command.
    package static let help = OptionKey("--help")

    /// The option that sets a query field: what a hint says to drop, what a provider needs added.
    /// - Parameter field: the field.
    /// - Returns: its option.
    package static func setting(_ field: QueryField) -> OptionKey {
        switch field {
        case .origin: .from
        case .destination: .to
        case .departureDate: .date
        case .returnDate: .returnDate
        case .roundTrip: .roundTrip
        case .passengers: .adults
        case .cabin: .cabin
        case .maxPrice: .maxPrice
        case .maxStops: .maxStops
        case .airline: .airline
        case .excludedAirline: .excludeAirline
        case .departAfter: .departAfter
        case .departBefore: .departBefore
        case .arriveAfter: .arriveAfter
        case .arriveBefore: .arriveBefore
        case .maxDuration: .maxDuration
        case .minLayover: .minLayover
        case .maxLayover: .maxLayover
        case .bags: .bags
        case .selfTransfer: .noSelfTransfer
        case .hiddenCity: .noHiddenCity
        case .throwAway: .noThrowAway
        case .color: .color
        case .mode: .mode
        }
    }
}
