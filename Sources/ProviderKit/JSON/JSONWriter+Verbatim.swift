import Foundation

extension JSONWriter {
    /// Writes one value given as its JSON text, byte for byte: what ``JSONNode/jsonText`` read from another
    /// document, such as a request's id that a response must repeat exactly.
    ///
    /// The text must be one complete JSON value, as a document that was read gives it; the writer does not
    /// check it. A compact writer's output stays on one line as long as the text does, which holds for any
    /// scalar a document gives (JSON strings cannot hold a raw line break).
    /// - Parameter text: the value's JSON text.
    public mutating func verbatim(_ text: String) {
        beforeValue()
        bytes.append(contentsOf: text.utf8)
    }
}
