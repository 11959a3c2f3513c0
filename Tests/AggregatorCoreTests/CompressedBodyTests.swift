import AggregatorCore
import AggregatorTestSupport
import Foundation
import Testing

/// Compressed bodies against the size cap: the platform inflates a `Content-Encoding: gzip` body on its
/// own, so the cap must count what it inflates to, not what crossed the wire, and a compression bomb must
/// be answered at the cap instead of being inflated whole.
@Suite("URLSessionTransport and compressed bodies")
struct CompressedBodyTests {
    private func request(_ server: LoopbackHTTPServer, timeout: Duration = .seconds(60)) -> HTTPRequest {
        HTTPRequest(url: server.baseURL.appendingPathComponent("flights"), timeout: timeout)
    }

    @Test func aGzipBodyWithinTheCapArrivesInflated() async throws {
        // Two repeated pieces and a remainder in stored blocks: every part of the encoder is read back,
        // and the platform checks the CRC and length in its trailer.
        let size = 2 * 1_048_513 + 70_000
        let server = try LoopbackHTTPServer { _ in .gzip(bytes: size) }
        defer { server.stop() }
        #expect(GzipOfZeros(size: size).compressedSize < 100_000, "a bomb: far smaller on the wire than inflated")
        let response = try await URLSessionTransport(maxResponseBytes: 4 << 20).send(request(server))
        #expect(response.status == 200)
        #expect(response.body.count == size)
        #expect(response.body.allSatisfy { $0 == 0 })
    }

    @Test func theCapCountsInflatedBytesNotWireBytes() async throws {
        let server = try LoopbackHTTPServer { _ in .gzip(bytes: 8 << 20) }
        defer { server.stop() }
        #expect(GzipOfZeros(size: 8 << 20).compressedSize < 1 << 20, "what crosses the wire is under the cap")
        let error = await #expect(throws: TransportError.self) {
            try await URLSessionTransport(maxResponseBytes: 1 << 20).send(request(server))
        }
        #expect(error?.kind == .responseTooLarge)
        #expect(error?.detail == "the response is over the 1048576-byte limit; reading stopped")
    }

    @Test func aGzipBombIsAnsweredAtTheCapWithoutWaitingForTheRest() async throws {
        // 64 KB on the wire, 64 MiB inflated, a 1 MiB cap: the caller is told the body is too large. The
        // platform may go on inflating what it already received, keeping none of it; the built binary's test
        // measures the memory of a full 3 GiB bomb (here, the rest of one would busy a core for a minute
        // alongside the other tests).
        let server = try LoopbackHTTPServer { _ in .gzip(bytes: 64 << 20) }
        defer { server.stop() }
        let error = await #expect(throws: TransportError.self) {
            try await URLSessionTransport(maxResponseBytes: 1 << 20).send(request(server, timeout: .seconds(120)))
        }
        #expect(error?.kind == .responseTooLarge)
    }
}
