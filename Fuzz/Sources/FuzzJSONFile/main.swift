import Foundation
import FuzzDriver

@testable import ProviderKit

// Reading a file in two passes, the records left in the file and read back, must give exactly what reading
// it in memory gives: the same values at the same paths, or the same error. The made-up bytes are read as
// they are and inside an answer's array of records; the first byte picks the window size, how large an array
// must be before its records are left in the file, whether the first pass is split in two halves, and where,
// or whether the rest of the first large array is found as it is read (a region), with how much of the file's
// end read backwards. A region is also read record by record and on every core. Any difference is a crash,
// which keeps the input.

/// An answer's head: the made-up bytes follow as its records.
let prefix = Array(#"{"currency":"EUR","data":[{"id":"a","route":[{"x":"},{"}]},{"id":"b\"]"},"#.utf8)
/// What closes the answer.
let suffix = Array(#"{"id":"z"}],"after":[1,{"k":[]}]}"#.utf8)
let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("aggregate-fuzz-\(getpid()).json").path

exit(
    aggregate_run_fuzzer(CommandLine.argc, CommandLine.unsafeArgv) { data, count in
        guard let data, count > 0 else { return 0 }
        let choice = Int(data[0])
        let input = Array(UnsafeBufferPointer(start: data + 1, count: count - 1))
        for bytes in [input, prefix + input + suffix] {
            compare(bytes, choice: choice, maxDepth: JSONDocument.defaultMaxDepth)
            compare(bytes, choice: choice, maxDepth: 2 + choice % 6)
        }
        return 0
    })

/// Stops the run when the file read and the memory read of `bytes` disagree.
func compare(_ bytes: [UInt8], choice: Int, maxDepth: Int) {
    let inMemory = outcome { try JSONDocument.read(bytes, maxDepth: maxDepth) { dump($0, depth: 0) } }
    guard (try? Data(bytes).write(to: URL(fileURLWithPath: scratch))) != nil else { return }
    defer { try? FileManager.default.removeItem(atPath: scratch) }
    var limits = JSONFileSplitter.Limits()
    limits.streamedFile = 0
    limits.window = [1, 3, 8, 64, 4096][choice % 5]
    limits.largeArray = [0, 16, 200][choice / 5 % 3]
    limits.batch = 48
    let halves = choice / 15 % 4
    if halves == 0, choice / 60 % 2 == 1 {
        limits.guessedFile = 0
        limits.tailBudget = [16, 256, 1 << 20][choice % 3]
        limits.regionPart = 1
        for arrays in [Arrays.records, .recordsOnEveryCore] {
            let inMemory = outcome {
                try JSONDocument.read(bytes, maxDepth: maxDepth) { dump($0, depth: 0, arrays: arrays) }
            }
            let fromFile = outcome {
                try JSONDocument.read(file: scratch, maxBytes: 1 << 30, maxDepth: maxDepth, limits: limits) {
                    dump($0, depth: 0, arrays: arrays)
                }
            }
            guard fromFile == inMemory else {
                fatalError("records from a file: \(fromFile.prefix(300)); in memory: \(inMemory.prefix(300))")
            }
        }
    }
    let fromFile = outcome { () throws -> String in
        guard let file = try RegularFile.open(scratch, maxBytes: 1 << 30, missingIsNil: false) else { return "gone" }
        defer { file.close() }
        guard halves > 0 else {
            return try JSONDocument.read(file: scratch, maxBytes: 1 << 30, maxDepth: maxDepth, limits: limits) {
                dump($0, depth: 0)
            }
        }
        // A middle anywhere: at a quarter, half or three quarters of the file.
        let middle = max(1, bytes.count * halves / 4)
        guard middle < bytes.count,
            let split = try JSONFileSplitter.split(file, maxDepth: maxDepth, limits: limits, inHalvesAt: middle)
        else {
            return try JSONDocument.read(file: scratch, maxBytes: 1 << 30, maxDepth: maxDepth, limits: limits) {
                dump($0, depth: 0)
            }
        }
        return try JSONDocument.read(file, split: split, maxBytes: 1 << 30, maxDepth: maxDepth, limits: limits) {
            dump($0, depth: 0)
        }
    }
    guard fromFile == inMemory else {
        fatalError("read from a file: \(fromFile.prefix(300)); in memory: \(inMemory.prefix(300))")
    }
}

/// What a read gives: its dump, or its error.
func outcome(_ read: () throws -> String) -> String {
    do {
        return try read()
    } catch {
        return "error: \(error)"
    }
}

/// How ``dump(_:depth:arrays:)`` reads the elements of arrays.
enum Arrays {
    /// With `decodeRecords` and then as `elements`, with every value's path.
    case bothWays
    /// With `decodeRecords` only, as a provider reads records.
    case records
    /// On every core with `decodeRecordsInParallel`, without paths: there an element's place is not known while
    /// it is decoded.
    case recordsOnEveryCore
}

/// Every value down to a bounded depth, with its path unless `arrays` leaves paths out.
func dump(_ node: JSONNode, depth: Int, arrays: Arrays = .bothWays) -> String {
    var text = arrays == .recordsOnEveryCore ? "" : node.path + "="
    guard depth < 32 else { return text + "…" }
    switch node.kind {
    case .object?:
        for member in (try? node.members).map(Array.init) ?? [] {
            text += member.name.debugDescription + ":" + dump(member.value, depth: depth + 1, arrays: arrays) + ","
        }
    case .array? where arrays == .recordsOnEveryCore:
        let records = try? node.decodeRecordsInParallel {
            0
        } _: { _, element in
            dump(element, depth: depth + 1, arrays: arrays)
        }
        text += "[" + (records?.records.records ?? ["?"]).joined(separator: ",") + "]"
    case .array?:
        let records = (try? node.decodeRecords { dump($0, depth: depth + 1, arrays: arrays) })?.records ?? []
        text += "[" + records.joined(separator: ",") + "]"
        guard arrays == .bothWays else { break }
        for element in (try? node.elements).map(Array.init) ?? [] { text += dump(element, depth: depth + 1) }
    case .string?: text += ((try? node.string) ?? "?").debugDescription
    case .number?: text += (try? node.numberText) ?? "?"
    case .bool?: text += (try? node.bool).map(String.init) ?? "?"
    case .null?: text += "null"
    case nil: text += "missing"
    }
    return text
}
