import Foundation
import ProviderKit

/// Asks each question once: a request whose question (the provider and the request's method, URL, header
/// fields and body) another search of the runner is asking waits for that one's answer instead of going
/// out again, through the runner's ``MemoryQuestionSharing``. The stage that keeps one question from
/// reaching a service twice, whether two searches of a long-running process ask it, one provider asks
/// twice, or, with a sharing that keeps its answers, two watches of one `watch run` ask alike.
///
/// The leader shares what it got as soon as it has it: the response, whatever its status, or the failure.
/// A leader stopped by its own deadline or a cancelled caller shares nothing, and the next asker leads. A
/// follower waits no longer than its own deadline (or, without one, its request's time limit), then asks
/// itself.
///
/// A request that may not be cached is never shared: its answer may hold something meant for it alone.
public struct QuestionSharingTransport: HTTPTransport {
    /// What sends the requests that go out.
    public let base: any HTTPTransport
    /// Whose requests these are: providers never share answers.
    public let provider: ProviderID
    /// Who asks, and the answers given to the others.
    public let questions: MemoryQuestionSharing
    private let observer: any TransportObserver
    private let deadline: ContinuousClock.Instant?

    /// Wraps a transport.
    /// - Parameters:
    ///   - base: what sends the requests.
    ///   - provider: whose requests these are.
    ///   - questions: the questions being asked, shared with the other stacks of the runner.
    ///   - observer: told about each request answered with another's answer.
    ///   - deadline: the instant no follower waits past; `nil` bounds a wait by the request's time limit.
    public init(
        _ base: any HTTPTransport, provider: ProviderID, questions: MemoryQuestionSharing,
        observer: any TransportObserver = NoTransportObserver(), deadline: ContinuousClock.Instant? = nil
    ) {
        self.base = base
        self.provider = provider
        self.questions = questions
        self.observer = observer
        self.deadline = deadline
    }

    /// Sends the request, or gets the answer of the same request asked by another.
    /// - Parameter request: what to send.
    /// - Returns: the answer.
    /// - Throws: whatever sending it throws, or the failure of the one that sent it.
    public func send(_ request: HTTPRequest) async throws -> HTTPResponse {
        guard request.isCacheable else { return try await base.send(request) }
        let key = AnswerKey(provider: provider, request: request)
        let limit = deadline.map { max(ContinuousClock.now.duration(to: $0), .milliseconds(1)) } ?? request.timeout
        switch await questions.turn(key, answersSince: .distantPast, waitingAtMost: limit) {
        case .answered(let answer):
            observer.observe(.coalesced(provider))
            return try answer.get()
        case .alone:
            return try await base.send(request)
        case .lead:
            do {
                let response = try await base.send(request)
                await questions.settle(key, with: .response(response, retrievedAt: nil))
                return response
            } catch {
                let stopped = Task.isCancelled || error is CancellationError
                await questions.settle(key, with: stopped ? nil : .failure(error))
                throw error
            }
        }
    }
}
