/// The records of an array that could be read, and how many could not.
///
/// Produced by `JSONNode.decodeRecords(_:)`: one bad record is counted and skipped, never allowed to spoil
/// the rest.
public struct JSONRecords<Record> {
    /// The records that were read, in document order.
    public var records: [Record]
    /// How many elements failed and were left out.
    public var skipped: Int
    /// Why the first skipped element failed, for a diagnostic; `nil` when none did.
    public var firstError: (any Error)?

    /// Creates a result.
    /// - Parameters:
    ///   - records: the records that were read.
    ///   - skipped: how many were left out.
    ///   - firstError: why the first one left out failed.
    public init(records: [Record] = [], skipped: Int = 0, firstError: (any Error)? = nil) {
        self.records = records
        self.skipped = skipped
        self.firstError = firstError
    }
}

extension JSONRecords: Sendable where Record: Sendable {}
