import Foundation
import ProviderKit

/// A cache file or folder could not be written.
public struct CacheError: Error, Sendable, Equatable, CustomStringConvertible {
    /// One line: what could not be written and why.
    public var description: String

    /// Creates an error.
    /// - Parameter description: the message.
    public init(_ description: String) { self.description = description }
}
