import AggregatorCore
import AggregatorTestSupport
import Foundation
import ProviderKit
import ProviderTestKit
import Testing

/// Compressed bodies against the size cap: the platform inflates a `Content-Encoding: gzip` body on its
/// own, so the cap must count what it inflates to, not what crossed the wire.
///
/// The bombs here are small. On Linux every URL session of a process shares one queue, and the platform
/// inflates what it has already received on it even after the cap has answered the caller, so a large
/// bomb in this process would hold up every other test's requests. The built binary's tests serve the
/// full 3 GiB bomb, in a process of its own, and measure its memory.
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
        let server = try LoopbackHTTPServer { _ in .gzip(bytes: 4 << 20) }
        defer { server.stop() }
        #expect(GzipOfZeros(size: 4 << 20).compressedSize < 1 << 20, "what crosses the wire is under the cap")
        let error = await #expect(throws: TransportError.self) {
            try await URLSessionTransport(maxResponseBytes: 1 << 20).send(request(server))
        }
        #expect(error?.kind == .responseTooLarge)
        #expect(error?.detail == "the response is over the 1048576-byte limit; reading stopped")
    }

    @Test func requestsAskForBodiesThatNeedNoInflating() async throws {
        let server = try LoopbackHTTPServer { _ in .json("[]") }
        defer { server.stop() }
        _ = try await URLSessionTransport().send(request(server))
        var asking = request(server)
        asking.headers["Accept-Encoding"] = "gzip"
        _ = try await URLSessionTransport().send(asking)
        #expect(server.requests.map { $0.headers["accept-encoding"] } == ["identity", "gzip"])
    }
}
