extension JSONWriter {
    /// How a `JSONWriter` lays out its document.
    public enum Style: Sendable, Hashable {
        /// Two-space indentation, one entry per line, `"name": value`.
        case pretty
        /// One line without spaces: `{"name":value}`.
        case compact
    }
}
