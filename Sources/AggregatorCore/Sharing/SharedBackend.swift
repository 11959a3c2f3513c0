import Foundation
import ProviderKit

/// The state the searches of a server share with each other, and with other instances of the server: kept
/// answers, the coordinator of questions asked at once, request budgets, and how that state is doing. On one
/// machine it is ``LocalBackend`` (a disk or memory store, in-process coordination and budgets); instances
/// that share it keep it in Redis.
public protocol SharedBackend: Sendable {
    /// Where answers are kept.
    var store: any AnswerStore { get }
    /// Decides who asks a question several searches ask at once.
    var coordinator: any RequestCoordinator { get }
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

/// One process's shared state: answers in the given store, questions and budgets in memory.
public struct LocalBackend: SharedBackend {
    /// Where answers are kept.
    public let store: any AnswerStore
    /// Every claim leads: requests in flight are shared within the process.
    public let coordinator: any RequestCoordinator = LocalCoordinator()
    /// Budgets counted in memory.
    public let budgets: any BudgetCounter = LocalBudgetCounter()

    /// Creates the state.
    /// - Parameter store: where answers are kept: the disk cache, or memory.
    public init(store: any AnswerStore) { self.store = store }

    /// Always reachable.
    /// - Returns: ``SharedHealth/ok``.
    public func health() async -> SharedHealth { .ok }
}
