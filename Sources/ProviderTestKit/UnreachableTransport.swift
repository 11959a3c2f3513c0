import AggregatorCore
import Foundation
import ProviderKit

/// A transport for clients that must never go to the network.
public struct UnreachableTransport: HTTPTransport {
    /// Creates the transport.
    public init() {}

    /// Always fails.
    /// - Parameter request: ignored.
    /// - Returns: never.
    /// - Throws: ``TransportError`` `connectionFailed`.
    public func send(_ request: HTTPRequest) async throws -> HTTPResponse {
        throw TransportError(.connectionFailed, "this test does not reach the network")
    }
}
