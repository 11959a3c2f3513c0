import Foundation
import ProviderKit

/// How many requests a provider's service may be sent in a window of time: `2/s`, `100/h`. What keeps a
/// team's searches within a supplier's rate limit and look-to-book ratio.
public struct RequestBudget: Sendable, Hashable, CustomStringConvertible {
    /// How many requests a window allows.
    public let count: Int
    /// The window.
    public let window: Duration

    /// Creates a budget.
    /// - Parameters:
    ///   - count: requests per window, at least 1.
    ///   - window: the window, positive.
    public init?(count: Int, window: Duration) {
        guard count >= 1, window > .zero else { return nil }
        self.count = count
        self.window = window
    }

    /// Reads `N/s`, `N/m`, `N/h` or `N/d`.
    /// - Parameter text: the budget as written.
    public init?(parsing text: String) {
        let parts = text.split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count == 2, parts[0].count <= 9, let count = Int(parts[0]) else { return nil }
        let window: Duration
        switch parts[1].lowercased() {
        case "s": window = .seconds(1)
        case "m": window = .seconds(60)
        case "h": window = .seconds(3600)
        case "d": window = .seconds(86_400)
        default: return nil
        }
        self.init(count: count, window: window)
    }

    /// `2/s`.
    public var description: String {
        let unit =
            switch window.components.seconds {
            case 1: "s"
            case 60: "m"
            case 3600: "h"
            case 86_400: "d"
            default: "\(window.components.seconds)s"
            }
        return "\(count)/\(unit)"
    }

    /// The number of the window an instant falls in, counted from the epoch.
    package func window(at date: Date) -> Int64 {
        let seconds = max(window.components.seconds, 1)
        return Int64(date.timeIntervalSince1970.rounded(.down)) / seconds
    }
}

/// Counts requests against budgets: in memory for one process (``LocalBudgetCounter``), or in a store several
/// processes share, so that their requests together keep within a provider's budget.
///
/// A conformer never throws: a counter that cannot be reached answers ``BudgetDecision/unavailable(_:)``.
public protocol BudgetCounter: Sendable {
    /// Takes one request from a provider's budget for the window `now` falls in.
    /// - Parameters:
    ///   - provider: the provider.
    ///   - budget: its budget.
    ///   - now: the current time.
    /// - Returns: whether the request is within the budget.
    func take(_ provider: ProviderID, budget: RequestBudget, now: Date) async -> BudgetDecision
}

/// Whether a request is within its provider's budget.
public enum BudgetDecision: Sendable, Hashable {
    /// Within it: send.
    case allowed
    /// Over it: do not send.
    case refused
    /// The counter cannot be reached, with the reason.
    case unavailable(String)
}

/// Budgets counted in memory, in fixed windows: one process's.
public final class LocalBudgetCounter: BudgetCounter, @unchecked Sendable {
    private struct Window: Hashable {
        var provider: ProviderID
        var number: Int64
    }

    private let lock = NSLock()
    private var counts: [Window: Int] = [:]

    /// Creates a counter with nothing counted.
    public init() {}

    /// Counts the request in its window.
    /// - Parameters:
    ///   - provider: the provider.
    ///   - budget: its budget.
    ///   - now: the current time.
    /// - Returns: `allowed` while the window's count is within the budget, else `refused`.
    public func take(_ provider: ProviderID, budget: RequestBudget, now: Date) async -> BudgetDecision {
        let window = Window(provider: provider, number: budget.window(at: now))
        return lock.withLock {
            // Windows that have passed are forgotten, so the table stays small.
            counts = counts.filter { $0.key.provider != provider || $0.key.number >= window.number }
            let count = counts[window, default: 0] + 1
            counts[window] = count
            return count <= budget.count ? .allowed : .refused
        }
    }
}
