import Foundation
import FuzzDriver
import ProviderKit

// The JSON reader on its own: validation, then every value read the ways the providers read them, and
// the writer on what it read. Any outcome but a crash, a hang or a runaway allocation is a pass.
exit(
    aggregate_run_fuzzer(CommandLine.argc, CommandLine.unsafeArgv) { data, count in
        guard let data else { return 0 }
        let bytes = UnsafeBufferPointer(start: data, count: count)
        _ = try? JSONDocument.read(Data(bytes)) { root in visit(root, depth: 0) }
        return 0
    })

/// Reads a value every way a provider might, down to a bounded depth.
func visit(_ node: JSONNode, depth: Int) {
    _ = try? node.string
    _ = try? node.decimal
    _ = try? node.int
    _ = try? node.double
    _ = try? node.bool
    _ = try? node.lenientDecimal
    _ = try? node.lenientString
    _ = try? node.lenientBool
    // One document per value: a writer holds one top-level value, and says so in a build with assertions.
    var number = JSONWriter(style: .compact)
    number.decimal(try? node.decimal)
    var text = JSONWriter(style: .compact)
    text.string(try? node.string)
    guard depth < 64 else { return }
    if let elements = try? node.elements {
        for element in elements { visit(element, depth: depth + 1) }
    }
    if let members = try? node.members {
        for member in members { visit(member.value, depth: depth + 1) }
    }
    _ = try? node["data"].isMissing
}
