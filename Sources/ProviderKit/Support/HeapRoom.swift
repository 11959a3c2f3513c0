#if canImport(Glibc)
    import Glibc
#endif

/// Makes room in the calling thread's heap before it allocates much, so that the room is made once.
///
/// glibc gives every thread but the first a heap of its own and grows it only by what the allocation at
/// hand needs: a thread that builds thousands of offers grows it a page or two at a time, one `mprotect`
/// call each. Reading a 10,000-itinerary answer made 5,000 such calls, 4 % of the search's processor time.
/// The room a heap was given stays when its memory is given back, so growing it once in large blocks and
/// freeing them at once leaves the room and none of the memory: the blocks are never written, and the
/// freed top of the heap is returned to the system (`madvise`), as any freed top is.
///
/// On the main thread, whose heap grows in large steps of its own, the blocks are made and given back and
/// nothing else changes; without glibc, it does nothing.
package enum HeapRoom {
    /// The block the room is made of: below glibc's smallest threshold for serving an allocation with a
    /// mapping of its own, so that every block comes from the heap.
    static let block = 120 << 10
    /// The most room made at once: a thread's heap holds at most 64 MiB.
    static let most = 32 << 20

    /// Makes room for about `bytes` in the calling thread's heap.
    /// - Parameter bytes: how much the thread is about to allocate; up to ``most`` is made room for.
    package static func reserve(_ bytes: Int) {
        #if canImport(Glibc)
            let count = min(bytes, most) / block
            guard count > 1 else { return }
            let blocks = UnsafeMutablePointer<UnsafeMutableRawPointer?>.allocate(capacity: count)
            defer { blocks.deallocate() }
            for index in 0..<count { blocks[index] = malloc(block) }
            // In the order they were made: each freed block joins the one before, and the last the heap's top.
            for index in 0..<count { free(blocks[index]) }
        #endif
    }
}
