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
public enum JSONMutator {
    /// The bytes before the JSON, kept as they are.
    nonisolated(unsafe) static var prefixLength = 0

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
        let input = Array(UnsafeBufferPointer(start: data, count: size))
        guard let mutated = mutate(json: Array(input[prefix...]), random: &random),
            prefix + mutated.count <= maxSize
        else { return aggregate_mutate_bytes(data, size, maxSize) }
        for (offset, byte) in (Array(input[..<prefix]) + mutated).enumerated() { data[offset] = byte }
        return prefix + mutated.count
    }

    /// The JSON mutated, or `nil` when it is not JSON (then only bytes are mutated).
    static func mutate(json bytes: [UInt8], random: inout SplitMix) -> [UInt8]? {
        if let document = Value.parse(bytes) {
            var mutated = document
            mutate(&mutated, random: &random)
            return mutated.serialized()
        }
        // JSON lines: one of the lines that are JSON.
        var lines = bytes.split(separator: 0x0A, omittingEmptySubsequences: false).map(Array.init)
        let documents = lines.indices.filter { Value.parse(lines[$0]) != nil }
        guard let index = random.element(of: documents), var line = Value.parse(lines[index]) else { return nil }
        mutate(&line, random: &random)
        lines[index] = line.serialized()
        return Array(lines.joined(separator: [0x0A]))
    }

    /// One structural mutation of a document.
    static func mutate(_ document: inout Value, random: inout SplitMix) {
        let shapes = document.shapes()
        let choice = random.next(100)
        if choice < 40, let shape = random.element(of: Array(shapes.keys).sorted()) {
            // One value of a shape, or every value of it.
            let paths = shapes[shape] ?? []
            let chosen = random.next(4) == 0 ? paths : random.element(of: paths).map { [$0] } ?? []
            let extreme = Extremes.value(like: document.value(at: chosen.first ?? []), random: &random)
            for path in chosen { document.set(extreme, at: path) }
        } else if choice < 55 {
            // The same extreme number everywhere there is a number: what a decoder sums or multiplies meets it
            // in every operand at once.
            let number = Extremes.number(random: &random)
            for paths in shapes.values {
                for path in paths where document.value(at: path)?.isNumber == true { document.set(number, at: path) }
            }
        } else if choice < 70 {
            // A member added to an object, named after a key the document uses.
            let keys = document.keys()
            let objects = shapes.values.flatMap { $0 }.map { Array($0.dropLast()) } + [[]]
            if let path = random.element(of: objects), let key = random.element(of: keys) {
                document.add(member: key, value: Extremes.value(like: nil, random: &random), at: path)
            }
        } else if choice < 80 {
            // A value nested deep inside arrays and objects.
            if let path = random.element(of: shapes.values.flatMap { $0 }), let value = document.value(at: path) {
                var nested = value
                for level in 0..<(1 + random.next(300)) {
                    nested = level % 2 == 0 ? .array([nested]) : .object([("a", nested)])
                }
                document.set(nested, at: path)
            }
        } else if choice < 90 {
            // An array's element repeated.
            document.repeatElement(random: &random)
        } else {
            // A value removed.
            if let path = random.element(of: shapes.values.flatMap { $0 }) { document.remove(at: path) }
        }
    }
}

/// A JSON value as the mutator holds it: numbers as their text, and text written exactly as it is meant to
/// stand (`raw`), for what a Swift string cannot hold, such as an escaped lone surrogate.
indirect enum Value: Equatable {
    case object([(String, Value)])
    case array([Value])
    case string(String)
    case number(String)
    case raw(String)
    case bool(Bool)
    case null

    static func == (lhs: Value, rhs: Value) -> Bool { lhs.serialized() == rhs.serialized() }

    /// One step of a path: a member by position and name, or an element by position.
    enum Step: Hashable {
        case member(Int, String)
        case element(Int)
    }

    var isNumber: Bool {
        if case .number = self { return true }
        return false
    }

    /// Reads a document with the provider kit's reader; `nil` when it is not JSON.
    static func parse(_ bytes: [UInt8]) -> Value? {
        guard !bytes.isEmpty else { return nil }
        return try? JSONDocument.read(bytes, maxDepth: 512) { root in try Value(root) }
    }

    private init(_ node: JSONNode) throws {
        switch node.kind {
        case .object:
            var members: [(String, Value)] = []
            for member in try node.members { members.append((member.name, try Value(member.value))) }
            self = .object(members)
        case .array:
            var elements: [Value] = []
            for element in try node.elements { elements.append(try Value(element)) }
            self = .array(elements)
        case .string: self = .string(try node.string)
        case .number: self = .number(try node.numberText)
        case .bool: self = .bool(try node.bool)
        case .null, nil: self = .null
        }
    }

    /// Compact JSON text.
    func serialized() -> [UInt8] {
        var writer = JSONWriter(style: .compact)
        write(to: &writer)
        return writer.bytes
    }

    private func write(to writer: inout JSONWriter) {
        switch self {
        case .object(let members):
            writer.beginObject()
            for (name, value) in members {
                writer.key(name)
                value.write(to: &writer)
            }
            writer.endObject()
        case .array(let elements):
            writer.beginArray()
            for element in elements { element.write(to: &writer) }
            writer.endArray()
        case .string(let text): writer.string(text)
        case .number(let text), .raw(let text): writer.verbatim(text)
        case .bool(let flag): writer.bool(flag)
        case .null: writer.null()
        }
    }

    /// Every path to a scalar, or to an empty container, by shape: the names along the path, with array
    /// positions left out.
    func shapes() -> [String: [[Step]]] {
        var found: [String: [[Step]]] = [:]
        func walk(_ value: Value, path: [Step], shape: String) {
            switch value {
            case .object(let members) where !members.isEmpty:
                for (index, member) in members.enumerated() {
                    walk(member.1, path: path + [.member(index, member.0)], shape: shape + "." + member.0)
                }
            case .array(let elements) where !elements.isEmpty:
                for (index, element) in elements.enumerated() {
                    walk(element, path: path + [.element(index)], shape: shape + "[]")
                }
            default:
                found[shape, default: []].append(path)
            }
        }
        walk(self, path: [], shape: "")
        return found
    }

    /// Every member name the document uses, each once.
    func keys() -> [String] {
        var names = Set<String>()
        func walk(_ value: Value) {
            switch value {
            case .object(let members):
                for (name, member) in members {
                    names.insert(name)
                    walk(member)
                }
            case .array(let elements): elements.forEach(walk)
            default: break
            }
        }
        walk(self)
        return names.sorted()
    }

    func value(at path: [Step]) -> Value? {
        guard let step = path.first else { return self }
        switch (self, step) {
        case (.object(let members), .member(let index, _)) where members.indices.contains(index):
            return members[index].1.value(at: Array(path.dropFirst()))
        case (.array(let elements), .element(let index)) where elements.indices.contains(index):
            return elements[index].value(at: Array(path.dropFirst()))
        default: return nil
        }
    }

    mutating func set(_ new: Value, at path: [Step]) {
        update(at: path) { $0 = new }
    }

    mutating func remove(at path: [Step]) {
        guard let last = path.last else { return }
        update(at: Array(path.dropLast())) { parent in
            switch (parent, last) {
            case (.object(var members), .member(let index, _)) where members.indices.contains(index):
                members.remove(at: index)
                parent = .object(members)
            case (.array(var elements), .element(let index)) where elements.indices.contains(index):
                elements.remove(at: index)
                parent = .array(elements)
            default: break
            }
        }
    }

    mutating func add(member name: String, value: Value, at path: [Step]) {
        update(at: path) { target in
            guard case .object(var members) = target else { return }
            members.append((name, value))
            target = .object(members)
        }
    }

    /// Repeats one element of one array a few to many times.
    mutating func repeatElement(random: inout SplitMix) {
        var arrays: [[Step]] = []
        func walk(_ value: Value, path: [Step]) {
            switch value {
            case .object(let members):
                for (index, member) in members.enumerated() { walk(member.1, path: path + [.member(index, member.0)]) }
            case .array(let elements):
                if !elements.isEmpty { arrays.append(path) }
                for (index, element) in elements.enumerated() { walk(element, path: path + [.element(index)]) }
            default: break
            }
        }
        walk(self, path: [])
        guard let path = random.element(of: arrays) else { return }
        let copies = 1 + random.next(64)
        let pick = random.next(1 << 30)
        update(at: path) { target in
            guard case .array(var elements) = target, !elements.isEmpty else { return }
            elements += Array(repeating: elements[pick % elements.count], count: copies)
            target = .array(elements)
        }
    }

    private mutating func update(at path: [Step], _ change: (inout Value) -> Void) {
        guard let step = path.first else { return change(&self) }
        let rest = Array(path.dropFirst())
        switch (self, step) {
        case (.object(var members), .member(let index, _)) where members.indices.contains(index):
            members[index].1.update(at: rest, change)
            self = .object(members)
        case (.array(var elements), .element(let index)) where elements.indices.contains(index):
            elements[index].update(at: rest, change)
            self = .array(elements)
        default: break
        }
    }
}

/// The values a decoder should never trust: numbers at and past the limits of every integer width and of
/// `Double` and `Decimal`, numbers written as strings, and strings that are empty, long, full of control
/// characters or escaped lone surrogates.
enum Extremes {
    static let numbers = [
        "9223372036854775807", "-9223372036854775808", "9223372036854775808", "18446744073709551615",
        "4611686018427387904", "-4611686018427387905", "2147483647", "-2147483649", "4294967296", "3037000500",
        "99999999999", "86400", "65536", "1000000", "0", "-0", "-1", "1", "2", "10", "1e308", "-1e308", "1e309",
        "1e-400", "0.5", "1.0000000000000002", "123456789012345678901234567890123456789012", "1e2", "1E+18",
        "7.5e18", "-9.3e18",
    ]
    static let strings: [Value] = [
        .string(""), .string(" "), .string(String(repeating: "A", count: 5_000)), .string("\u{0}\u{1b}[2J\u{7}"),
        .string("😀\u{202e}ǅ"), .string("NaN"), .string("null"), .string("../../etc/passwd"),
        .string("javascript:alert(1)"), .string("2026-02-30T25:61:61Z"), .string("99999-12-31T00:00"),
        .raw(#""\ud800""#), .raw(#""\udc00\ud800""#), .string("9223372036854775807"), .string("-1"), .string("1e309"),
    ]

    /// The numbers that fit a 64-bit integer but whose sum or product with their like does not: half the
    /// extreme numbers drawn are these, as an overflow is the likeliest trap.
    static let wide = [
        "9223372036854775807", "-9223372036854775808", "4611686018427387904", "7.5e18", "9223372036854775806",
        "-4611686018427387905", "3037000500",
    ]

    /// An extreme number.
    static func number(random: inout SplitMix) -> Value {
        random.next(2) == 0 ? .number(wide[random.next(wide.count)]) : .number(numbers[random.next(numbers.count)])
    }

    /// An extreme value, most often of the kind of `current`.
    static func value(like current: Value?, random: inout SplitMix) -> Value {
        let roll = random.next(10)
        var isText = false
        if case .string? = current { isText = true }
        if roll < 6 {
            // Of the kind it replaces: a number (or a number as a string) for a number, a string for a string.
            if isText { return strings[random.next(strings.count)] }
            return roll < 4 ? number(random: &random) : .string(numbers[random.next(numbers.count)])
        }
        switch roll {
        case 6: return .null
        case 7: return .bool(random.next(2) == 0)
        case 8: return [.object([]), .array([]), .array([.null])][random.next(3)]
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
