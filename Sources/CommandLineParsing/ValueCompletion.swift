import ProviderKit

/// What a shell can offer for one value on the command line: an option's value or a word after a command.
package enum ValueCompletion: Sendable, Equatable {
    /// Free text, such as an airport code or an airline: nothing to offer, and no file names either.
    case text
    /// One of these words.
    case words([String])
    /// A path to a file.
    case files
    /// One installed provider's id.
    case providerIDs
    /// A comma-separated list of installed providers' ids, or `all`: `--providers kiwi,aviasales`.
    case providerIDList
    /// A comma-separated list of these words, each once: `--mode train,bus`.
    case wordList([String])
    /// An installed provider's id and its endpoint, `ID=URL`: `--endpoint kiwi=live`.
    case providerEndpoints

    /// The endpoint word every provider's `--endpoint ID=` takes besides a URL or a path.
    package static let embeddedEndpoint = "embedded"
    /// The endpoint word that only a provider with a live service takes: for another, it is an error.
    package static let liveEndpoint = "live"

    /// What an option's value can be: its choices when it has some; provider ids for the options that take
    /// them; a list of modes for `--mode`; files for a `FILE` value; free text otherwise.
    /// - Parameter option: the option, which takes a value.
    /// - Returns: what to offer for its value.
    package static func value(of option: OptionSpec) -> ValueCompletion {
        if let choices = option.choices { return .words(choices) }
        switch option.key {
        case .providers: return .providerIDList
        case .mode: return .wordList(TravelMode.allCases.map(\.rawValue))
        case .endpoint: return .providerEndpoints
        default: return option.valueName == "FILE" ? .files : .text
        }
    }
}
