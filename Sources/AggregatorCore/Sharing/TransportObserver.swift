import Foundation
import ProviderKit

/// Told what the transport stacks did: requests that went upstream and how they ended, answers served from
/// the store, requests that waited for another, budgets spent, shared state out of reach. What a server's
/// metrics and health are made of; the command line tells it nothing.
public protocol TransportObserver: Sendable {
    /// Takes note of an event.
    /// - Parameter event: what happened.
    func observe(_ event: TransportEvent)
}

/// Something a transport stack did.
public enum TransportEvent: Sendable, Hashable {
    /// A request went to a provider's service and ended with this status, or `nil` when no answer came.
    case upstream(ProviderID, status: Int?)
    /// A request was answered from the store: `fresh` when the answer was young enough to serve as it is.
    case storeHit(ProviderID, fresh: Bool)
    /// A request found no usable answer in the store.
    case storeMiss(ProviderID)
    /// A request waited for the same request of another search instead of going upstream.
    case coalesced(ProviderID)
    /// A request was not sent: its provider's budget was spent.
    case budgetRefused(ProviderID)
    /// Shared state (the store, the sharing of questions, the budget counter) could not be reached, with the
    /// reason.
    case sharedStateUnavailable(String)
}

/// An observer that takes note of nothing.
public struct NoTransportObserver: TransportObserver {
    /// Creates the observer.
    public init() {}

    /// Does nothing.
    /// - Parameter event: ignored.
    public func observe(_ event: TransportEvent) {}
}

/// What the searches of a runner share with other runners' searches: who asks a question several ask at
/// once, the counter of request budgets, and the observer of what the transport stacks did. In-process by
/// default; a server shares them between its instances through Redis.
public struct SharedServices: Sendable {
    /// Decides which runner or instance asks a question several ask at once, its followers waiting for the
    /// answer in the store; `nil`, the default, lets each runner ask for itself (its searches still share
    /// their questions through the runner's own ``MemoryQuestionSharing``). The store stage takes the turn,
    /// so it is used only when the settings have a store.
    public var questions: (any QuestionSharing)?
    /// Counts requests against budgets.
    public var budgets: any BudgetCounter
    /// Told what the transport stacks did.
    public var observer: any TransportObserver

    /// Creates the services; each defaults to one process's own.
    /// - Parameters:
    ///   - questions: decides which runner or instance asks a question asked at once.
    ///   - budgets: counts requests against budgets.
    ///   - observer: told what the transport stacks did.
    public init(
        questions: (any QuestionSharing)? = nil, budgets: any BudgetCounter = LocalBudgetCounter(),
        observer: any TransportObserver = NoTransportObserver()
    ) {
        self.questions = questions
        self.budgets = budgets
        self.observer = observer
    }
}
