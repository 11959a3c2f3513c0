import AggregatorCore
import Foundation
import ProviderKit

/// The live answers of one `watch run`, shared by the watches that ask the same provider the same
/// question through the same settings: the first to ask sends the request, the others wait for its answer
/// or get it when it is already there, so a service is asked each question once per run however many
/// watches ask it.
///
/// Sits above the whole transport stack (see ``AnswerSharingProvider``), so it shares what the stack
/// shares only while a request is in flight, also between watches whose searches do not overlap, and also
/// for an MCP server's tool calls. A request that may not be cached (it carries a secret of its own) is
/// never shared; a failure is shared like an answer, so a failing service is not asked again in the run.
package actor SharedAnswers {
    /// What makes two requests the same question.
    package struct Key: Hashable {
        package var provider: ProviderID
        package var request: ProviderRequest

        /// Creates the value from each of its properties, as the memberwise initializer does.
        package init(provider: ProviderID, request: ProviderRequest) {
            self.provider = provider
            self.request = request
        }
    }

    private var answers: [Key: Task<Result<Data, ProviderError>, Never>] = [:]
    /// How many requests were answered with another watch's answer instead of going out.
    package private(set) var shared = 0

    /// The answer to a request: the one already asked for when there is one, else `fetch`'s.
    /// - Parameters:
    ///   - key: the provider and the request.
    ///   - fetch: asks the provider's endpoint.
    /// - Returns: the answer's body.
    /// - Throws: the ``ProviderError`` the first asker got.
    package func answer(
        _ key: Key, fetch: @escaping @Sendable () async -> Result<Data, ProviderError>
    ) async throws(ProviderError) -> Data {
        if let asked = answers[key] {
            shared += 1
            return try await asked.value.get()
        }
        let task = Task { await fetch() }
        answers[key] = task
        return try await task.value.get()
    }
}
