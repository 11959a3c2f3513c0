import Foundation
import ProviderKit

/// What compacting a price history dropped.
public struct HistoryCompaction: Sendable, Hashable {
    /// Runs older than the history keeps.
    public var droppedRuns: Int
    /// Their price records.
    public var droppedRecords: Int
    /// Lines that were not a record, or records of runs that never finished.
    public var droppedDamage: Int

    /// Creates a summary.
    /// - Parameters:
    ///   - droppedRuns: runs dropped for their age.
    ///   - droppedRecords: their records.
    ///   - droppedDamage: unusable lines dropped.
    public init(droppedRuns: Int, droppedRecords: Int, droppedDamage: Int) {
        self.droppedRuns = droppedRuns
        self.droppedRecords = droppedRecords
        self.droppedDamage = droppedDamage
    }
}
