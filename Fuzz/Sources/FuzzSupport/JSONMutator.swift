import Foundation
import FuzzDriver
import ProviderKit

/// Structure-aware mutation for inputs that are JSON of a known shape (a provider's answer, a program's
/// spec or output line): most mutations keep the input valid JSON of the same shape and change what a
/// decoder trusts — numbers at and past every integer width, numbers as strings, strings that are empty,
/// huge, control characters or escaped lone surrogates, deep nesting, repeated elements, members added
/// from the document's own keys — so that the decoder's checks and the arithmetic behind them are reached
/// at once, instead of after the byte-level mutations have stumbled back into valid JSON.
///
/// Rules:
/// - An input is `prefix` bytes the target reads itself (a provider target's first byte picks the request)
///   followed by JSON: one document, or one per line. The prefix is kept; one document (or one line) is
///   mutated.
/// - Values are chosen by their shape, the path to them with array indices left out, each shape as likely
///   as another however often it repeats: a field that appears once (`search_params.seats.children`)
///   is mutated as often as the price of each of a thousand records.
/// - A fifth of the mutations are libFuzzer's own byte-level ones, and an input that is not JSON gets only
///   those, so nothing the plain fuzzer reaches is lost.
/// - Everything is drawn from libFuzzer's seed, so a run can be replayed.
/// - A mutation costs one pass over the input and a copy: the document is read once into a flat index of
///   its values and their places (``JSONIndex``), and the new value is spliced into the bytes, never
///   rebuilt as a tree and written again. The mutator runs between every two executions, compiled with the
///   same coverage instrumentation as the code under test, so its cost is the fuzzer's speed.
/// - Repeated elements add at most ``repeatBudget`` bytes, so that inputs do not grow to the largest
///   length libFuzzer allows and every later execution with them.
public enum JSONMutator {
    /// The bytes before the JSON, kept as they are.
    nonisolated(unsafe) static var prefixLength = 0
    /// The most bytes one repetition of an array's element adds.
    static let repeatBudget = 16 * 1024

    /// Makes this the mutator libFuzzer uses; call it before fuzzing starts.
    /// - Parameter prefix: the bytes before the JSON that the target reads itself.
    public static func install(prefix: Int) {
        prefixLength = prefix
        aggregate_set_mutator { data, size, maxSize, seed in
            guard let data else { return size }
            return JSONMutator.mutate(data, size: size, maxSize: maxSize, seed: seed)
        }
    }

    /// Mutates an input in place.
    static func mutate(_ data: UnsafeMutablePointer<UInt8>, size: Int, maxSize: Int, seed: UInt32) -> Int {
        var random = SplitMix(seed: UInt64(seed))
        let prefix = min(prefixLength, size)
        guard random.next(100) >= 20, size > prefix else { return aggregate_mutate_bytes(data, size, maxSize) }
        let json = Array(UnsafeBufferPointer(start: data + prefix, count: size - prefix))
        guard let mutated = mutate(json: json, random: &random), prefix + mutated.count <= maxSize else {
            return aggregate_mutate_bytes(data, size, maxSize)
        }
        mutated.withUnsafeBufferPointer { buffer in
            guard let base = buffer.baseAddress else { return }
            (data + prefix).update(from: base, count: buffer.count)
        }
        return prefix + mutated.count
    }

    /// The JSON mutated, or `nil` when it is not JSON (then only bytes are mutated).
    static func mutate(json bytes: [UInt8], random: inout SplitMix) -> [UInt8]? {
        if let document = JSONIndex(bytes[...]) { return mutate(document, random: &random) }
        // JSON lines: one of the lines that are JSON.
        let lines = bytes.split(separator: 0x0A, omittingEmptySubsequences: false)
        let documents = lines.indices.filter { JSONIndex(lines[$0], validateOnly: true) != nil }
        guard let index = random.element(of: documents), let line = JSONIndex(lines[index]) else { return nil }
        var mutated = Array(bytes[..<lines[index].startIndex])
        mutated += mutate(line, random: &random)
        mutated += bytes[lines[index].endIndex...]
        return mutated
    }

    /// One structural mutation of a document: its bytes with one edit.
    static func mutate(_ document: JSONIndex, random: inout SplitMix) -> [UInt8] {
        let leaves = document.leaves
        let choice = random.next(100)
        if choice < 40, let shape = random.element(of: leaves.shapes) {
            // One value of a shape, or every value of it.
            let nodes = leaves.byShape[shape] ?? []
            let chosen = random.next(4) == 0 ? nodes : random.element(of: nodes).map { [$0] } ?? []
            let isText = chosen.first.map { document.nodes[$0].kind == .string } ?? false
            let extreme = Extremes.value(text: isText, random: &random)
            return document.replacing(chosen.map { (document.nodes[$0].range, extreme) })
        } else if choice < 55 {
            // The same extreme number everywhere there is a number: what a decoder sums or multiplies meets it
            // in every operand at once.
            let number = Extremes.number(random: &random)
            let numbers = document.nodes.indices.filter { document.nodes[$0].kind == .number }
            return document.replacing(numbers.map { (document.nodes[$0].range, number) })
        } else if choice < 70 {
            // A member added to an object (the parent of a value, or the whole document), named after a key
            // the document uses.
            let keys = document.keys()
            let pick = random.next(leaves.all.count + 1)
            let target = pick < leaves.all.count ? document.nodes[leaves.all[pick]].parent : 0
            guard let key = random.element(of: keys), document.nodes.indices.contains(target),
                document.nodes[target].kind == .object
            else { return document.bytes.map { $0 } }
            let object = document.nodes[target]
            let member = (object.children > 0 ? [UInt8(ascii: ",")] : []) + key + [UInt8(ascii: ":")]
            return document.replacing([(object.end - 1..<object.end - 1, member + Extremes.value(random: &random))])
        } else if choice < 80 {
            // A value nested deep inside arrays and objects.
            guard let leaf = random.element(of: leaves.all) else { return document.bytes.map { $0 } }
            let levels = 1 + random.next(300)
            var opening: [UInt8] = []
            var closing: [UInt8] = []
            for level in (0..<levels).reversed() { opening += level % 2 == 0 ? Array("[".utf8) : Array(#"{"a":"#.utf8) }
            for level in 0..<levels { closing.append(level % 2 == 0 ? UInt8(ascii: "]") : UInt8(ascii: "}")) }
            let range = document.nodes[leaf].range
            return document.replacing([(range, opening + document.bytes[range] + closing)])
        } else if choice < 90 {
            // An array's element repeated.
            let arrays = document.nodes.indices.filter {
                document.nodes[$0].kind == .array && document.nodes[$0].children > 0
            }
            guard let array = random.element(of: arrays) else { return document.bytes.map { $0 } }
            let copies = 1 + random.next(64)
            let pick = random.next(1 << 30) % document.nodes[array].children
            var element = array + 1
            for _ in 0..<pick { element = document.nodes[element].next }
            let text = document.bytes[document.nodes[element].range]
            var added: [UInt8] = []
            for _ in 0..<max(1, min(copies, repeatBudget / max(text.count, 1))) {
                added.append(UInt8(ascii: ","))
                added += text
            }
            let end = document.nodes[array].end - 1
            return document.replacing([(end..<end, added)])
        } else {
            // A value removed.
            guard let leaf = random.element(of: leaves.all) else { return document.bytes.map { $0 } }
            return document.replacing([(document.removal(of: leaf), [])])
        }
    }
}

/// A JSON document read into a flat list of its values in document order, each with its place in the
/// bytes, its parent and siblings and its shape: what the mutator needs to choose a value and splice a
/// new one in, read in one pass without building a tree.
struct JSONIndex {
    /// What a value is.
    enum Kind: UInt8 {
        case object, array, string, number, literal
    }

    /// One value.
    struct Node {
        var kind: Kind
        /// Its bytes.
        var range: Range<Int>
        /// Where it starts with its member's name, or where it starts when it has none.
        var memberStart: Int
        /// The container it is in; -1 for the document.
        var parent: Int
        /// The value before it in the same container; -1 for the first.
        var previous: Int
        /// The value after it in the same container; -1 for the last.
        var next = -1
        /// The values directly in it (a container).
        var children = 0
        /// The names along the path to it, array positions left out, hashed.
        var shape: UInt64
        /// Its member's name with the quotes, empty for an element or the document.
        var key: Range<Int>

        /// One past its last byte.
        var end: Int { range.upperBound }
    }

    /// The document.
    let bytes: ArraySlice<UInt8>
    /// Every value, the document first, each container before what it holds.
    private(set) var nodes: [Node] = []
    /// Whether the values are recorded (`false` only checks the document).
    private let recording: Bool

    /// The deepest nesting read, as deep as the provider kit's reader goes.
    static let maxDepth = 512

    /// Reads a document; `nil` when it is not one JSON value with nothing but white space around it.
    /// - Parameters:
    ///   - bytes: the text.
    ///   - validateOnly: check it without recording its values.
    init?(_ bytes: ArraySlice<UInt8>, validateOnly: Bool = false) {
        self.bytes = bytes
        recording = !validateOnly
        var position = bytes.startIndex
        skipSpace(&position)
        guard
            value(
                &position, parent: -1, previous: -1, memberStart: position, key: 0..<0, shape: 0xCBF2_9CE4_8422_2325,
                depth: 0)
        else { return nil }
        skipSpace(&position)
        guard position == bytes.endIndex else { return nil }
        for index in nodes.indices where nodes[index].previous >= 0 { nodes[nodes[index].previous].next = index }
    }

    /// The scalars and empty containers, the values a mutation replaces: all of them, and by shape.
    struct Leaves {
        /// Every leaf, in document order.
        var all: [Int] = []
        /// The shapes, in the order they first appear.
        var shapes: [UInt64] = []
        /// The leaves of each shape.
        var byShape: [UInt64: [Int]] = [:]
    }

    /// The leaves of the document.
    var leaves: Leaves {
        var leaves = Leaves()
        for (index, node) in nodes.enumerated() where node.children == 0 {
            leaves.all.append(index)
            if leaves.byShape[node.shape] == nil { leaves.shapes.append(node.shape) }
            leaves.byShape[node.shape, default: []].append(index)
        }
        return leaves
    }

    /// Every member name the document uses, with its quotes, each once, in the order they first appear.
    func keys() -> [[UInt8]] {
        var seen = Set<[UInt8]>()
        var keys: [[UInt8]] = []
        for node in nodes where !node.key.isEmpty {
            let key = Array(bytes[node.key])
            if seen.insert(key).inserted { keys.append(key) }
        }
        return keys
    }

    /// The bytes that removing a value removes: with its name, and the comma that parts it from a neighbour.
    func removal(of index: Int) -> Range<Int> {
        let node = nodes[index]
        guard node.parent >= 0 else { return node.range.lowerBound..<node.range.lowerBound }
        if node.next >= 0 { return node.memberStart..<nodes[node.next].memberStart }
        if node.previous >= 0 { return nodes[node.previous].end..<node.end }
        return node.memberStart..<node.end
    }

    /// The document with ranges replaced: ranges that do not overlap, in any order.
    func replacing(_ edits: [(Range<Int>, [UInt8])]) -> [UInt8] {
        let sorted = edits.sorted { $0.0.lowerBound < $1.0.lowerBound }
        var result: [UInt8] = []
        result.reserveCapacity(bytes.count + edits.reduce(0) { $0 + $1.1.count })
        var position = bytes.startIndex
        for (range, replacement) in sorted where range.lowerBound >= position {
            result += bytes[position..<range.lowerBound]
            result += replacement
            position = range.upperBound
        }
        result += bytes[position...]
        return result
    }

    // MARK: - Reading

    private func skipSpace(_ position: inout Int) {
        while position < bytes.endIndex, [0x20, 0x0A, 0x0D, 0x09].contains(bytes[position]) { position += 1 }
    }

    /// Records a value; its index.
    private mutating func record(_ node: Node) -> Int {
        guard recording else { return -1 }
        nodes.append(node)
        return nodes.count - 1
    }

    /// Reads one value at `position`, leaving it after the value.
    private mutating func value(
        _ position: inout Int, parent: Int, previous: Int, memberStart: Int, key: Range<Int>, shape: UInt64, depth: Int
    ) -> Bool {
        guard position < bytes.endIndex, depth <= Self.maxDepth else { return false }
        let start = position
        let byte = bytes[position]
        switch byte {
        case UInt8(ascii: "{"), UInt8(ascii: "["):
            let isObject = byte == UInt8(ascii: "{")
            let closing = isObject ? UInt8(ascii: "}") : UInt8(ascii: "]")
            let index = record(
                Node(
                    kind: isObject ? .object : .array, range: start..<start, memberStart: memberStart, parent: parent,
                    previous: previous, shape: shape, key: key))
            position += 1
            skipSpace(&position)
            var last = -1
            var count = 0
            if position < bytes.endIndex, bytes[position] == closing {
                position += 1
            } else {
                while true {
                    skipSpace(&position)
                    let childStart = position
                    var childKey = 0..<0
                    var childShape = Self.hash(shape, isObject ? 0x2E : 0x5B)
                    if isObject {
                        guard position < bytes.endIndex, bytes[position] == UInt8(ascii: "\""), skipString(&position)
                        else { return false }
                        childKey = childStart..<position
                        childShape = Self.hash(childShape, bytes[childKey])
                        skipSpace(&position)
                        guard position < bytes.endIndex, bytes[position] == UInt8(ascii: ":") else { return false }
                        position += 1
                        skipSpace(&position)
                    }
                    let child = recording ? nodes.count : -1
                    guard
                        value(
                            &position, parent: index, previous: last, memberStart: childStart, key: childKey,
                            shape: childShape, depth: depth + 1)
                    else { return false }
                    last = child
                    count += 1
                    skipSpace(&position)
                    guard position < bytes.endIndex else { return false }
                    if bytes[position] == UInt8(ascii: ",") {
                        position += 1
                        continue
                    }
                    guard bytes[position] == closing else { return false }
                    position += 1
                    break
                }
            }
            if recording {
                nodes[index].range = start..<position
                nodes[index].children = count
            }
            return true
        case UInt8(ascii: "\""):
            guard skipString(&position) else { return false }
            _ = record(
                Node(
                    kind: .string, range: start..<position, memberStart: memberStart, parent: parent,
                    previous: previous, shape: shape, key: key))
            return true
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
            while position < bytes.endIndex, Self.isNumberByte(bytes[position]) { position += 1 }
            _ = record(
                Node(
                    kind: .number, range: start..<position, memberStart: memberStart, parent: parent,
                    previous: previous, shape: shape, key: key))
            return true
        default:
            let word: [UInt8] =
                byte == UInt8(ascii: "t")
                ? Array("true".utf8) : byte == UInt8(ascii: "f") ? Array("false".utf8) : Array("null".utf8)
            guard bytes[position...].starts(with: word) else { return false }
            position += word.count
            _ = record(
                Node(
                    kind: .literal, range: start..<position, memberStart: memberStart, parent: parent,
                    previous: previous, shape: shape, key: key))
            return true
        }
    }

    /// Moves past a string that starts at `position`; `false` when it does not end or holds a control character.
    private func skipString(_ position: inout Int) -> Bool {
        position += 1
        while position < bytes.endIndex {
            let byte = bytes[position]
            if byte == UInt8(ascii: "\"") {
                position += 1
                return true
            }
            if byte < 0x20 { return false }
            position += byte == UInt8(ascii: "\\") ? 2 : 1
        }
        return false
    }

    private static func isNumberByte(_ byte: UInt8) -> Bool {
        (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) || byte == UInt8(ascii: "-") || byte == UInt8(ascii: "+")
            || byte == UInt8(ascii: ".") || byte == UInt8(ascii: "e") || byte == UInt8(ascii: "E")
    }

    /// FNV-1a over a shape and one more step: the same on every run, so a run can be replayed.
    private static func hash(_ shape: UInt64, _ step: UInt8) -> UInt64 {
        (shape ^ UInt64(step)) &* 0x100_0000_01B3
    }

    private static func hash(_ shape: UInt64, _ name: ArraySlice<UInt8>) -> UInt64 {
        var hash = shape
        for byte in name { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01B3 }
        return hash
    }
}

/// The values a decoder should never trust: numbers at and past the limits of every integer width and of
/// `Double` and `Decimal`, numbers written as strings, and strings that are empty, long, full of control
/// characters or escaped lone surrogates. Each is kept as the JSON text it is spliced in as.
enum Extremes {
    static let numbers = [
        "9223372036854775807", "-9223372036854775808", "9223372036854775808", "18446744073709551615",
        "4611686018427387904", "-4611686018427387905", "2147483647", "-2147483649", "4294967296", "3037000500",
        "99999999999", "86400", "65536", "1000000", "0", "-0", "-1", "1", "2", "10", "1e308", "-1e308", "1e309",
        "1e-400", "0.5", "1.0000000000000002", "123456789012345678901234567890123456789012", "1e2", "1E+18",
        "7.5e18", "-9.3e18",
    ]
    /// The strings, written as JSON: text escaped as a writer escapes it, and escapes no Swift string holds.
    static let strings: [[UInt8]] =
        [
            "", " ", String(repeating: "A", count: 5_000), "\u{0}\u{1b}[2J\u{7}", "😀\u{202e}ǅ", "NaN", "null",
            "../../etc/passwd", "javascript:alert(1)", "2026-02-30T25:61:61Z", "99999-12-31T00:00",
        ].map(written) + [Array(#""\ud800""#.utf8), Array(#""\udc00\ud800""#.utf8)]
        + ["9223372036854775807", "-1", "1e309"].map(written)

    /// The numbers that fit a 64-bit integer but whose sum or product with their like does not: half the
    /// extreme numbers drawn are these, as an overflow is the likeliest trap.
    static let wide = [
        "9223372036854775807", "-9223372036854775808", "4611686018427387904", "7.5e18", "9223372036854775806",
        "-4611686018427387905", "3037000500",
    ]

    /// A string as JSON text.
    static func written(_ text: String) -> [UInt8] {
        var writer = JSONWriter(style: .compact)
        writer.string(text)
        return writer.bytes
    }

    /// An extreme number.
    static func number(random: inout SplitMix) -> [UInt8] {
        Array((random.next(2) == 0 ? wide[random.next(wide.count)] : numbers[random.next(numbers.count)]).utf8)
    }

    /// An extreme value, most often of the kind it replaces.
    /// - Parameter text: whether it replaces a string.
    static func value(text isText: Bool = false, random: inout SplitMix) -> [UInt8] {
        let roll = random.next(10)
        if roll < 6 {
            // Of the kind it replaces: a number (or a number as a string) for a number, a string for a string.
            if isText { return strings[random.next(strings.count)] }
            return roll < 4 ? number(random: &random) : written(numbers[random.next(numbers.count)])
        }
        switch roll {
        case 6: return Array("null".utf8)
        case 7: return Array((random.next(2) == 0 ? "true" : "false").utf8)
        case 8: return Array(["{}", "[]", "[null]"][random.next(3)].utf8)
        default: return random.next(2) == 0 ? number(random: &random) : strings[random.next(strings.count)]
        }
    }
}

/// A small, fast generator whose whole state is one seed: SplitMix64.
struct SplitMix {
    private var state: UInt64

    init(seed: UInt64) { state = seed &+ 0x9E37_79B9_7F4A_7C15 }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var mixed = state
        mixed = (mixed ^ (mixed >> 30)) &* 0xBF58_476D_1CE4_E5B9
        mixed = (mixed ^ (mixed >> 27)) &* 0x94D0_49BB_1331_11EB
        return mixed ^ (mixed >> 31)
    }

    /// A number in `0..<bound`; 0 when `bound` is 0.
    mutating func next(_ bound: Int) -> Int {
        bound <= 0 ? 0 : Int(next() % UInt64(bound))
    }

    mutating func element<Element>(of list: [Element]) -> Element? {
        list.isEmpty ? nil : list[next(list.count)]
    }
}
