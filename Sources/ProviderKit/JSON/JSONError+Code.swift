extension JSONError {
    /// The kinds of problem a `JSONError` reports.
    public enum Code: Sendable, Hashable {
        /// The body holds nothing but whitespace.
        case empty
        /// The body does not start like a JSON value, as an HTML error page does not.
        case notJSON
        /// The body ends in the middle of a value.
        case truncated
        /// The body breaks JSON's grammar at a known line and column.
        case syntax
        /// Arrays and objects nest deeper than the reader allows.
        case tooDeep
        /// The body is larger than the reader can address (4 GiB).
        case tooLarge
        /// A member or element the caller asked for is not there.
        case missing
        /// A value has another JSON type than the caller asked for.
        case wrongType
        /// A number does not fit the type the caller asked for.
        case outOfRange
        /// A value has the right type but a content the caller rejects.
        case invalidValue
    }
}
