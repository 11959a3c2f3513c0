import Foundation
import ProviderKit

/// A price history as read: its complete runs in the order they were written, and what could not be used.
public struct PriceHistoryReading: Sendable, Hashable {
    /// The runs, oldest first, each with the prices it recorded.
    public var runs: [HistoryRun]
    /// Lines that are not a record: cut short by a crash, changed on disk, or written by a newer version.
    public var corruptLines: Int
    /// Price records of runs that never finished (the process was killed while writing), left out.
    public var unfinishedRecords: Int

    /// Creates a reading.
    /// - Parameters:
    ///   - runs: the complete runs.
    ///   - corruptLines: lines that are not a record.
    ///   - unfinishedRecords: records of runs that never finished.
    public init(runs: [HistoryRun] = [], corruptLines: Int = 0, unfinishedRecords: Int = 0) {
        self.runs = runs
        self.corruptLines = corruptLines
        self.unfinishedRecords = unfinishedRecords
    }
}
