import Foundation
import ProviderKit

/// Keeps a provider's requests within its budget (``RequestBudget``): each request that would go upstream
/// takes one from the budget's window, and one over it is not sent but fails with
/// ``TransportError/Kind/overBudget``, so that the search answers from the store if it can and otherwise
/// reports the provider not asked, never a 429 from the service. A counter out of reach lets the request go,
/// and says so to the observer.
public struct BudgetTransport: HTTPTransport {
    /// What sends the requests within the budget.
    public let base: any HTTPTransport
    /// Whose budget it is.
    public let provider: ProviderID
    /// The budget.
    public let budget: RequestBudget
    private let shared: SharedServices
    private let now: @Sendable () -> Date

    /// Wraps a transport.
    /// - Parameters:
    ///   - base: sends the requests within the budget.
    ///   - provider: whose budget it is.
    ///   - budget: the budget.
    ///   - shared: the budget counter and the observer.
    ///   - now: the clock windows are counted on.
    public init(
        _ base: any HTTPTransport, provider: ProviderID, budget: RequestBudget, shared: SharedServices,
        now: @escaping @Sendable () -> Date = { Date() }
    ) {
        self.base = base
        self.provider = provider
        self.budget = budget
        self.shared = shared
        self.now = now
    }

    /// Sends the request when the budget allows it.
    /// - Parameter request: what to send.
    /// - Returns: the answer.
    /// - Throws: ``TransportError`` `overBudget` over the budget; whatever the base throws.
    public func send(_ request: HTTPRequest) async throws -> HTTPResponse {
        switch await shared.budgets.take(provider, budget: budget, now: now()) {
        case .allowed:
            break
        case .refused:
            shared.observer.observe(.budgetRefused(provider))
            throw TransportError(.overBudget, "its request budget of \(budget) is spent")
        case .unavailable(let reason):
            shared.observer.observe(.sharedStateUnavailable(reason))
        }
        return try await base.send(request)
    }
}
