import Foundation

extension JSONNode {
    /// The value's JSON text exactly as the document spells it: a string with its quotes and escapes
    /// (`"caf\u00e9"`), a number as written (`1.50e3`), an object or array with its inner spacing.
    ///
    /// What a protocol must echo byte for byte, such as a JSON-RPC request's id, is read with this: no
    /// number type rounds it and no decoding merges two spellings.
    /// - Throws: `JSONError` when the value is missing.
    public var jsonText: String {
        get throws(JSONError) {
            guard offset >= 0 else { throw error("is missing") }
            let end = JSONNavigator.skipValue(context, at: offset)
            return String(decoding: UnsafeBufferPointer(start: bytes + offset, count: end - offset), as: UTF8.self)
        }
    }

    /// Calls `body` with the bytes of ``jsonText``, without building a string: the way to key a cache on a
    /// value's text, such as a fee table that thousands of records repeat. It is not generic, so that calling it
    /// across modules costs no generic dispatch. The bytes are valid only inside `body`.
    /// - Parameter body: reads the text.
    /// - Throws: `JSONError` when the value is missing.
    public func withJSONText(_ body: (UnsafeBufferPointer<UInt8>) -> Void) throws(JSONError) {
        guard offset >= 0 else { throw error("is missing") }
        let end = JSONNavigator.skipValue(context, at: offset)
        body(UnsafeBufferPointer(start: bytes + offset, count: end - offset))
    }
}
