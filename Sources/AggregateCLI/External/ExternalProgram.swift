import AggregatorCore
import Foundation
import ProviderKit

/// An outside program found to be a provider: its id, where it is, and how it was found.
struct ExternalProgram: Sendable, Hashable {
    /// How a program was found.
    enum Origin: Sendable, Hashable {
        /// As `aggregate-provider-<id>` in a folder of `PATH`.
        case path
        /// Listed under `external_providers` in the config file.
        case configFile
    }

    /// The prefix of a provider program's name on `PATH`.
    static let namePrefix = "aggregate-provider-"

    /// The id it is a provider under: the rest of its name, or its key in the config file.
    var id: ProviderID
    /// The program's absolute path.
    var path: String
    /// How it was found.
    var origin: Origin

    /// Where it was found, as `aggregate providers` shows it: `PATH: /usr/local/bin/aggregate-provider-x`
    /// or `config file: /opt/x/provider`.
    var foundIn: String {
        switch origin {
        case .path: "PATH: \(path)"
        case .configFile: "config file: \(path)"
        }
    }

    /// Whether a text can be a provider id: lower-case ASCII letters, digits and dashes, at most 40
    /// characters, starting with a letter or a digit.
    /// - Parameter text: the candidate.
    /// - Returns: `true` when it can.
    static func isProviderID(_ text: String) -> Bool {
        guard let first = text.first, first != "-", text.count <= 40 else { return false }
        return text.allSatisfy { $0.isASCII && ($0.isLowercase || $0.isNumber || $0 == "-") }
    }
}
