import Foundation

/// A cap on requests of one kind handled at once, such as searches: a request that finds the gate full is
/// answered at once (``ServerResponse/unavailable(retryAfter:contentType:body:)``) rather than queued, so a
/// crowd cannot pile work up in the server.
///
/// ```swift
/// let searches = ConcurrencyGate(limit: 16)
/// guard let pass = searches.enter() else { return .unavailable(retryAfter: 1) }
/// defer { pass.leave() }
/// ```
public final class ConcurrencyGate: @unchecked Sendable {
    /// A place taken at the gate, given back with ``leave()``; giving it back twice does nothing.
    public final class Pass: @unchecked Sendable {
        private let gate: ConcurrencyGate
        private let lock = NSLock()
        private var left = false

        fileprivate init(gate: ConcurrencyGate) { self.gate = gate }

        /// Gives the place back.
        public func leave() {
            let first = lock.withLock {
                defer { left = true }
                return !left
            }
            if first { gate.release() }
        }

        deinit { leave() }
    }

    /// The most requests at once.
    public let limit: Int
    private let lock = NSLock()
    private var taken = 0

    /// Creates a gate.
    /// - Parameter limit: the most requests at once, at least 1.
    public init(limit: Int) {
        self.limit = max(limit, 1)
    }

    /// Takes a place, or `nil` when every place is taken.
    /// - Returns: the place, to give back when the request is done.
    public func enter() -> Pass? {
        let admitted = lock.withLock {
            guard taken < limit else { return false }
            taken += 1
            return true
        }
        return admitted ? Pass(gate: self) : nil
    }

    /// How many places are taken now.
    public var inUse: Int { lock.withLock { taken } }

    private func release() {
        lock.withLock { taken -= 1 }
    }
}
