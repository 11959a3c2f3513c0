extension JSONWriter {
    /// Which characters a `JSONWriter` escapes in strings, besides the quote and the backslash.
    public enum Escaping: Sendable, Hashable {
        /// What JSON requires: the control characters below U+0020. Everything else is raw UTF-8.
        case required
        /// Also every character that can steer a terminal or reorder text on screen: DEL, the C1
        /// controls U+0080–U+009F, the bidirectional marks, embeddings, overrides and isolates, and the
        /// line and paragraph separators U+2028 and U+2029. The document means the same, and printed on
        /// a terminal it cannot change what the terminal shows.
        case terminalSafe
    }
}
