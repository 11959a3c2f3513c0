/// Where a provider's answers come from: one kind of place (the embedded samples, a recording on disk, a
/// live service) behind one method, so that a provider asks every kind the same way and the tool decides
/// which one it talks to.
///
/// A conformer must guarantee:
/// - It answers with the body of a successful answer, or throws a ``ProviderError`` naming the provider
///   and what went wrong; never another error type, and never a crash on what a service or a file holds.
/// - It honours task cancellation (the search deadline), throwing a ``ProviderError/Code/timeout`` error.
/// - It never lets a body larger than its size cap through.
/// - Its description is the endpoint as a setting writes it (`embedded`, `file:///…`, `https://…`), with
///   no secret in it.
///
/// A test stub:
/// ```swift
/// struct FixedEndpoint: ProviderEndpoint {
///     let kind = EndpointKind.recording
///     let description = "a fixed answer"
///     let body: String
///     func answer(_ request: ProviderRequest) async throws(ProviderError) -> EndpointAnswer {
///         .body(Data(body.utf8))
///     }
/// }
/// ```
public protocol ProviderEndpoint: Sendable, CustomStringConvertible {
    /// What kind of place answers, for a provider that asks each kind differently.
    var kind: EndpointKind { get }

    /// Answers one request.
    /// - Parameter request: the request, relative to the endpoint.
    /// - Returns: the answer's body, in memory or in a file.
    /// - Throws: ``ProviderError`` when there is no usable answer.
    func answer(_ request: ProviderRequest) async throws(ProviderError) -> EndpointAnswer
}
