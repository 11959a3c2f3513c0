import Foundation
import ProviderKit

/// Decides which of several searches asking the same question at the same time asks it upstream: the one
/// that claims the question leads, the others follow and wait for its answer in the ``AnswerStore``. Within
/// one process ``CoalescingTransport`` shares requests in flight already; a coordinator shared by several
/// processes (through Redis) does the same across them.
///
/// A conformer must guarantee:
/// - At most one claimant of a key leads until it releases the key or the claim's time runs out, so that a
///   leader that died never blocks the others for longer than that.
/// - A claim never throws: a coordinator that cannot be reached answers ``RequestClaim/unavailable(_:)``,
///   and the search asks upstream itself.
public protocol RequestCoordinator: Sendable {
    /// Claims the right to ask a question upstream.
    /// - Parameters:
    ///   - key: the question.
    ///   - duration: how long the claim holds at most.
    /// - Returns: whether to lead, to follow, or that the coordinator cannot be reached.
    func claim(_ key: AnswerKey, for duration: Duration) async -> RequestClaim

    /// Gives a claim up: the answer is stored, or the leader failed and a follower should ask itself.
    /// - Parameter key: the question.
    func release(_ key: AnswerKey) async
}

/// What claiming a question gave.
public enum RequestClaim: Sendable, Hashable {
    /// Ask upstream, then release the claim.
    case lead
    /// Another asks: wait for its answer in the store.
    case follow
    /// The coordinator cannot be reached, with the reason: ask upstream without it.
    case unavailable(String)
}

/// The coordinator of one process: every claim leads, since requests in flight are shared within the process
/// by ``CoalescingTransport``.
public struct LocalCoordinator: RequestCoordinator {
    /// Creates the coordinator.
    public init() {}

    /// Leads.
    /// - Parameters:
    ///   - key: the question.
    ///   - duration: unused.
    /// - Returns: ``RequestClaim/lead``.
    public func claim(_ key: AnswerKey, for duration: Duration) async -> RequestClaim { .lead }

    /// Does nothing.
    /// - Parameter key: the question.
    public func release(_ key: AnswerKey) async {}
}
