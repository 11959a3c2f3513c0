import ProviderKit

/// Runs operations concurrently until a deadline and keeps what has arrived by then, without waiting for
/// the rest.
///
/// Structured concurrency would wait for every cancelled child to return, and a child that does not
/// check for cancellation (a long CPU-bound loop) would then hold the caller past its deadline. Here
/// each operation runs in a task of its own, on ``ProviderThreads`` so that it cannot starve the
/// caller of a thread; at the deadline, or when the caller is cancelled, the unfinished ones are
/// cancelled and left to wind down on their own, and the caller goes on at once.
enum BoundedTasks {
    /// Runs the operations and collects their results.
    /// - Parameters:
    ///   - operations: each operation with the key its result is filed under.
    ///   - end: when to stop waiting.
    ///   - arrived: called on the caller's task with each key as its result arrives.
    /// - Returns: the results that arrived before the deadline, by key.
    static func collect<Key: Hashable & Sendable, Value: Sendable>(
        _ operations: [(Key, @Sendable () async -> Value)], until end: ContinuousClock.Instant,
        arrived: (Key) -> Void = { _ in }
    ) async -> [Key: Value] {
        guard !operations.isEmpty else { return [:] }
        let (events, continuation) = AsyncStream<BoundedTaskEvent<Key, Value>>.makeStream()
        let tasks = operations.map { key, operation in
            start {
                let value = await operation()
                continuation.yield(.finished(key, value))
            }
        }
        let timer = Task {
            try? await Task.sleep(until: end, clock: .continuous)
            continuation.yield(.deadline)
        }
        var results: [Key: Value] = [:]
        // An AsyncStream ends its iteration when the iterating task is cancelled, so a cancelled caller
        // leaves this loop too.
        loop: for await event in events {
            switch event {
            case .finished(let key, let value):
                results[key] = value
                arrived(key)
                if results.count == operations.count { break loop }
            case .deadline:
                break loop
            }
        }
        timer.cancel()
        for task in tasks { task.cancel() }
        continuation.finish()
        return results
    }
}

extension BoundedTasks {
    /// Starts an operation on ``ProviderThreads`` where the system offers task executors, else in the
    /// shared pool.
    static func start(_ operation: @escaping @Sendable () async -> Void) -> Task<Void, Never> {
        #if canImport(Darwin)
            if #available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, *) {
                return Task(executorPreference: ProviderThreads.shared, operation: operation)
            }
            return Task(operation: operation)
        #else
            return Task(executorPreference: ProviderThreads.shared, operation: operation)
        #endif
    }
}

/// What the collecting loop hears: a result, or the deadline.
private enum BoundedTaskEvent<Key: Sendable, Value: Sendable>: Sendable {
    case finished(Key, Value)
    case deadline
}
