/// A text of lines whose fields are split by tabs, read where it lies: the start of each line is found once,
/// and a line's fields are cut only when asked for. Lines sorted by their first field (in byte order) can be
/// searched for it.
struct TabbedLines: Sendable {
    /// The text.
    private let text: Substring
    /// Where each line starts, and one past the end of the last.
    private let starts: [String.Index]

    /// Reads a text's lines.
    /// - Parameter text: lines split by `\n`; a last line may end with one.
    init(_ text: String) {
        let bytes = Substring(text).utf8
        var starts: [String.Index] = [bytes.startIndex]
        var index = bytes.startIndex
        while let newline = bytes[index...].firstIndex(of: UInt8(ascii: "\n")) {
            index = bytes.index(after: newline)
            starts.append(index)
        }
        if index != bytes.endIndex { starts.append(bytes.endIndex) }
        self.text = Substring(text)
        self.starts = starts
    }

    /// How many lines there are.
    var count: Int { starts.count - 1 }

    /// A line without its line break.
    func line(_ number: Int) -> Substring {
        var end = starts[number + 1]
        let bytes = text.utf8
        if end > starts[number], bytes[bytes.index(before: end)] == UInt8(ascii: "\n") {
            end = bytes.index(before: end)
        }
        return text[starts[number]..<end]
    }

    /// The fields of a line.
    func fields(ofLine number: Int) -> [Substring] {
        line(number).split(separator: "\t", omittingEmptySubsequences: false)
    }

    /// One field of a line, empty when the line has fewer.
    func field(_ field: Int, ofLine number: Int) -> Substring {
        let all = fields(ofLine: number)
        return field < all.count ? all[field] : ""
    }

    /// The first field of a line, cut without reading the others.
    func key(ofLine number: Int) -> Substring {
        let line = line(number)
        return line[..<(line.utf8.firstIndex(of: UInt8(ascii: "\t")) ?? line.endIndex)]
    }

    /// The line whose first field is `key`, in lines sorted by their first field's bytes.
    /// - Parameter key: the first field sought.
    /// - Returns: the line's number, or `nil`.
    func find(_ key: String) -> Int? {
        let sought = Array(key.utf8)
        var low = 0
        var high = count
        while low < high {
            let middle = (low + high) / 2
            let line = line(middle)
            let first = line.utf8.prefix { $0 != UInt8(ascii: "\t") }
            if first.elementsEqual(sought) { return middle }
            if first.lexicographicallyPrecedes(sought) { low = middle + 1 } else { high = middle }
        }
        return nil
    }
}
