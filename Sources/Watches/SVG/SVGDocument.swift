import Foundation

/// A whole SVG document of a fixed size, written as text: the small SVG writer the tool's charts use,
/// since no package may be used. It writes SVG 1.1 that browsers and `rsvg-convert` draw alike: an XML
/// declaration, one `svg` element with its size and view box, and the elements in order (later ones drawn
/// on top).
package struct SVGDocument: Sendable, Hashable {
    /// The width in pixels.
    package var width: Double
    /// The height in pixels.
    package var height: Double
    /// The document's title, for browsers' tabs and screen readers.
    package var title: String?
    /// The elements, drawn in order.
    package var elements: [SVGElement]

    /// A document.
    /// - Parameters:
    ///   - width: the width in pixels.
    ///   - height: the height in pixels.
    ///   - title: the title.
    ///   - elements: the elements.
    package init(width: Double, height: Double, title: String? = nil, elements: [SVGElement] = []) {
        self.width = width
        self.height = height
        self.title = title
        self.elements = elements
    }

    /// The document as XML text, ending with a line break.
    package var text: String {
        let width = SVGElement.number(self.width)
        let height = SVGElement.number(self.height)
        var output = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
        let root = SVGElement(
            "svg",
            [
                ("xmlns", "http://www.w3.org/2000/svg"), ("version", "1.1"), ("width", width), ("height", height),
                ("viewBox", "0 0 \(width) \(height)"),
            ],
            children: (title.map { [SVGElement.title($0)] } ?? []) + elements)
        root.write(to: &output, depth: 0)
        return output
    }
}
