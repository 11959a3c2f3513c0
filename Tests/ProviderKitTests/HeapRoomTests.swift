#if canImport(Glibc)
    import Foundation
    import Glibc
    import ProviderKit
    import Testing

    /// `HeapRoom` on glibc, read off the process's own memory map: the heap of the thread that made room is
    /// readable and writable over the room, and holds none of the memory it was made with.
    struct HeapRoomTests {
        /// One mapping of `/proc/self/maps`, with its resident size from `/proc/self/smaps`.
        struct Mapping {
            var range: Range<UInt>
            var writable: Bool
            /// Whether it is the main thread's heap, `[heap]`, which a thread shares when glibc has made as
            /// many heaps as it makes.
            var isMainHeap: Bool
            var residentKiB: Int
        }

        /// The mapping that holds `address`.
        static func mapping(holding address: UInt) throws -> Mapping? {
            // Read to its end: `String(contentsOfFile:)` stops after the first page of a file under /proc.
            let handle = try #require(FileHandle(forReadingAtPath: "/proc/self/smaps"))
            defer { try? handle.close() }
            let text = String(decoding: try handle.readToEnd() ?? Data(), as: UTF8.self)
            var found: Mapping?
            for line in text.split(separator: "\n") {
                let fields = line.split(separator: " ", omittingEmptySubsequences: true)
                if let first = fields.first, first.contains("-"), fields.count >= 2 {
                    if found != nil { break }
                    let bounds = first.split(separator: "-")
                    guard bounds.count == 2, let low = UInt(bounds[0], radix: 16), let high = UInt(bounds[1], radix: 16)
                    else { continue }
                    if (low..<high).contains(address) {
                        found = Mapping(
                            range: low..<high, writable: fields[1].hasPrefix("rw"), isMainHeap: fields.last == "[heap]",
                            residentKiB: 0)
                    }
                } else if found != nil, fields.first == "Rss:", fields.count >= 2, let kib = Int(fields[1]) {
                    found?.residentKiB = kib
                }
            }
            return found
        }

        /// What a thread of ``onNewThread(_:)`` found, read once the thread has signalled.
        final class Outcome<Value>: @unchecked Sendable {
            var result: Result<Value, any Error>?
        }

        /// Runs `body` on a thread of its own, which glibc gives a heap other than the main thread's.
        static func onNewThread<Value>(_ body: @escaping @Sendable () throws -> Value) throws -> Value {
            let done = DispatchSemaphore(value: 0)
            let outcome = Outcome<Value>()
            Thread {
                outcome.result = Result { try body() }
                done.signal()
            }.start()
            done.wait()
            return try #require(outcome.result).get()
        }

        @Test func aThreadsHeapIsMadeRoomForOnceAndKeepsNoneOfTheMemory() throws {
            let room = 24 << 20
            let (before, after) = try Self.onNewThread { () throws -> (Mapping?, Mapping?) in
                let probe = malloc(64)
                defer { free(probe) }
                let address = UInt(bitPattern: probe)
                let before = try Self.mapping(holding: address)
                HeapRoom.reserve(room)
                return (before, try Self.mapping(holding: address))
            }
            let grown = try #require(after)
            // The main thread's heap is grown in steps of its own and given back whole: nothing to look at.
            guard before?.isMainHeap != true else { return }
            #expect(grown.writable)
            // The writable part of the heap now spans the room (made of whole blocks, so a little less), from
            // the heap's start; a heap just made is writable over some hundred kilobytes.
            #expect(grown.range.count >= room * 9 / 10)
            // The blocks were never written and were given back: the room costs next to no memory.
            let residentBefore = before?.residentKiB ?? 0
            #expect(grown.residentKiB - residentBefore < (room >> 10) / 4)
        }

        @Test(arguments: [Int.min, -1, 0, 100])
        func aSizeTooSmallForTwoBlocksReturnsAtOnce(bytes: Int) {
            // A negative size must not become a negative count of blocks, which would trap when allocated.
            // (What a small room does to the heap cannot be seen here: reading the memory map allocates more.)
            HeapRoom.reserve(bytes)
        }
    }
#endif
