/// One member of a JSON object: its name and its value.
public struct JSONMember {
    let nameOffset: Int
    /// The member's value.
    public let value: JSONNode

    /// The member's name, escapes resolved.
    public var name: String {
        JSONStrings.string(value.bytes, value.count, quoteAt: nameOffset)
    }

    /// Whether the member is called `name`, compared without building a string.
    /// - Parameter name: the name to compare with.
    /// - Returns: `true` when the names are equal once escapes are resolved.
    public func hasName(_ name: String) -> Bool {
        var name = name
        return name.withUTF8 { key in
            JSONStrings.name(
                value.bytes, value.count, quoteAt: nameOffset, equals: key,
                plainKey: !key.contains(JSONBytes.backslash)
            ).equal
        }
    }
}

@available(*, unavailable, message: "a member points into a buffer that is only valid inside JSONDocument.read")
extension JSONMember: Sendable {}
