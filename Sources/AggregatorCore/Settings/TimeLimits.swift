/// A search's time limits: the deadline of the whole search, and each request's time limit, which is never
/// longer than the deadline. Both are positive: the initializer refuses anything else.
public struct TimeLimits: Sendable, Hashable {
    /// The whole search's time limit.
    public let deadline: Duration
    /// Each request's time limit: the one asked for, cut to the deadline.
    public let requestTimeout: Duration

    /// Creates the limits.
    /// - Parameters:
    ///   - deadline: the whole search's time limit.
    ///   - requestTimeout: each request's time limit; the deadline when `nil`, and never longer than it.
    /// - Throws: ``AggregatorSetupError`` `nonPositiveTimeLimit` for a limit that is zero or negative.
    public init(deadline: Duration, requestTimeout: Duration? = nil) throws(AggregatorSetupError) {
        guard deadline > .zero, (requestTimeout ?? deadline) > .zero else {
            throw AggregatorSetupError(.nonPositiveTimeLimit)
        }
        self.deadline = deadline
        self.requestTimeout = min(requestTimeout ?? deadline, deadline)
    }

    private init(checkedDeadline deadline: Duration) {
        self.deadline = deadline
        requestTimeout = deadline
    }

    /// Ten seconds for the search and for each request: the tool's default.
    public static let standard = TimeLimits(checkedDeadline: .seconds(10))
}
