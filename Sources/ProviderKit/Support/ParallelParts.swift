import Dispatch
import Foundation

/// Spreads work whose items are independent of each other (converting one offer's prices, screening one
/// offer) over the machine's cores: one consecutive part of the items per core.
///
/// Each part is handed to `body` on its own thread and must touch only its own items; results come back in
/// the order of the parts, so that joining them gives what one pass over all items would. Few items, or one
/// core, and `body` runs once over all of them on the calling thread.
package enum ParallelParts {
    /// The fewest items worth a part of their own: below this, handing work out costs more than it saves.
    package static let minimumPart = 2_048

    /// The results of `body` over consecutive parts of `0..<count`, in order; together the parts cover the
    /// range exactly once.
    /// - Parameters:
    ///   - count: how many items there are.
    ///   - minimumPart: the fewest items worth a part of their own, ``minimumPart`` unless the items are
    ///     far smaller or larger than an offer (bytes of a file).
    ///   - body: the work on one part; it runs on several threads at once, each with its own part.
    package static func map<Part: Sendable>(
        count: Int, minimumPart: Int = minimumPart, _ body: @Sendable (Range<Int>) -> Part
    ) -> [Part] {
        let parts = min(ProcessInfo.processInfo.activeProcessorCount, count / max(1, minimumPart))
        guard parts > 1 else { return [body(0..<count)] }
        let results = Shared(UnsafeMutableBufferPointer<Part?>.allocate(capacity: parts))
        results.buffer.initialize(repeating: nil)
        defer {
            results.buffer.deinitialize()
            results.buffer.deallocate()
        }
        // Each thread writes only its own slot, and the slots are read once every thread has finished.
        DispatchQueue.concurrentPerform(iterations: parts) { part in
            results.buffer[part] = body((count * part / parts)..<(count * (part + 1) / parts))
        }
        return results.buffer.compactMap { $0 }
    }

    /// The results of `body` over consecutive parts of `elements`, in order, each part changed in place by
    /// the thread that has it.
    /// - Parameters:
    ///   - elements: the items; each is touched by one thread only.
    ///   - body: the work on one part: the elements and the part's indices, the only ones it may touch.
    package static func update<Element, Part: Sendable>(
        _ elements: inout [Element], _ body: @Sendable (UnsafeMutableBufferPointer<Element>, Range<Int>) -> Part
    ) -> [Part] {
        elements.withUnsafeMutableBufferPointer { buffer in
            let shared = Shared(buffer)
            return map(count: buffer.count) { range in body(shared.buffer, range) }
        }
    }

    /// A buffer handed to the threads of one call, each of which touches only its own part of it.
    private struct Shared<Element>: @unchecked Sendable {
        let buffer: UnsafeMutableBufferPointer<Element>
        init(_ buffer: UnsafeMutableBufferPointer<Element>) { self.buffer = buffer }
    }
}
