import Foundation

/// Aligned text columns with a header row, for terminal output.
///
/// The one way the tool prints a table, and the place that makes tables safe: every cell is a
/// ``TableCell``, sanitised and at most its column's maximum width (``TableCell/maximumWidth``, 40, or
/// ``TableCell/maximumListWidth`` for the tool's own lists) when it is added, so a caller cannot forget
/// either and a huge value is never kept. Widths are counted in terminal columns
/// (``DisplayWidth``), so wide CJK characters keep the columns aligned. Given a width to fit, the table
/// applies its ``Narrowing`` steps in order, leaving out or shortening columns until it fits.
package struct TextTable {
    /// A column's heading, alignment and the most columns its cells take.
    package struct Column {
        package var title: String
        package var alignRight = false
        package var maximumWidth = TableCell.maximumWidth
        /// Whether its cells are lists whose items are never cut (a seller and its price): shortened, a cell
        /// keeps its first items whole and ends in `, …`, and the column is never narrower than its widest first
        /// item; a table that cannot afford that leaves the column out instead.
        package var keepsItemsWhole = false

        /// A column of lists the tool words itself, such as sellers or tags, which may run longer.
        package static func list(_ title: String) -> Column {
            Column(title: title, maximumWidth: TableCell.maximumListWidth)
        }

        /// A column of lists whose items are never cut, such as the sellers and their prices.
        package static func wholeItems(_ title: String) -> Column {
            Column(title: title, maximumWidth: TableCell.maximumListWidth, keepsItemsWhole: true)
        }

        /// Creates the value from each of its properties, as the memberwise initializer does.
        package init(
            title: String, alignRight: Bool = false, maximumWidth: Int = TableCell.maximumWidth,
            keepsItemsWhole: Bool = false
        ) {
            self.title = title
            self.alignRight = alignRight
            self.maximumWidth = maximumWidth
            self.keepsItemsWhole = keepsItemsWhole
        }
    }

    /// One step towards a narrower table, naming a column by its title; a step for a column the table
    /// does not have is skipped.
    package enum Narrowing: Equatable {
        /// Leave the column out.
        case leaveOut(String)
        /// Cut the column's cells to at most this many columns (never narrower than its title).
        case shorten(String, to: Int)

        /// The same step for a column that goes by another title.
        /// - Parameters:
        ///   - title: the title the step names.
        ///   - other: the title to name instead.
        /// - Returns: the step.
        package func renaming(_ title: String, to other: String) -> Narrowing {
            switch self {
            case .leaveOut(let name): .leaveOut(name == title ? other : name)
            case .shorten(let name, let width): .shorten(name == title ? other : name, to: width)
            }
        }
    }

    package var columns: [Column]
    /// Whether the first line holds the titles.
    package var showsHeader = true
    /// The rows added so far, already fitted.
    package private(set) var rows: [[TableCell]] = []

    package init(columns: [Column], showsHeader: Bool = true) {
        self.columns = columns
        self.showsHeader = showsHeader
    }

    /// Adds a row; each text is sanitised and cut to the most a cell may take.
    /// - Parameter cells: one text per column; missing cells are empty.
    package mutating func append(_ cells: [String]) {
        rows.append(zip(cells, columns).map { TableCell($0, maximumWidth: $1.maximumWidth) })
    }

    /// The table as lines, without a final line break. The header is bold when `bold` is true; columns are
    /// separated by two spaces and trailing spaces are trimmed.
    /// - Parameters:
    ///   - bold: whether to embolden the header with an SGR sequence.
    ///   - width: the terminal columns to fit, or `nil` to print every column in full.
    ///   - narrowing: the steps that make the table fit, most expendable first.
    package func render(bold: Bool, fitting width: Int? = nil, narrowing: [Narrowing] = []) -> String {
        let titles = columns.map { TableCell($0.title) }
        // Without a header, the titles take no room.
        var widths = showsHeader ? titles.map(\.width) : Array(repeating: 0, count: columns.count)
        for row in rows {
            for (index, cell) in row.enumerated() { widths[index] = max(widths[index], cell.width) }
        }
        var shown = Array(repeating: true, count: columns.count)
        if let width {
            var least = Array(repeating: 0, count: columns.count)
            for (index, column) in columns.enumerated() where column.keepsItemsWhole {
                least[index] = rows.map { index < $0.count ? $0[index].leastWholeWidth : 0 }.max() ?? 0
            }
            Self.narrow(
                widths: &widths, shown: &shown, titles: columns.map(\.title), least: least, to: width, by: narrowing)
        }
        let visible = columns.indices.filter { shown[$0] }
        func line(_ cells: [TableCell]) -> String {
            var text = ""
            for (position, index) in visible.enumerated() {
                let cell =
                    index >= cells.count
                    ? TableCell("")
                    : columns[index].keepsItemsWhole
                        ? cells[index].shortenedToWholeItems(widths[index]) : cells[index].shortened(to: widths[index])
                let padding = String(repeating: " ", count: max(widths[index] - cell.width, 0))
                text += columns[index].alignRight ? padding + cell.text : cell.text + padding
                if position < visible.count - 1 { text += "  " }
            }
            while text.last == " " { text.removeLast() }
            return text
        }
        var lines: [String] = []
        lines.reserveCapacity(rows.count + 1)
        if showsHeader {
            let header = line(titles)
            lines.append(bold ? "\u{1B}[1m" + header + "\u{1B}[0m" : header)
        }
        for row in rows { lines.append(line(row)) }
        return lines.joined(separator: "\n")
    }

    /// Applies the steps one by one until the shown columns and their separators fit `limit`; then gives
    /// the columns left to spare back to the shortened columns, the last shortened first, so that a step
    /// that overshot costs no text it need not. No column is shortened below its `least` width.
    private static func narrow(
        widths: inout [Int], shown: inout [Bool], titles: [String], least: [Int], to limit: Int,
        by steps: [Narrowing]
    ) {
        func total() -> Int {
            let columns = widths.indices.filter { shown[$0] }
            return columns.map { widths[$0] }.reduce(0, +) + 2 * max(columns.count - 1, 0)
        }
        let natural = widths
        var shortened: [Int] = []
        for step in steps where total() > limit {
            switch step {
            case .leaveOut(let title):
                if let index = titles.firstIndex(of: title) { shown[index] = false }
            case .shorten(let title, let most):
                if let index = titles.firstIndex(of: title) {
                    widths[index] = min(widths[index], max(most, DisplayWidth.of(title), least[index]))
                    shortened.removeAll { $0 == index }
                    shortened.append(index)
                }
            }
        }
        for index in shortened.reversed() where shown[index] {
            let spare = limit - total()
            guard spare > 0 else { break }
            widths[index] = min(natural[index], widths[index] + spare)
        }
    }
}
