import Foundation
import FuzzDriver

@testable import ProviderKit

// Checking a large document in two halves at once must find exactly what one pass finds: the same root
// or the same error. The made-up bytes are checked as they are, and after a run of array elements, so
// that the second half starts in those elements and then meets the made-up bytes with containers open
// that it did not see open. Any difference is a crash, which keeps the input.

/// `{"data":[` and forty records of arrays of objects, ending in a comma: the made-up bytes follow.
let prefix = Array(
    (#"{"currency":"EUR","data":["#
        + String(repeating: #"{"id":"x","route":[{"a":[1,2]},{"b":null},{"c":"},{"}],"n":1.5},"#, count: 40))
        .utf8)
/// What closes the prefix's containers, after the made-up bytes.
let suffix = Array("]}".utf8)

exit(
    aggregate_run_fuzzer(CommandLine.argc, CommandLine.unsafeArgv) { data, count in
        guard let data else { return 0 }
        let input = Array(UnsafeBufferPointer(start: data, count: count))
        // The length also picks a low depth limit, from 2 to 9, that the made-up bytes can reach.
        for maxDepth in [JSONDocument.defaultMaxDepth, 2 + count % 8] {
            compare(input, maxDepth: maxDepth)
            compare(prefix + input + suffix, maxDepth: maxDepth)
        }
        return 0
    })

/// Stops the run when the halves and one pass disagree about `text`.
func compare(_ text: [UInt8], maxDepth: Int) {
    let whole = check(text, inHalves: false, maxDepth: maxDepth)
    let halves = check(text, inHalves: true, maxDepth: maxDepth)
    guard whole == halves else {
        fatalError("checked in halves: \(halves); in one pass: \(whole)")
    }
}

/// The root's offset or the error, checking `text` in halves from any size on, or in one pass.
func check(_ text: [UInt8], inHalves: Bool, maxDepth: Int) -> Result<Int, JSONError> {
    text.withUnsafeBufferPointer { buffer in
        guard let base = buffer.baseAddress else { return .success(-1) }
        let index = JSONSkipIndex(documentSize: buffer.count)
        defer { index.deallocate() }
        return Result { () throws(JSONError) -> Int in
            try JSONValidator.check(
                base, count: buffer.count, maxDepth: maxDepth, skipIndex: index,
                splitSize: inHalves ? 0 : Int.max
            ).root
        }
    }
}
