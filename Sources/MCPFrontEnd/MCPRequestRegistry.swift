import Foundation
import MCPWire

/// The requests in progress, by id: what a cancellation finds, and what the end of input waits for.
package final class MCPRequestRegistry: @unchecked Sendable {
    /// Creates a registry with no request in progress.
    package init() {}

    /// How a finished request is to be treated.
    package enum Ending: Sendable, Equatable {
        /// Answer it.
        case answer
        /// The client cancelled it: per MCP, no response is sent.
        case cancelledByClient
    }

    private struct Entry {
        var task: Task<Void, Never>?
        var cancelledByClient = false
    }

    private let lock = NSLock()
    private var entries: [JSONRPCID: Entry] = [:]

    /// Starts a request's task under the lock, so that the task cannot finish and deregister before it is
    /// registered.
    /// - Parameters:
    ///   - id: the request's id.
    ///   - makeTask: starts the task; called only when the id is free.
    /// - Returns: `false` when a request with this id is still in progress; nothing is started then.
    package func start(_ id: JSONRPCID, _ makeTask: () -> Task<Void, Never>) -> Bool {
        lock.withLock {
            guard entries[id] == nil else { return false }
            entries[id] = Entry()
            entries[id]?.task = makeTask()
            return true
        }
    }

    /// Removes a finished request, answering it unless the client cancelled it.
    ///
    /// The answer is queued before the request leaves the registry, so that whoever waits for the registry
    /// to empty (the end of input) finds every answer queued; and a cancellation either comes first and
    /// suppresses the answer, or finds the request gone and is ignored.
    /// - Parameters:
    ///   - id: the request's id.
    ///   - answer: queues the answer; called under the lock, so it must only queue.
    /// - Returns: how the request ended.
    package func finish(_ id: JSONRPCID, answer: () -> Void) -> Ending {
        lock.withLock {
            let entry = entries.removeValue(forKey: id)
            if entry?.cancelledByClient == true { return .cancelledByClient }
            answer()
            return .answer
        }
    }

    /// Cancels a request the client gave up on; an unknown or finished id is ignored, as MCP allows.
    /// - Parameter id: the request's id.
    /// - Returns: whether a request in progress was cancelled.
    @discardableResult
    package func cancelByClient(_ id: JSONRPCID) -> Bool {
        let task: Task<Void, Never>? = lock.withLock {
            guard entries[id] != nil else { return nil }
            entries[id]?.cancelledByClient = true
            return entries[id]?.task
        }
        task?.cancel()
        return task != nil
    }

    /// Cancels every request still in progress; they are still answered, with what they had by then.
    package func cancelAll() {
        let tasks = lock.withLock { entries.values.compactMap(\.task) }
        for task in tasks { task.cancel() }
    }

    /// How many requests are in progress.
    package var count: Int { lock.withLock { entries.count } }

    /// Waits until no request is in progress, or until `deadline`.
    /// - Parameter deadline: when to stop waiting.
    /// - Returns: whether every request finished.
    package func waitUntilEmpty(before deadline: ContinuousClock.Instant) async -> Bool {
        while count > 0 {
            guard ContinuousClock.now < deadline else { return false }
            try? await Task.sleep(for: .milliseconds(20))
        }
        return true
    }
}
