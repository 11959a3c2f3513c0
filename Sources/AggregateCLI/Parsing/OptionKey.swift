import AggregatorCore
import ProviderKit

/// An option's name as typed, `--from`: one typed constant per option, shared by the parser's tables,
/// the help text and the code that reads the values, so that a misspelt option cannot compile.
struct OptionKey: Hashable, Sendable, CustomStringConvertible {
    /// The name with its dashes.
    let name: String

    private init(_ name: String) { self.name = name }

    /// The name with its dashes.
    var description: String { name }

    // Query options.
    static let providers = OptionKey("--providers")
    static let from = OptionKey("--from")
    static let to = OptionKey("--to")
    static let date = OptionKey("--date")
    static let returnDate = OptionKey("--return")
    static let roundTrip = OptionKey("--round-trip")
    static let kind = OptionKey("--kind")
    static let sort = OptionKey("--sort")
    static let limit = OptionKey("--limit")
    static let maxPrice = OptionKey("--max-price")
    static let maxStops = OptionKey("--max-stops")
    static let airline = OptionKey("--airline")
    static let color = OptionKey("--color")
    static let currency = OptionKey("--currency")
    static let format = OptionKey("--format")
    static let wide = OptionKey("--wide")
    static let verbose = OptionKey("--verbose")
    static let rates = OptionKey("--rates")
    static let adults = OptionKey("--adults")
    static let children = OptionKey("--children")
    static let infants = OptionKey("--infants")
    static let cabin = OptionKey("--cabin")
    static let excludeAirline = OptionKey("--exclude-airline")
    static let carrier = OptionKey("--carrier")
    static let excludeCarrier = OptionKey("--exclude-carrier")
    static let departAfter = OptionKey("--depart-after")
    static let departBefore = OptionKey("--depart-before")
    static let arriveAfter = OptionKey("--arrive-after")
    static let arriveBefore = OptionKey("--arrive-before")
    static let maxDuration = OptionKey("--max-duration")
    static let minLayover = OptionKey("--min-layover")
    static let maxLayover = OptionKey("--max-layover")
    static let bags = OptionKey("--bags")
    static let noSelfTransfer = OptionKey("--no-self-transfer")
    static let noHiddenCity = OptionKey("--no-hidden-city")
    static let noThrowAway = OptionKey("--no-throw-away")
    static let mode = OptionKey("--mode")

    // Connection options.
    static let endpoint = OptionKey("--endpoint")
    static let timeout = OptionKey("--timeout")
    static let offline = OptionKey("--offline")
    static let live = OptionKey("--live")
    static let maxResponseSize = OptionKey("--max-response-size")
    static let check = OptionKey("--check")

    // Directory options.
    static let search = OptionKey("--search")
    static let active = OptionKey("--active")
    static let favorites = OptionKey("--favorites")

    // Watches and their history.
    static let below = OptionKey("--below")
    static let trip = OptionKey("--trip")
    static let notify = OptionKey("--notify")
    static let notifyCommand = OptionKey("--notify-command")
    static let keep = OptionKey("--keep")
    static let chart = OptionKey("--chart")
    // Server options.
    static let listen = OptionKey("--listen")
    static let tokenFile = OptionKey("--token-file")
    static let allowOrigin = OptionKey("--allow-origin")
    static let cache = OptionKey("--cache")
    static let cacheKeyFile = OptionKey("--cache-key-file")
    static let budget = OptionKey("--budget")
    static let freshFor = OptionKey("--fresh-for")
    static let maxSearches = OptionKey("--max-searches")

    // Every command.
    static let help = OptionKey("--help")

    /// The option that sets a query field: what a hint says to drop, what a provider needs added.
    /// - Parameter field: the field.
    /// - Returns: its option.
    static func setting(_ field: QueryField) -> OptionKey {
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
