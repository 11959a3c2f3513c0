import AggregatorCore
import Foundation
import ProviderKit

/// The one-line progress display on a terminal's standard error while live providers are pending:
/// which have answered and which are still awaited, redrawn in place. Only live providers are worth
/// it; a search of embedded or recorded answers ends before anyone could read the line.
package final class ProgressLine: @unchecked Sendable {
    private let console: Console
    private let lock = NSLock()
    private var drawn = false

    package init(console: Console) { self.console = console }

    /// Draws the line for a progress report, or clears it once no live provider is pending.
    package func show(_ progress: SearchProgress) {
        lock.withLock {
            guard progress.isWaitingOnLiveProvider else {
                erase()
                return
            }
            console.showStatus(Self.text(for: progress))
            drawn = true
        }
    }

    /// Removes the line, so that results and notes start on a clean line.
    package func clear() { lock.withLock { erase() } }

    private func erase() {
        guard drawn else { return }
        console.eraseStatus()
        drawn = false
    }

    /// `waiting for kiwi, aviasales · done: sunweb (1 of 3)`.
    package static func text(for progress: SearchProgress) -> String {
        let total = progress.pending.count + progress.answered.count
        var text = "waiting for " + progress.pending.map(\.rawValue).joined(separator: ", ")
        if !progress.answered.isEmpty {
            text += " · done: " + progress.answered.map(\.rawValue).joined(separator: ", ")
        }
        return text + " (\(progress.answered.count) of \(total))"
    }
}
