import Foundation

/// Reads JSON in place: one strict validation pass, then lazy navigation over the caller's bytes.
///
/// Nothing is decoded until it is asked for, and no tree of values is built: a node is a position in the
/// buffer, and moving from one value to the next skips over what lies between. A 43 MB response therefore
/// needs little memory beyond its own bytes (a table of where large containers end, about 6% of the size).
///
/// ```swift
/// let offers = try JSONDocument.read(body) { root in
///     try root["data"].decodeRecords { record in
///         Offer(id: try record["id"].lenientString ?? "", price: try record["price"].decimal)
///     }
/// }
/// ```
public enum JSONDocument {
    /// How deeply arrays and objects may nest unless the caller says otherwise.
    public static let defaultMaxDepth = 256

    /// Validates `bytes` as exactly one JSON text (RFC 8259) and hands its root value to `body`.
    ///
    /// The nodes `body` receives point into `bytes`, which stay pinned only while `body` runs: a node, or
    /// anything holding one, must not outlive the call (copy out strings and numbers instead). Nodes are not
    /// `Sendable`, so they cannot be handed to another task.
    ///
    /// Validation is strict: the grammar, escapes and UTF-8 are checked over the whole document before
    /// `body` runs, so a truncated or corrupted body fails here rather than half-way through decoding. A
    /// leading UTF-8 byte-order mark is skipped. Nesting is checked with an explicit counter, never with
    /// recursion, so hostile input cannot overflow the stack.
    /// - Parameters:
    ///   - bytes: the document in UTF-8, such as `Data` or `[UInt8]`.
    ///   - maxDepth: how deeply arrays and objects may nest; deeper documents are rejected.
    ///   - body: reads what it needs from the root node.
    /// - Returns: what `body` returns.
    /// - Throws: `JSONError` when `bytes` is not valid JSON, and whatever `body` throws.
    public static func read<Bytes: ContiguousBytes, Result>(
        _ bytes: Bytes, maxDepth: Int = defaultMaxDepth, _ body: (JSONNode) throws -> Result
    ) throws -> Result {
        try bytes.withUnsafeBytes { raw in
            guard let base = raw.baseAddress?.assumingMemoryBound(to: UInt8.self), !raw.isEmpty else {
                throw JSONError(code: .empty, problem: "the body is empty")
            }
            // Offsets are stored in 32 bits (node paths, the skip table).
            guard raw.count < Int(UInt32.max) else {
                throw JSONError(code: .tooLarge, problem: "the body is too large to read (4 GiB or more)")
            }
            let skipIndex = JSONSkipIndex(documentSize: raw.count)
            defer { skipIndex.deallocate() }
            let root = try JSONValidator.validate(base, count: raw.count, maxDepth: maxDepth, skipIndex: skipIndex)
            var context = JSONContext(bytes: base, count: raw.count, skipIndex: skipIndex)
            return try withUnsafePointer(to: &context) { pointer in
                try body(JSONNode(context: pointer, offset: root, path: .root))
            }
        }
    }
}
