import ProviderKit

/// Refuses bodies over a size cap: the size stage of a provider's transport stack.
///
/// The network transport already stops reading at its own cap; this stage holds whatever is below it
/// (a cache entry, a transport built with a larger cap) to the provider's limit, so nothing larger
/// than the cap reaches a decoder.
public struct SizeLimitedTransport: HTTPTransport {
    /// The transport that answers.
    public let base: any HTTPTransport
    /// The largest body passed on, in bytes.
    public let maxBytes: Int

    /// Wraps a transport.
    /// - Parameters:
    ///   - base: answers the requests.
    ///   - maxBytes: the largest body passed on.
    public init(_ base: any HTTPTransport, maxBytes: Int) {
        self.base = base
        self.maxBytes = maxBytes
    }

    /// Sends the request and checks the answer's size.
    /// - Parameter request: what to send.
    /// - Returns: the answer, when its body is within the cap.
    /// - Throws: ``TransportError`` `responseTooLarge` for a larger body, and whatever the base throws.
    public func send(_ request: HTTPRequest) async throws -> HTTPResponse {
        let response = try await base.send(request)
        guard response.body.count <= maxBytes else {
            throw TransportError(
                .responseTooLarge, "the response is \(response.body.count) bytes, over the \(maxBytes)-byte limit",
                attempts: response.attempts)
        }
        return response
    }
}
