import AggregatorCore
import Foundation
import ProviderKit

/// How results are printed.
package enum OutputFormat: String, CaseIterable, Sendable {
    /// Aligned columns for people.
    case table
    /// The versioned JSON envelope for programs.
    case json
    /// Comma-separated values with a header row.
    case csv
}
