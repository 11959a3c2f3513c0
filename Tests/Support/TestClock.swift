import Foundation

/// A clock on which time passes only when something sleeps on it, for tests of waits: no test then measures
/// how fast the machine it runs on is. Every sleep is recorded, in the order asked.
///
/// A sleep on a ``Sleeping/passes`` clock returns at once, the clock moving on to the sleep's end; one on a
/// ``Sleeping/lastsUntilCancelled`` clock never ends by itself, only when its task is cancelled.
public final class TestClock: Clock, @unchecked Sendable {
    /// How sleeps on the clock end.
    public enum Sleeping: Sendable {
        /// At once, with the clock moved on to the sleep's end.
        case passes
        /// Only when the sleeping task is cancelled; the clock stays where it was.
        case lastsUntilCancelled
    }

    /// A moment on a test clock: how long after the clock's start.
    public struct Instant: InstantProtocol {
        /// The time since the clock's start.
        public var offset: Duration

        /// The moment `duration` after this one.
        public func advanced(by duration: Duration) -> Instant { Instant(offset: offset + duration) }

        /// The time from this moment to `other`.
        public func duration(to other: Instant) -> Duration { other.offset - offset }

        /// Whether `lhs` comes before `rhs`.
        public static func < (lhs: Instant, rhs: Instant) -> Bool { lhs.offset < rhs.offset }
    }

    private let sleeping: Sleeping
    private let lock = NSLock()
    private var current = Instant(offset: .zero)
    private var asked: [Duration] = []
    private var waiting: [UUID: CheckedContinuation<Void, any Error>] = [:]
    private var cancelledBeforeWaiting: Set<UUID> = []

    /// A clock at its start.
    /// - Parameter sleeping: how sleeps end.
    public init(sleeping: Sleeping = .passes) {
        self.sleeping = sleeping
    }

    /// The current moment.
    public var now: Instant { lock.withLock { current } }

    /// Any duration is told apart.
    public var minimumResolution: Duration { .zero }

    /// How long each sleep asked to last, in the order asked; a sleep until a moment already past asks zero.
    public var sleeps: [Duration] { lock.withLock { asked } }

    /// Sleeps as the clock's ``Sleeping`` says.
    /// - Parameters:
    ///   - deadline: the moment to sleep until.
    ///   - tolerance: ignored.
    /// - Throws: `CancellationError` when the task is cancelled.
    public func sleep(until deadline: Instant, tolerance: Duration?) async throws {
        lock.withLock { asked.append(max(current.duration(to: deadline), .zero)) }
        try Task.checkCancellation()
        switch sleeping {
        case .passes:
            lock.withLock { current = max(current, deadline) }
        case .lastsUntilCancelled:
            let id = UUID()
            try await withTaskCancellationHandler {
                try await withCheckedThrowingContinuation { continuation in
                    let cancelled = lock.withLock {
                        guard cancelledBeforeWaiting.remove(id) == nil else { return true }
                        waiting[id] = continuation
                        return false
                    }
                    if cancelled { continuation.resume(throwing: CancellationError()) }
                }
            } onCancel: {
                let continuation = lock.withLock {
                    guard let continuation = waiting.removeValue(forKey: id) else {
                        cancelledBeforeWaiting.insert(id)
                        return nil as CheckedContinuation<Void, any Error>?
                    }
                    return continuation
                }
                continuation?.resume(throwing: CancellationError())
            }
        }
    }
}
