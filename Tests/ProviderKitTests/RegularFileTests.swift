import AggregatorTestSupport
import Foundation
import Testing

@testable import ProviderKit

/// Reading a file whole: in parts on several threads when it is large, and always exactly its bytes.
@Suite("Regular files: reading in parts")
struct RegularFileTests {
    /// Bytes that differ from their neighbours, so that a part read into the wrong place shows.
    private static func pattern(count: Int) -> Data {
        var random = SplitMix64(seed: UInt64(count))
        return Data((0..<count).map { _ in UInt8(truncatingIfNeeded: random.next()) })
    }

    @Test(arguments: [0, 1, 999, 1_000, 10_007, 65_537])
    func aFileReadInPartsIsExactlyItsBytes(size: Int) throws {
        let scratch = try ScratchFolder()
        let file = scratch.url.appendingPathComponent("response.json")
        let contents = Self.pattern(count: size)
        try contents.write(to: file)
        let read = try RegularFile.read(file.path, maxBytes: size, missingIsNil: false, partSize: 1_000)
        #expect(read == contents)
    }

    @Test(arguments: [1, 999, 10_007, 65_537])
    func thePartsFillTheBufferWithTheFileOrSayTheFileWasShort(size: Int) throws {
        let scratch = try ScratchFolder()
        let file = scratch.url.appendingPathComponent("response.json")
        let contents = Self.pattern(count: size)
        try contents.write(to: file)
        let descriptor = open(file.path, O_RDONLY)
        try #require(descriptor >= 0)
        defer { close(descriptor) }
        var buffer = Data(count: size + 10)
        let whole = buffer.withUnsafeMutableBytes { buffer in
            RegularFile.readInParts(descriptor, into: buffer, bytes: size, partSize: 1_000)
        }
        #expect(whole)
        #expect(buffer.prefix(size) == contents)
        // Asked for more than the file holds, the last part comes back short.
        let short = buffer.withUnsafeMutableBytes { buffer in
            RegularFile.readInParts(descriptor, into: buffer, bytes: size + 10, partSize: 1_000)
        }
        #expect(!short)
    }

    @Test func aFileExactlyAtTheCapIsReadWholeInPartsAndOneByteMoreIsRefused() throws {
        let scratch = try ScratchFolder()
        let file = scratch.url.appendingPathComponent("response.json")
        let contents = Self.pattern(count: 10_000)
        try contents.write(to: file)
        #expect(try RegularFile.read(file.path, maxBytes: 10_000, missingIsNil: false, partSize: 1_000) == contents)
        #expect(throws: RegularFile.Failure(path: file.path, reason: .tooLarge(bytes: 10_000, limit: 9_999))) {
            try RegularFile.read(file.path, maxBytes: 9_999, missingIsNil: false, partSize: 1_000)
        }
    }
}
