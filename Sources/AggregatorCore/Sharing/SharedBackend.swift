import Foundation
import ProviderKit

/// The state the searches of a server share with each other, and with other instances of the server: kept
/// answers, who asks a question several ask at once, request budgets, and how that state is doing. On one
/// machine it is ``LocalBackend`` (a disk or memory store, in-process budgets, and no sharing of questions
/// beyond each runner's own); instances that share it keep it in Redis.
public protocol SharedBackend: Sendable {
    /// Where answers are kept.
    var store: any AnswerStore { get }
    /// Decides which instance asks a question several ask at once; `nil` when there is one instance.
    var questions: (any QuestionSharing)? { get }
    /// Counts requests against budgets.
    var budgets: any BudgetCounter { get }

    /// How the shared state is doing now: ``SharedHealth/ok`` when it can be reached, else degraded with the
    /// reason (the searches go on without it meanwhile).
    func health() async -> SharedHealth
}

/// How shared state is doing.
public enum SharedHealth: Sendable, Hashable {
    /// Reachable.
    case ok
    /// Out of reach, with the reason: searches ask the services directly, without sharing.
    case degraded(String)
}

/// One process's shared state: answers in the given store, budgets in memory, and questions shared by each
/// runner's own ``MemoryQuestionSharing``.
public struct LocalBackend: SharedBackend {
    /// Where answers are kept.
    public let store: any AnswerStore
    /// None: questions asked at once are shared within the process by each runner.
    public let questions: (any QuestionSharing)? = nil
    /// Budgets counted in memory.
    public let budgets: any BudgetCounter = LocalBudgetCounter()

    /// Creates the state.
    /// - Parameter store: where answers are kept: the disk cache, or memory.
    public init(store: any AnswerStore) { self.store = store }

    /// Always reachable.
    /// - Returns: ``SharedHealth/ok``.
    public func health() async -> SharedHealth { .ok }
}
