/// One member of a JSON object: its name and its value.
public struct JSONMember {
    /// The offset of the name's opening quote.
    @usableFromInline let nameOffset: Int
    /// The offset of the name's closing quote.
    @usableFromInline let nameEnd: Int
    /// Whether the name holds an escape.
    @usableFromInline let nameIsEscaped: Bool
    /// The member's value.
    public let value: JSONNode

    /// A member whose name's quotes are at `nameOffset` and `nameEnd`, made by the members' inlinable step.
    @inlinable
    init(nameOffset: Int, nameEnd: Int, nameIsEscaped: Bool, value: JSONNode) {
        self.nameOffset = nameOffset
        self.nameEnd = nameEnd
        self.nameIsEscaped = nameIsEscaped
        self.value = value
    }

    /// The member's name, escapes resolved.
    public var name: String {
        guard nameIsEscaped else {
            return String(
                decoding: UnsafeBufferPointer(start: value.bytes + nameOffset + 1, count: nameEnd - nameOffset - 1),
                as: UTF8.self)
        }
        return JSONStrings.string(value.bytes, value.count, quoteAt: nameOffset)
    }

    /// Calls `body` with the member's name as UTF-8 bytes, escapes resolved, without building a string: the
    /// way to tell many names apart quickly, by their length and bytes. The bytes are valid only inside
    /// `body`. It is not generic, so that calling it across modules costs no generic dispatch: `body` keeps
    /// what it finds in a variable of the caller's. A name without escapes, as nearly every name is, is read
    /// inline in the caller, so that a provider telling forty names of each record apart pays no call for it.
    /// - Parameter body: reads the name.
    @inlinable
    public func withNameBytes(_ body: (UnsafeBufferPointer<UInt8>) -> Void) {
        let start = nameOffset + 1
        guard nameIsEscaped else {
            return body(UnsafeBufferPointer(start: value.bytes + start, count: nameEnd - start))
        }
        withEscapedNameBytes(body)
    }

    /// ``withNameBytes(_:)`` for a name that holds an escape: the name is unescaped into a temporary buffer.
    @usableFromInline
    func withEscapedNameBytes(_ body: (UnsafeBufferPointer<UInt8>) -> Void) {
        JSONStrings.withUnescaped(value.bytes, from: nameOffset + 1, to: nameEnd, body)
    }

    /// Whether the member is called `name`, compared without building a string.
    /// - Parameter name: the name to compare with.
    /// - Returns: `true` when the names are equal once escapes are resolved.
    public func hasName(_ name: String) -> Bool {
        var name = name
        return name.withUTF8 { key in
            JSONStrings.equals(
                value.bytes, value.count, quoteAt: nameOffset, content: (nameOffset + 1, nameEnd, nameIsEscaped),
                key: key, plainKey: !key.contains(JSONBytes.backslash))
        }
    }
}

@available(*, unavailable, message: "a member points into a buffer that is only valid inside JSONDocument.read")
extension JSONMember: Sendable {}
