import AggregatorCore
import Foundation
import ProviderKit

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The tool's exit status, documented in the README and docs/commands.md.
package enum ExitCode: Int32, Sendable {
    /// Every selected provider answered, even with no offers.
    case success = 0
    /// `favorites`: the change could not be made (not a favourite, or the file cannot be written);
    /// `provider check`: a check failed.
    case failure = 1
    /// Some providers failed; the others' offers were printed.
    case partial = 2
    /// No provider answered.
    case noProviderAnswered = 3
    /// `watch run`: every provider answered and there is something to tell.
    case somethingToTell = 10
    /// The command line was wrong; nothing ran.
    case usage = 64
    /// The results could not be written (a full disk, a closed standard output): `EX_IOERR`.
    case outputFailed = 74

    /// The status a search's completeness leads to.
    package init(_ completeness: SearchResult.Completeness) {
        switch completeness {
        case .complete: self = .success
        case .partial: self = .partial
        case .none: self = .noProviderAnswered
        }
    }
}
