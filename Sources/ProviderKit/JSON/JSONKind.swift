/// The six kinds of JSON value.
public enum JSONKind: Sendable, Hashable, CustomStringConvertible {
    /// `{…}`.
    case object
    /// `[…]`.
    case array
    /// `"…"`.
    case string
    /// A number such as `-12.5e3`.
    case number
    /// `true` or `false`.
    case bool
    /// `null`.
    case null

    /// The kind with its article, as error messages use it: `an object`, `a number`.
    public var description: String {
        switch self {
        case .object: "an object"
        case .array: "an array"
        case .string: "a string"
        case .number: "a number"
        case .bool: "true or false"
        case .null: "null"
        }
    }
}
