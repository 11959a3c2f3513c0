import Foundation

/// One element of an SVG document: a name, attributes in the order given, and either child elements or
/// text. Values are plain Swift values; the writer escapes every text and attribute value, so no text
/// from anywhere can break the document, and writes numbers without exponents or locale.
///
/// ```swift
/// let chart = SVGDocument(width: 200, height: 100, elements: [
///     .rect(x: 0, y: 0, width: 200, height: 100, fill: "#ffffff"),
///     .polyline([(10, 90), (100, 20), (190, 50)], stroke: "#1f77b4", width: 2),
///     .text("VIE→BCN", x: 100, y: 15, size: 12, anchor: .middle),
/// ])
/// let xml = chart.text
/// ```
package struct SVGElement: Sendable, Hashable {
    /// Where a text is anchored on its position.
    package enum Anchor: String, Sendable {
        case start, middle, end
    }

    /// The element's name, such as `line`; written as given, so it must be an XML name.
    package var name: String
    /// The attributes, written in this order; names must be XML names, values are escaped.
    package var attributes: [Attribute]
    /// The child elements.
    package var children: [SVGElement]
    /// The text inside, escaped when written (for `text` and `title`).
    package var text: String?

    /// One attribute.
    package struct Attribute: Sendable, Hashable {
        package var name: String
        package var value: String

        /// Creates the value from each of its properties, as the memberwise initializer does.
        package init(name: String, value: String) {
            self.name = name
            self.value = value
        }
    }

    /// An element.
    /// - Parameters:
    ///   - name: its name.
    ///   - attributes: its attributes, in order.
    ///   - children: its child elements.
    ///   - text: the text inside it.
    package init(
        _ name: String, _ attributes: [(String, String)] = [], children: [SVGElement] = [], text: String? = nil
    ) {
        self.name = name
        self.attributes = attributes.map { Attribute(name: $0.0, value: $0.1) }
        self.children = children
        self.text = text
    }

    // MARK: Shapes

    /// A straight line.
    package static func line(
        x1: Double, y1: Double, x2: Double, y2: Double, stroke: String, width: Double = 1, dashed: Bool = false
    ) -> SVGElement {
        var attributes = [
            ("x1", number(x1)), ("y1", number(y1)), ("x2", number(x2)), ("y2", number(y2)), ("stroke", stroke),
            ("stroke-width", number(width)),
        ]
        if dashed { attributes.append(("stroke-dasharray", "4 3")) }
        return SVGElement("line", attributes)
    }

    /// Connected straight lines through points, not filled.
    package static func polyline(_ points: [(x: Double, y: Double)], stroke: String, width: Double = 2) -> SVGElement {
        SVGElement(
            "polyline",
            [
                ("points", points.map { "\(number($0.x)),\(number($0.y))" }.joined(separator: " ")),
                ("fill", "none"), ("stroke", stroke), ("stroke-width", number(width)), ("stroke-linejoin", "round"),
                ("stroke-linecap", "round"),
            ])
    }

    /// A rectangle.
    package static func rect(
        x: Double, y: Double, width: Double, height: Double, fill: String, stroke: String? = nil
    ) -> SVGElement {
        var attributes = [
            ("x", number(x)), ("y", number(y)), ("width", number(width)), ("height", number(height)), ("fill", fill),
        ]
        if let stroke { attributes.append(("stroke", stroke)) }
        return SVGElement("rect", attributes)
    }

    /// A filled circle.
    package static func circle(x: Double, y: Double, radius: Double, fill: String) -> SVGElement {
        SVGElement("circle", [("cx", number(x)), ("cy", number(y)), ("r", number(radius)), ("fill", fill)])
    }

    /// A line of text.
    package static func text(
        _ text: String, x: Double, y: Double, size: Double = 12, anchor: Anchor = .start, fill: String = "#222222",
        bold: Bool = false
    ) -> SVGElement {
        var attributes = [
            ("x", number(x)), ("y", number(y)), ("font-family", "sans-serif"), ("font-size", number(size)),
            ("text-anchor", anchor.rawValue), ("fill", fill),
        ]
        if bold { attributes.append(("font-weight", "bold")) }
        return SVGElement("text", attributes, text: text)
    }

    /// A group of elements, moved by an offset.
    package static func group(_ children: [SVGElement], x: Double = 0, y: Double = 0) -> SVGElement {
        let attributes = x == 0 && y == 0 ? [] : [("transform", "translate(\(number(x)),\(number(y)))")]
        return SVGElement("g", attributes, children: children)
    }

    /// A title: the tooltip of its parent, and the document's name when it is the first child of `svg`.
    package static func title(_ text: String) -> SVGElement { SVGElement("title", text: text) }

    // MARK: Writing

    /// A number as SVG reads it: at most two decimals, no exponent, no trailing zeros, `0` for anything
    /// that is not finite.
    package static func number(_ value: Double) -> String {
        guard value.isFinite else { return "0" }
        let hundredths = (value * 100).rounded()
        guard abs(hundredths) < 1e15 else { return "0" }
        let whole = Int64(hundredths)
        if whole == 0 { return "0" }
        let sign = whole < 0 ? "-" : ""
        let magnitude = whole.magnitude
        let integer = magnitude / 100
        let fraction = magnitude % 100
        if fraction == 0 { return "\(sign)\(integer)" }
        let digits = fraction % 10 == 0 ? "\(fraction / 10)" : (fraction < 10 ? "0\(fraction)" : "\(fraction)")
        return "\(sign)\(integer).\(digits)"
    }

    /// Text as XML or HTML character data or an attribute value: `&`, `<`, `>`, `"` and `'` escaped, and the
    /// characters XML 1.0 does not allow or discourages (control characters but tab, line feed and carriage
    /// return, the C1 controls, and U+FFFE, U+FFFF) replaced by U+FFFD. The web pages use it too.
    package static func escaped(_ text: String) -> String {
        var result = ""
        result.reserveCapacity(text.utf8.count)
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": result += "&amp;"
            case "<": result += "&lt;"
            case ">": result += "&gt;"
            case "\"": result += "&quot;"
            case "'": result += "&apos;"
            case "\t", "\n", "\r": result.unicodeScalars.append(scalar)
            default:
                let value = scalar.value
                if value < 0x20 || (0x7F...0x9F).contains(value) || value == 0xFFFE || value == 0xFFFF {
                    result += "\u{FFFD}"
                } else {
                    result.unicodeScalars.append(scalar)
                }
            }
        }
        return result
    }

    /// Appends the element as XML, indented two spaces per level.
    package func write(to output: inout String, depth: Int) {
        let indent = String(repeating: "  ", count: depth)
        output += indent + "<" + name
        for attribute in attributes { output += " \(attribute.name)=\"\(Self.escaped(attribute.value))\"" }
        if let text {
            output += ">" + Self.escaped(text) + "</\(name)>\n"
        } else if children.isEmpty {
            output += "/>\n"
        } else {
            output += ">\n"
            for child in children { child.write(to: &output, depth: depth + 1) }
            output += indent + "</\(name)>\n"
        }
    }
}
