import Foundation
import ProviderKit

/// Asks each question once: of several askers of the same question (``AnswerKey``), one leads and asks it
/// upstream, and the others get its answer instead of asking again. The one place that decides who asks;
/// ``QuestionSharingTransport`` uses it in a provider's transport stack.
///
/// Two conformers: ``MemoryQuestionSharing`` joins the askers of one process (and, for the life of a
/// `watch run`, can keep the answers and failures it was given), and a shared store's conformer (Redis's)
/// joins several instances of a server: the leader claims the question there, and the others wait for its
/// answer in the shared store.
///
/// A conformer must guarantee:
/// - At most one asker of a key leads at a time, until it settles the key or its claim's time
///   (`waitingAtMost`) runs out, so that a leader that died never blocks the others for longer than that.
/// - A turn never throws and never waits past `waitingAtMost`: an asker that waited that long, or whose
///   conformer cannot be reached, is told to ask alone (``QuestionTurn/alone(unavailable:)``).
/// - An answer settled is given to the askers waiting for it; a lead settled without one (the leader failed,
///   or its answer could not be used) lets the next asker lead, so that a follower asks itself.
///
/// Whoever leads must settle, whatever happens; a request that may not be cached (it carries a secret of
/// its own) is never asked through a conformer.
public protocol QuestionSharing: Sendable {
    /// Whose turn it is to ask a question: this asker's, or another's whose answer it gets.
    /// - Parameters:
    ///   - key: the question.
    ///   - answersSince: the oldest answer a conformer that reads a store takes as the leader's: one retrieved
    ///     before it is an earlier search's, not the answer waited for.
    ///   - limit: how long the lead holds at most, and how long this asker waits at most.
    /// - Returns: lead (ask, then ``settle(_:with:)``), the leader's answer, or ask alone.
    func turn(_ key: AnswerKey, answersSince: Date, waitingAtMost limit: Duration) async -> QuestionTurn

    /// Ends a lead: the answer goes to the askers waiting, or with `nil` the next asker leads.
    /// - Parameters:
    ///   - key: the question led.
    ///   - answer: the answer to share, or `nil` when there is none to share.
    func settle(_ key: AnswerKey, with answer: SharedAnswer?) async
}

/// Whose turn it is to ask a question.
public enum QuestionTurn: Sendable {
    /// Ask upstream, then settle the question.
    case lead
    /// Another asked: this is its answer.
    case answered(SharedAnswer)
    /// Ask upstream without leading: the conformer cannot be reached (with the reason), or the leader did not
    /// answer in time (`nil`).
    case alone(unavailable: String?)
}

/// The answer a leader shares: the service's response, one it already kept in the shared store, or how asking
/// failed.
public enum SharedAnswer: Sendable {
    /// The response, with when it was retrieved when that is known.
    case response(HTTPResponse, retrievedAt: Date?)
    /// An answer already kept in the store a store-backed conformer's askers read (the store stage keeps its
    /// answers before it settles): such a conformer need not write it again.
    case stored(StoredAnswer)
    /// Asking failed with this error.
    case failure(any Error)

    /// When the answer was retrieved, when that is known.
    public var retrievedAt: Date? {
        switch self {
        case .response(_, let retrievedAt): retrievedAt
        case .stored(let answer): answer.retrievedAt
        case .failure: nil
        }
    }

    /// The response, or the error thrown; a stored answer is a response of status 200, JSON.
    /// - Returns: the response.
    /// - Throws: the failure shared.
    public func get() throws -> HTTPResponse {
        switch self {
        case .response(let response, _): response
        case .stored(let answer):
            HTTPResponse(status: 200, headers: ["Content-Type": "application/json"], body: answer.body)
        case .failure(let error): throw error
        }
    }
}
