import Foundation

/// An array whose elements are decoded one by one: an element that fails to decode is counted and
/// left out, so one bad record never spoils the list.
public struct SkippingArray<Element: Decodable & Sendable>: Sendable, Decodable {
    /// The elements that decoded.
    public var elements: [Element]
    /// How many did not.
    public var skipped: Int

    /// Decodes each element in turn.
    /// - Parameter decoder: the decoder to read from.
    /// - Throws: only when the value is not an array at all.
    public init(from decoder: any Decoder) throws {
        var container = try decoder.unkeyedContainer()
        var elements: [Element] = []
        var skipped = 0
        while !container.isAtEnd {
            if let element = try? container.decode(Element.self) {
                elements.append(element)
            } else {
                // Step over the bad element so the next one can be read.
                _ = try? container.decode(Skip.self)
                skipped += 1
            }
        }
        self.elements = elements
        self.skipped = skipped
    }

    /// Accepts any JSON value without reading it, which moves the container past it.
    private struct Skip: Decodable {
        init(from decoder: any Decoder) throws {}
    }
}
