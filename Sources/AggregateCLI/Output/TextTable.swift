import Foundation

/// Aligned text columns with a header row, for terminal output.
struct TextTable {
    /// A column's heading and alignment.
    struct Column {
        var title: String
        var alignRight = false
    }

    var columns: [Column]
    var rows: [[String]] = []

    /// The table as lines; the header is bold when `bold` is true. Columns are separated by two spaces
    /// and trailing spaces are trimmed.
    func render(bold: Bool) -> String {
        var widths = columns.map(\.title.count)
        for row in rows {
            for (index, cell) in row.enumerated() where index < widths.count {
                widths[index] = max(widths[index], cell.count)
            }
        }
        func line(_ cells: [String]) -> String {
            var text = ""
            for (index, cell) in cells.enumerated() {
                let padding = String(repeating: " ", count: max(widths[index] - cell.count, 0))
                text += columns[index].alignRight ? padding + cell : cell + padding
                if index < cells.count - 1 { text += "  " }
            }
            while text.last == " " { text.removeLast() }
            return text
        }
        let header = line(columns.map(\.title))
        var lines = [bold ? "\u{1B}[1m" + header + "\u{1B}[0m" : header]
        lines += rows.map(line)
        return lines.joined(separator: "\n")
    }
}
