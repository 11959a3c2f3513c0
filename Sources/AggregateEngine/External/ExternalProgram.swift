import AggregatorCore
import Foundation
import ProviderKit

/// An outside program found to be a provider: its id, where it is, and how it was found.
package struct ExternalProgram: Sendable, Hashable {
    /// How a program was found.
    package enum Origin: Sendable, Hashable {
        /// As `aggregate-provider-<id>` in a folder of `PATH`.
        case path
        /// Listed under `external_providers` in the config file.
        case configFile
    }

    /// The prefix of a provider program's name on `PATH`.
    package static let namePrefix = "aggregate-provider-"

    /// The id it is a provider under: the rest of its name, or its key in the config file.
    package var id: ProviderID
    /// The program's absolute path.
    package var path: String
    /// How it was found.
    package var origin: Origin

    /// Where it was found, as `aggregate providers` shows it: `PATH: /usr/local/bin/aggregate-provider-x`
    /// or `config file: /opt/x/provider`.
    package var foundIn: String {
        switch origin {
        case .path: "PATH: \(path)"
        case .configFile: "config file: \(path)"
        }
    }

    /// Whether a text can be a provider id: lower-case ASCII letters, digits and dashes, at most 40
    /// characters, starting with a letter or a digit.
    /// - Parameter text: the candidate.
    /// - Returns: `true` when it can.
    package static func isProviderID(_ text: String) -> Bool {
        guard let first = text.first, first != "-", text.count <= 40 else { return false }
        return text.allSatisfy { $0.isASCII && ($0.isLowercase || $0.isNumber || $0 == "-") }
    }

    /// Creates the value from each of its properties, as the memberwise initializer does.
    package init(id: ProviderID, path: String, origin: Origin) {
        self.id = id
        self.path = path
        self.origin = origin
    }
}
