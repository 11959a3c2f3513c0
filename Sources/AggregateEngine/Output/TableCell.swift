import AggregatorCore
import Foundation
import ProviderKit

/// One cell of a ``TextTable``: its text made safe and short enough, and the columns it takes.
///
/// Every cell passes through ``PrintableText`` (control characters and bidirectional overrides become a
/// visible `�`, line breaks spaces) and is cut to ``maximumWidth`` columns, so one hostile or absurd value,
/// such as a carrier name of a megabyte, costs a table 40 columns and no more. Only a bounded prefix of
/// the text is ever looked at.
package struct TableCell: Sendable {
    /// The most columns a cell takes; longer text is cut with `…`. Forty fits every real carrier name,
    /// route and flight list, and keeps a table of hostile names readable.
    package static let maximumWidth = 40
    /// The most columns a list the tool words itself takes (the sellers and their prices, the tags): longer
    /// than any one value, since every seller matters, and still bounded.
    package static let maximumListWidth = 120

    /// The text as printed.
    package let text: String
    /// The columns it takes, by ``DisplayWidth``.
    package let width: Int

    /// Fits outside text into a cell.
    /// - Parameters:
    ///   - text: any text, from anywhere.
    ///   - maximumWidth: the most columns it may take.
    package init(_ text: String, maximumWidth: Int = Self.maximumWidth) {
        let scalars = text.unicodeScalars
        // Enough scalars for any text that fits, zero-width marks included; the rest is never copied.
        let end =
            scalars.index(scalars.startIndex, offsetBy: maximumWidth * 4, limitedBy: scalars.endIndex)
            ?? scalars.endIndex
        let clean = PrintableText.sanitized(String(scalars[..<end]))
        let width = DisplayWidth.of(clean)
        if width <= maximumWidth && end == scalars.endIndex {
            self.init(text: clean, width: width)
        } else {
            self.init(shortening: clean, to: maximumWidth)
        }
    }

    /// Cuts already sanitised text to at most `width` columns.
    ///
    /// The cut falls after the last whole item of a comma-separated list (`LX 1577, …`), else after the
    /// last whole word (`aviasales …`), as long as that keeps at least half the width; otherwise in the
    /// middle of a word (`Transav…`). A cut price would read as another price, so whole words are worth
    /// the columns they leave empty.
    /// - Parameters:
    ///   - clean: sanitised text.
    ///   - width: the most columns the result may take.
    package init(shortening clean: String, to width: Int) {
        guard width > 1 else {
            text = width == 1 ? "…" : ""
            self.width = max(width, 0)
            return
        }
        let scalars = clean.unicodeScalars
        var used = 0
        var hardCut = scalars.endIndex
        var hardWidth = 0
        var listCut: (index: String.UnicodeScalarView.Index, width: Int)?
        var wordCut: (index: String.UnicodeScalarView.Index, width: Int)?
        var previous: Unicode.Scalar?
        var index = scalars.startIndex
        while index != scalars.endIndex {
            let scalar = scalars[index]
            if scalar == " ", used + 2 <= width, used > 0 {
                if previous == "," { listCut = (index, used) } else if previous != " " { wordCut = (index, used) }
            }
            let scalarWidth = DisplayWidth.of(scalar)
            if used + scalarWidth > width - 1 {
                hardCut = index
                hardWidth = used
                break
            }
            used += scalarWidth
            previous = scalar
            index = scalars.index(after: index)
        }
        guard hardCut != scalars.endIndex else {
            text = clean
            self.width = used
            return
        }
        let half = (width - 1) / 2
        if let cut = [listCut, wordCut].compactMap({ $0 }).first(where: { $0.width >= half }) {
            text = String(scalars[..<cut.index]) + " …"
            self.width = cut.width + 2
        } else {
            text = String(scalars[..<hardCut]) + "…"
            self.width = hardWidth + 1
        }
    }

    private init(text: String, width: Int) {
        self.text = text
        self.width = width
    }

    /// The fewest columns the cell takes cut after whole items of its comma-separated list: its first item,
    /// and `, …` when more follow.
    package var leastWholeWidth: Int {
        guard let comma = text.range(of: ", ") else { return width }
        return DisplayWidth.of(String(text[..<comma.lowerBound])) + 3
    }

    /// The cell cut after as many whole items of its comma-separated list as fit in `width` columns, ending
    /// in `, …`, or itself when it fits; never shorter than its first item (``leastWholeWidth``).
    package func shortenedToWholeItems(_ width: Int) -> TableCell {
        guard self.width > width else { return self }
        let items = text.components(separatedBy: ", ")
        var kept = items[0]
        for item in items.dropFirst().dropLast() {
            let longer = kept + ", " + item
            guard DisplayWidth.of(longer) + 3 <= width else { break }
            kept = longer
        }
        let shown = kept + ", …"
        return TableCell(text: shown, width: DisplayWidth.of(shown))
    }

    /// The cell cut to `width` columns, or itself when it fits.
    package func shortened(to width: Int) -> TableCell {
        self.width <= width ? self : TableCell(shortening: text, to: width)
    }
}
