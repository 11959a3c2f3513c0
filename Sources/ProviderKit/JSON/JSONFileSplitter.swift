import Dispatch
import Foundation

/// The first pass over a large JSON file: it finds the document's records and leaves them in the file, so
/// that the rest of the document fits in a small buffer.
///
/// The file is read once, in windows of a fixed size, following only strings and brackets. Everything is
/// copied into the *skeleton*, except the elements of large arrays: once an array has reached
/// ``Limits/largeArray`` bytes, each object or array element of it that closes (and is no larger than
/// ``Limits/largestRecord``) is cut out and an empty container of its kind, `{}` or `[]`, stands in its
/// place. The skeleton is therefore the document with its records emptied,
/// `{"currency": "EUR", "data": [{…}, {…}, {}, {}, {}]}`, and a table says where each placeholder's record
/// lies in the file. Records inside a record stay in it: when an element that held cut-out elements is cut
/// out itself, its entry replaces theirs.
///
/// The splitter checks nothing but the nesting depth; ``JSONDocument/read(file:maxBytes:maxDepth:_:)``
/// validates the skeleton and every record. A document is valid exactly when its skeleton and each of its
/// records are: an opening bracket can only start a value, so where the skeleton is valid its placeholder is
/// a value, and a valid record can take its place. (A number would not do: `[1{…}]` would become `[10]`.)
/// So what the splitter makes of invalid input never matters, as long as it ends. When it cannot make sense
/// of the brackets at all (one closes what was never opened, the file ends inside a string or a container,
/// the nesting goes past the limit), it gives `nil`, and the document is checked whole to say what is wrong.
///
/// A large file is split in two halves at once, on two cores. The second half starts at what looks like an
/// element of an array of objects or arrays (`},{`), on the guess that it is one. It does not see the
/// containers around that array open, but learns which are arrays from what it sees in them (a container
/// after a comma is an array's element), so that it cuts out the records around it too when it starts inside
/// one. Cutting is safe wherever it starts, since a cut is always allowed; but the depth of its records, the
/// nesting limit and the brackets left open depend on where it really started. So its finding is taken only
/// if the first half, stopping at that offset, stands outside any string in an array, with exactly as many
/// containers open as the second half closed; otherwise the first half goes on alone.
final class JSONFileSplitter: @unchecked Sendable {
    /// The sizes that decide how a file is read.
    struct Limits {
        /// The smallest file read in two passes; a smaller one is read whole.
        var streamedFile = 1 << 20
        /// The smallest file split in two halves at once, when the machine has more than one core.
        var halves = 4 << 20
        /// The bytes read from the file at a time: few enough that the window stays in the core's own cache
        /// while the system copies into it and the pass reads it. At 512 KiB, the size of that cache, copying
        /// the file took twice as long.
        var window = 1 << 16
        /// How large an array must have grown before its elements are left in the file.
        var largeArray = 64 << 10
        /// The largest element left in the file as one record; a larger one stays in the skeleton, less the
        /// records inside it.
        var largestRecord = 4 << 20
        /// How many bytes of consecutive records are read back from the file at once; as small as the window,
        /// for the same reason.
        var batch = 64 << 10
        /// The smallest file whose largest array is not followed through: past its first record, its elements
        /// are found as they are read (see ``guess(_:maxDepth:limits:)``).
        var guessedFile = 4 << 20
        /// How much of the file's end is read backwards to find where that array ends.
        var tailBudget = 256 << 10
        /// The smallest part of that array one thread reads when its elements are read on several.
        var regionPart = 256 << 10

        /// The sizes used unless a test asks for others.
        static let standard = Limits()
    }

    /// What the first pass found.
    struct Split {
        /// The document without its records.
        var skeleton: [UInt8]
        /// The records, in document order.
        var records: [JSONDeferredRecords.Entry]
        /// Whether the file was split in two halves at once: for tests, which must know that the halves were
        /// really taken apart.
        var inHalves = false
        /// The rest of the largest array, when its end was guessed: its placeholder is the last record's.
        var region: JSONRegion?
    }

    /// What ``guess(_:maxDepth:limits:)`` came to.
    enum Guess {
        /// The document, whole or with the rest of its largest array left to be found as it is read.
        case split(Split)
        /// The brackets do not make sense.
        case invalid
        /// The document is not of the shape the guess needs; it is split as usual.
        case notGuessed
    }

    /// A container open at some point of the pass.
    private struct Level {
        /// Where it starts in the file.
        var start: Int
        /// Where it starts in the skeleton.
        var skeletonStart: Int
        var isArray: Bool
    }

    /// Reads `file` once and splits it: in two halves at once when it is large and the machine has more than
    /// one core.
    /// - Parameters:
    ///   - file: the open file; it is read from its start to the size it had when opened.
    ///   - maxDepth: how deeply arrays and objects may nest.
    ///   - limits: the window and record sizes.
    /// - Returns: the skeleton and its records, or `nil` when the brackets do not make sense.
    /// - Throws: ``RegularFile/Failure`` when the system refuses to read.
    static func split(
        _ file: RegularFile.Opened, maxDepth: Int, limits: Limits
    ) throws(RegularFile.Failure) -> Split? {
        if file.size >= limits.halves, ProcessInfo.processInfo.activeProcessorCount > 1,
            let middle = try likelyElementStart(in: file, after: file.size / 2)
        {
            return try split(file, maxDepth: maxDepth, limits: limits, inHalvesAt: middle)
        }
        let whole = JSONFileSplitter(maxDepth: maxDepth, limits: limits, from: 0, size: file.size)
        defer { whole.deallocate() }
        guard try whole.scan(file, upTo: file.size) else { return nil }
        return whole.finish()
    }

    /// ``split(_:maxDepth:limits:)`` in two halves, the second starting at `middle`.
    static func split(
        _ file: RegularFile.Opened, maxDepth: Int, limits: Limits, inHalvesAt middle: Int
    ) throws(RegularFile.Failure) -> Split? {
        let head = JSONFileSplitter(maxDepth: maxDepth, limits: limits, from: 0, size: middle)
        defer { head.deallocate() }
        let tail = JSONFileSplitter(maxDepth: maxDepth, limits: limits, from: middle, size: file.size - middle)
        defer { tail.deallocate() }
        // Each half has its own window, levels and skeleton; they share only the file, which they read.
        let outcomes = Outcomes()
        DispatchQueue.concurrentPerform(iterations: 2) { half in
            if half == 0 {
                outcomes.head = Result { () throws(RegularFile.Failure) -> Bool in try head.scan(file, upTo: middle) }
            } else {
                outcomes.tail = Result { () throws(RegularFile.Failure) -> Bool in
                    try tail.scan(file, upTo: file.size)
                }
            }
        }
        guard try outcomes.head.get() else { return nil }
        if (try? outcomes.tail.get()) == true, var split = head.joined(to: tail) {
            split.inHalves = true
            return split
        }
        guard try head.scan(file, upTo: file.size) else { return nil }
        return head.finish()
    }

    /// Splits a large file reading it only up to the first record of its largest array, and finding where that
    /// array ends by reading the file's end backwards (``JSONTail``): the rest of the array is never followed
    /// through here, since its elements are found as they are read back, by the validation each needs anyway
    /// (``JSONRegion``). That saves one pass over nearly every byte of a search answer.
    ///
    /// The guess is that the first array to grow large holds the records, and that only small values follow it
    /// (`"currency": "EUR"}`): a search answer's shape. Nothing is taken on trust: the skeleton, with what
    /// follows the array's guessed end, is validated as usual, and reading the array's elements must end exactly
    /// at that end; when it does not, the document is read again, split as usual.
    /// - Returns: the split, with the rest of the array as its ``Split/region``; or the whole split, when the
    ///   file holds no large array; ``Guess/notGuessed`` when the file has not that shape.
    /// - Throws: ``RegularFile/Failure`` when the system refuses to read.
    static func guess(_ file: RegularFile.Opened, maxDepth: Int, limits: Limits) throws(RegularFile.Failure) -> Guess {
        let head = JSONFileSplitter(maxDepth: maxDepth, limits: limits, from: 0, size: file.size)
        defer { head.deallocate() }
        head.haltsAtFirstCut = true
        if try head.scan(file, upTo: file.size) { return head.finish().map(Guess.split) ?? .invalid }
        guard let cut = head.firstCut else { return .invalid }
        guard let (start, between) = try JSONTail.elementAfterComma(in: file, at: cut.end),
            let (end, after) = try JSONTail.arrayEnd(
                in: file, depth: cut.depth, after: start, budget: limits.tailBudget)
        else { return .notGuessed }
        // The comma after the first record, one placeholder for the rest of the array, and what follows it.
        var skeleton = head.skeleton
        skeleton.reserveCapacity(skeleton.count + between.count + 2 + after.count)
        skeleton.append(contentsOf: between)
        let placeholder = skeleton.count
        skeleton.append(JSONBytes.openBrace)
        skeleton.append(JSONBytes.closeBrace)
        skeleton.append(contentsOf: after)
        var records = head.records
        records.append(
            JSONDeferredRecords.Entry(
                start: start, length: UInt32(truncatingIfNeeded: end - start),
                placeholder: UInt32(truncatingIfNeeded: placeholder), depth: Int32(truncatingIfNeeded: cut.depth)))
        let region = JSONRegion(entry: records.count - 1, start: start, end: end, depth: cut.depth)
        return .split(Split(skeleton: skeleton, records: records, region: region))
    }

    /// What the two halves' scans came to, each written by its own thread.
    private final class Outcomes: @unchecked Sendable {
        var head: Result<Bool, RegularFile.Failure> = .success(false)
        var tail: Result<Bool, RegularFile.Failure> = .success(false)
    }

    /// Where an element of an array of objects or arrays seems to start at or after `offset`, in the 64 KiB
    /// after it (``JSONBytes/likelyElementStart(_:from:to:)``).
    private static func likelyElementStart(
        in file: RegularFile.Opened, after offset: Int
    ) throws(RegularFile.Failure) -> Int? {
        let count = min(64 << 10, file.size - offset)
        guard count > 0 else { return nil }
        let bytes = UnsafeMutablePointer<UInt8>.allocate(capacity: count)
        defer { bytes.deallocate() }
        let read = try file.read(into: bytes, count: count, at: offset)
        return JSONBytes.likelyElementStart(bytes, from: 0, to: read).map { offset + $0 }
    }

    // Each pass's state is its own thread's alone, and bracket by bracket it is read and written millions of
    // times: its accesses are not checked for exclusivity at run time, which cost a call each.
    private let limits: Limits
    private let maxDepth: Int
    /// The bytes of the file being looked at.
    private let window: UnsafeMutablePointer<UInt8>
    /// The containers open, outermost first.
    private let levels: UnsafeMutablePointer<Level>
    @exclusivity(unchecked) private var depth = 0
    /// Whether this pass started in an array it did not see open: a second half.
    private let startsInArray: Bool
    /// For a second half: how many containers it closed that it never saw open, past the array it started
    /// in.
    @exclusivity(unchecked) private var closedBelow = 0
    /// For a second half: the most containers open at once, less `closedBelow` at the time.
    @exclusivity(unchecked) private var reach = 0
    /// For a second half: which of the containers around the array it started in are arrays, learnt from the
    /// containers it saw open in them: one after a comma is an array's element, one after a colon an object's
    /// member. Indexed by `closedBelow` at the time. In a valid document the guess is right; in an invalid one
    /// a wrong guess only cuts out a value that is not an element, which is still safe (see above), and the
    /// document fails to validate anyway.
    @exclusivity(unchecked) private var learntArrays: [Bool] = []
    /// For a second half: the last byte other than whitespace before the current window.
    @exclusivity(unchecked) private var lastSignificant: UInt8 = 0
    @exclusivity(unchecked) private var skeleton: [UInt8] = []
    @exclusivity(unchecked) private var records: [JSONDeferredRecords.Entry] = []
    /// Whether the pass stops at the first element it cuts out, for ``guess(_:maxDepth:limits:)``.
    private var haltsAtFirstCut = false
    /// Where the pass stopped: just past the first element it cut out, and how many containers enclose it.
    private var firstCut: (end: Int, depth: Int)?
    @exclusivity(unchecked) private var inString = false
    /// Whether the next byte is escaped by a backslash (possibly at the end of the previous window).
    @exclusivity(unchecked) private var escapeNext = false
    /// Every byte before this offset of the file is in the skeleton or in a record.
    @exclusivity(unchecked) private var copied: Int
    /// The next byte to read from the file.
    @exclusivity(unchecked) private var position: Int

    /// A pass from `start`: the start of the document, or, for a second half, an element of an array.
    private init(maxDepth: Int, limits: Limits, from start: Int, size: Int) {
        self.limits = limits
        self.maxDepth = max(maxDepth, 0)
        window = .allocate(capacity: limits.window)
        levels = .allocate(capacity: self.maxDepth + 1)
        skeleton.reserveCapacity(min(size, 64 << 10))
        copied = start
        position = start
        startsInArray = start > 0
        if startsInArray {
            // The array it starts in counts as large: its elements before `start` are not seen. It stands in
            // the first slot even at a limit of 0, which the first half's check then refuses.
            levels[0] = Level(start: start - limits.largeArray, skeletonStart: 0, isArray: true)
            depth = 1
            reach = 1
        }
    }

    private func deallocate() {
        window.deallocate()
        levels.deallocate()
    }

    /// Reads the file from where this pass stands up to `end`, window by window.
    /// - Returns: `false` when the brackets do not make sense, or the file ends sooner.
    private func scan(_ file: RegularFile.Opened, upTo end: Int) throws(RegularFile.Failure) -> Bool {
        while position < end {
            let count = try file.read(into: window, count: min(limits.window, end - position), at: position)
            // The file shrank since it was opened: whatever it holds now is checked whole.
            guard count > 0, scan(windowStart: position, count: count) else { return false }
            position += count
        }
        return true
    }

    /// The split of a whole document, when it ends as a document must.
    private func finish() -> Split? {
        guard depth == 0, !inString, !escapeNext else { return nil }
        return Split(skeleton: skeleton, records: records)
    }

    /// This first half, which stopped where `tail` started, joined to `tail`, when `tail` guessed right: it
    /// started outside any string, at an element of an array, and closed exactly the containers open here
    /// without going past the nesting limit. Otherwise `nil`.
    private func joined(to tail: JSONFileSplitter) -> Split? {
        guard !inString, !escapeNext, depth > 0, levels[depth - 1].isArray, !tail.inString, !tail.escapeNext,
            tail.depth == 0, tail.closedBelow == depth - 1, depth - 1 + tail.reach <= maxDepth
        else { return nil }
        var records = self.records
        records.reserveCapacity(records.count + tail.records.count)
        for var record in tail.records {
            record.placeholder += UInt32(truncatingIfNeeded: skeleton.count)
            record.depth += Int32(truncatingIfNeeded: depth - 1)
            records.append(record)
        }
        return Split(skeleton: skeleton + tail.skeleton, records: records)
    }

    private static let ones: UInt64 = 0x0101_0101_0101_0101
    private static let lows: UInt64 = 0x7F7F_7F7F_7F7F_7F7F
    private static let highs: UInt64 = 0x8080_8080_8080_8080

    /// Marks exactly the bytes of `word` equal to `byte`, with their top bits: unlike ``JSONBytes/equal(_:_:)``,
    /// no byte after a match is marked by mistake, so that the marks can be counted.
    @inline(__always)
    private static func exactlyEqual(_ word: UInt64, _ byte: UInt8) -> UInt64 {
        let difference = word ^ (ones &* UInt64(byte))
        return ~(((difference & lows) &+ lows) | difference | lows)
    }

    /// Follows strings and brackets through `count` bytes of the window, which start at `windowStart` in the
    /// file, and copies what is not cut out into the skeleton.
    ///
    /// Eight bytes are looked at together: the quotes in them tell, by a running parity, which bytes lie in a
    /// string, and only brackets outside strings are handled one by one. A word with a backslash, which may
    /// escape a quote, goes byte by byte.
    /// - Returns: `false` when the brackets do not make sense.
    private func scan(windowStart: Int, count: Int) -> Bool {
        let window = self.window
        var index = 0
        // The parity of the quotes so far, as all top bits or none, and whether the next byte is escaped: kept in
        // registers rather than read from `self` for every eight bytes.
        var stringParity: UInt64 = inString ? Self.highs : 0
        var escapePending = escapeNext
        while index &+ 8 <= count {
            let word = JSONBytes.word(window, index)
            if escapePending || JSONBytes.equal(word, JSONBytes.backslash) != 0 {
                inString = stringParity != 0
                guard scanBytes(index..<index &+ 8, windowStart: windowStart) else { return false }
                stringParity = inString ? Self.highs : 0
                escapePending = escapeNext
                index &+= 8
                continue
            }
            // Each byte's top bit becomes the parity of the quotes up to it: set inside a string (counting its
            // opening quote), clear outside (counting its closing quote).
            let quotes = Self.exactlyEqual(word, JSONBytes.quote)
            var inside = quotes
            inside ^= inside << 8
            inside ^= inside << 16
            inside ^= inside << 32
            inside ^= stringParity
            // The parity after the last byte: flipped by an odd number of quotes. Counted from the quotes rather
            // than read off `inside`, so that one word waits for the one before only for this exclusive or.
            stringParity ^= UInt64(bitPattern: -Int64(quotes.nonzeroBitCount & 1)) & Self.highs
            if inside == Self.highs {
                // Eight bytes of one string: the rest of a long one (a booking token, a link) is passed over
                // looking only for its end.
                index &+= 8
                while index &+ 8 <= count, JSONBytes.quoteOrBackslash(JSONBytes.word(window, index)) == 0 {
                    index &+= 8
                }
                continue
            }
            // Every bracket outside strings is marked, with `Y`, `_`, `y` and DEL, which share its low bits, and
            // now and then a byte after a mark: `bracket` looks at each byte and passes over the others.
            let folded = (word | Self.ones &* 0x20) & (Self.ones &* 0xF9)
            var marks = JSONBytes.equal(folded, 0x79) & ~inside
            while marks != 0 {
                guard bracket(at: index &+ JSONBytes.firstMarked(marks), windowStart: windowStart) else { return false }
                marks &= marks &- 1
            }
            index &+= 8
        }
        inString = stringParity != 0
        guard scanBytes(index..<count, windowStart: windowStart) else { return false }
        if startsInArray {
            var last = count - 1
            while last >= 0, JSONBytes.isWhitespace(window[last]) { last -= 1 }
            if last >= 0 { lastSignificant = window[last] }
        }
        let windowEnd = windowStart &+ count
        if copied < windowEnd {
            copy(from: windowStart, upTo: windowEnd)
            copied = windowEnd
        }
        return true
    }

    /// Follows strings and brackets one byte at a time.
    private func scanBytes(_ range: Range<Int>, windowStart: Int) -> Bool {
        for index in range {
            let byte = window[index]
            if escapeNext {
                escapeNext = false
            } else if inString {
                if byte == JSONBytes.backslash {
                    escapeNext = true
                } else if byte == JSONBytes.quote {
                    inString = false
                }
            } else if byte == JSONBytes.quote {
                inString = true
            } else {
                guard bracket(at: index, windowStart: windowStart) else { return false }
            }
        }
        return true
    }

    /// Handles the byte at `index` of the window, outside any string, if it is a bracket.
    /// - Returns: `false` when it closes a container that was never opened, or opens one too many.
    @inline(__always)
    private func bracket(at index: Int, windowStart: Int) -> Bool {
        let byte = window[index]
        switch byte {
        case JSONBytes.openBrace, JSONBytes.openBracket:
            guard depth < maxDepth else { return false }
            let start = windowStart &+ index
            levels[depth] = Level(
                start: start, skeletonStart: skeleton.count &+ (start &- copied), isArray: byte == JSONBytes.openBracket
            )
            if startsInArray, depth == 0 {
                // In a container it never saw open: what precedes the bracket tells which kind it is.
                while learntArrays.count <= closedBelow { learntArrays.append(false) }
                learntArrays[closedBelow] = significantByte(before: index) == JSONBytes.comma
            }
            depth &+= 1
            if startsInArray { reach = max(reach, depth &- closedBelow) }
        case JSONBytes.closeBrace, JSONBytes.closeBracket:
            guard depth > 0 else {
                // A second half closes containers it never saw open: the first half says whether they were.
                guard startsInArray, closedBelow < maxDepth else { return false }
                closedBelow &+= 1
                return true
            }
            depth &-= 1
            let end = windowStart &+ index &+ 1
            let element = levels[depth]
            guard end &- element.start <= limits.largestRecord else { break }
            if depth > 0 {
                if levels[depth - 1].isArray, end &- levels[depth - 1].start >= limits.largeArray {
                    cut(element, end: end, windowStart: windowStart)
                    if haltsAtFirstCut {
                        firstCut = (end, depth)
                        return false
                    }
                }
            } else if startsInArray, closedBelow < learntArrays.count, learntArrays[closedBelow] {
                // An element of an array that a second half did not see open counts as large.
                cut(element, end: end, windowStart: windowStart)
            }
        default:
            break
        }
        return true
    }

    /// The last byte before `index` of the window that is not whitespace, looking into earlier windows.
    private func significantByte(before index: Int) -> UInt8 {
        var position = index - 1
        while position >= 0, JSONBytes.isWhitespace(window[position]) { position -= 1 }
        return position >= 0 ? window[position] : lastSignificant
    }

    /// Cuts the element that starts at `element` and ends just before `end` out of the skeleton and leaves a
    /// placeholder: what comes before it in this window goes into the skeleton first, and what of it is in the
    /// skeleton already (from earlier windows) is taken out again, with the records cut out of it.
    private func cut(_ element: Level, end: Int, windowStart: Int) {
        if copied < element.start { copy(from: windowStart, upTo: element.start) }
        skeleton.removeSubrange(element.skeletonStart...)
        while let last = records.last, Int(last.placeholder) >= element.skeletonStart { records.removeLast() }
        records.append(
            JSONDeferredRecords.Entry(
                start: element.start, length: UInt32(truncatingIfNeeded: end &- element.start),
                placeholder: UInt32(truncatingIfNeeded: skeleton.count),
                depth: Int32(truncatingIfNeeded: depth &- closedBelow)))
        // An empty container of the element's kind; a record that does not close as it opens fails to validate.
        skeleton.append(element.isArray ? JSONBytes.openBracket : JSONBytes.openBrace)
        skeleton.append(element.isArray ? JSONBytes.closeBracket : JSONBytes.closeBrace)
        copied = end
    }

    /// Copies the window's bytes from `copied` up to the file offset `end` into the skeleton.
    private func copy(from windowStart: Int, upTo end: Int) {
        skeleton.append(contentsOf: UnsafeBufferPointer(start: window + (copied &- windowStart), count: end &- copied))
    }
}
