import AggregatorCore
import AggregatorTestSupport
import Foundation
import ProviderKit
import ProviderTestKit
import Testing

/// `URLSessionTransport` against a real socket: every limit the transport promises is exercised on the
/// wire, so that a regression in the platform's URL loading (which differs between Darwin and Linux)
/// shows up here rather than against a live provider.
@Suite("URLSessionTransport over loopback")
struct URLSessionTransportTests {
    /// Sends and expects a `TransportError`, returning it with the time it took to arrive.
    private func failure(
        of request: HTTPRequest, on transport: URLSessionTransport = URLSessionTransport(),
        sourceLocation: SourceLocation = #_sourceLocation
    ) async -> (error: TransportError?, seconds: Double) {
        let start = ContinuousClock.now
        let error = await #expect(throws: TransportError.self, sourceLocation: sourceLocation) {
            try await transport.send(request)
        }
        let elapsed = ContinuousClock.now - start
        return (error, elapsed.inSeconds)
    }

    @Test func returnsStatusBodyAndLowerCasedHeaders() async throws {
        let server = try LoopbackHTTPServer { _ in
            .json(#"{"ok":true}"#, headers: ["X-Trace-Id": "abc-123", "Retry-After": "7"])
        }
        defer { server.stop() }
        let response = try await URLSessionTransport().send(server.request("/flights"))
        #expect(response.status == 200)
        #expect(String(decoding: response.body, as: UTF8.self) == #"{"ok":true}"#)
        #expect(response.headers["x-trace-id"] == "abc-123")
        #expect(response.headers["retry-after"] == "7")
        #expect(response.headers["content-type"] == "application/json")
        #expect(response.headers.keys.allSatisfy { $0 == $0.lowercased() })
    }

    @Test(arguments: [404, 500, 429])
    func errorStatusesAreResponsesNotThrows(status: Int) async throws {
        let server = try LoopbackHTTPServer { _ in .json(#"{"error":"nope"}"#, status: status) }
        defer { server.stop() }
        let response = try await URLSessionTransport().send(server.request("/missing"))
        #expect(response.status == status)
        #expect(String(decoding: response.body, as: UTF8.self) == #"{"error":"nope"}"#)
    }

    @Test func requestHeadersAndQueryReachTheServer() async throws {
        let server = try LoopbackHTTPServer { _ in .json("[]") }
        defer { server.stop() }
        var components = try #require(URLComponents(url: server.baseURL, resolvingAgainstBaseURL: false))
        components.path = "/v2/search"
        components.queryItems = [
            URLQueryItem(name: "fly_from", value: "VIE"), URLQueryItem(name: "note", value: "a b&c"),
        ]
        let url = try #require(components.url)
        let sent = HTTPRequest(url: url, headers: ["X-Api-Key": "secret", "Accept": "application/json"])
        _ = try await URLSessionTransport().send(sent)
        let received = try #require(server.requests.first)
        #expect(server.requests.count == 1)
        #expect(received.method == "GET")
        #expect(received.path == "/v2/search")
        #expect(
            received.queryItems == [
                URLQueryItem(name: "fly_from", value: "VIE"), URLQueryItem(name: "note", value: "a b&c"),
            ])
        #expect(received.headers["x-api-key"] == "secret")
        #expect(received.headers["accept"] == "application/json")
    }

    @Test func slowAnswerTimesOutAtTheRequestTimeout() async throws {
        let server = try LoopbackHTTPServer { _ in .slow(seconds: 600, then: .json("[]")) }
        defer { server.stop() }
        let (error, seconds) = try await failure(of: server.request("/slow", timeout: .milliseconds(500)))
        #expect(error?.kind == .timedOut)
        // Far below the server's ten minutes: a loaded machine has been seen to take 19 s to time out here.
        #expect(seconds < 300)
        #expect(seconds >= 0.4, "timed out after \(seconds) s, before the 0.5 s timeout")
    }

    @Test func answerWithinAFractionalTimeoutArrives() async throws {
        // A sub-second timeout must not be truncated to zero: an immediate answer arrives within it. A machine
        // too busy to answer within 0.95 s may still time out, but only once the 0.95 s have passed: what the
        // test rules out is a timeout at once, which it measures from below.
        let server = try LoopbackHTTPServer { _ in .json("[]") }
        defer { server.stop() }
        let sent = try server.request("/fast", timeout: .milliseconds(950))
        let started = ContinuousClock.now
        do {
            let response = try await URLSessionTransport().send(sent)
            #expect(response.status == 200)
        } catch let error as TransportError where error.kind == .timedOut {
            #expect(ContinuousClock.now - started >= .milliseconds(900), "timed out before its 0.95 s")
        }
    }

    @Test func streamedBodyOverTheCapIsCutOff() async throws {
        let server = try LoopbackHTTPServer { _ in .oversized(bytes: 5 << 20) }
        defer { server.stop() }
        let (error, _) = try await failure(
            of: server.request("/big"), on: URLSessionTransport(maxResponseBytes: 1 << 20))
        #expect(error?.kind == .responseTooLarge)
    }

    @Test func declaredLengthOverTheCapIsRefusedBeforeReading() async throws {
        let server = try LoopbackHTTPServer { _ in .truncated(declaredLength: 5 << 20, body: Data("{}".utf8)) }
        defer { server.stop() }
        let (error, _) = try await failure(
            of: server.request("/big"), on: URLSessionTransport(maxResponseBytes: 1 << 20))
        #expect(error?.kind == .responseTooLarge)
        #expect(error?.detail.contains("\(5 << 20)") == true)
    }

    @Test func bodyExactlyAtTheCapIsAccepted() async throws {
        let body = String(repeating: "x", count: 1024)
        let server = try LoopbackHTTPServer { _ in .json(body) }
        defer { server.stop() }
        let response = try await URLSessionTransport(maxResponseBytes: 1024).send(server.request("/edge"))
        #expect(response.body.count == 1024)
    }

    @Test
    func redirectLoopStopsAtTheLimit() async throws {
        let server = try LoopbackHTTPServer { _ in .redirect(to: "/loop") }
        defer { server.stop() }
        let (error, _) = try await failure(of: server.request("/loop"), on: URLSessionTransport(maxRedirects: 5))
        #expect(error?.kind == .tooManyRedirects)
        // The original request plus the five redirects that were allowed; the sixth is not followed.
        #expect(server.requests.count == 6)
    }

    @Test func shortRedirectChainIsFollowed() async throws {
        let server = try LoopbackHTTPServer { request in
            switch request.path {
            case "/first": .redirect(to: "/second")
            case "/second": .redirect(to: "/final?from=redirect")
            default: .json(#"{"landed":true}"#)
            }
        }
        defer { server.stop() }
        let response = try await URLSessionTransport(maxRedirects: 5).send(server.request("/first"))
        #expect(response.status == 200)
        #expect(String(decoding: response.body, as: UTF8.self) == #"{"landed":true}"#)
        #expect(server.requests.map(\.path) == ["/first", "/second", "/final"])
        #expect(server.requests.last?.queryItems == [URLQueryItem(name: "from", value: "redirect")])
    }

    @Test func connectionResetIsAConnectionFailure() async throws {
        let server = try LoopbackHTTPServer { _ in .reset }
        defer { server.stop() }
        let (error, _) = try await failure(of: server.request("/reset"))
        #expect(error?.kind == .connectionFailed)
    }

    @Test func truncatedBodyIsAConnectionFailureNotAShortBody() async throws {
        let server = try LoopbackHTTPServer { _ in
            .truncated(declaredLength: 1000, body: Data(#"{"data":[{"price":1"#.utf8))
        }
        defer { server.stop() }
        let (error, _) = try await failure(of: server.request("/cut"))
        #expect(error?.kind == .connectionFailed)
    }

    @Test func cancellingTheCallerEndsASlowRequestPromptly() async throws {
        let server = try LoopbackHTTPServer { _ in .slow(seconds: 600, then: .json("[]")) }
        defer { server.stop() }
        let sent = try server.request("/slow", timeout: .seconds(1_200))
        let start = ContinuousClock.now
        let task = Task { try await URLSessionTransport().send(sent) }
        // Let the request reach the server so that cancellation interrupts a live exchange.
        while server.requests.isEmpty && ContinuousClock.now - start < .seconds(60) {
            try await Task.sleep(for: .milliseconds(10))
        }
        let cancelled = ContinuousClock.now
        task.cancel()
        let result = await task.result
        let elapsed = ContinuousClock.now - cancelled
        #expect(server.requests.count == 1)
        #expect(elapsed < .seconds(300), "ended by the cancellation, not by the server's ten minutes")
        guard case .failure(let error) = result else {
            Issue.record("a cancelled request returned a response")
            return
        }
        let transportError = try #require(error as? TransportError, "threw \(type(of: error))")
        #expect(transportError.kind == .cancelled)
    }

    @Test func cancelledBeforeSendingNeverConnects() async throws {
        let server = try LoopbackHTTPServer { _ in .json("[]") }
        defer { server.stop() }
        let sent = try server.request("/never")
        let task = Task {
            withUnsafeCurrentTask { $0?.cancel() }
            return try await URLSessionTransport().send(sent)
        }
        let result = await task.result
        guard case .failure(let error) = result else {
            Issue.record("an already cancelled request returned a response")
            return
        }
        #expect((error as? TransportError)?.kind == .cancelled)
    }

    @Test func closedPortIsAConnectionFailure() async throws {
        let server = try LoopbackHTTPServer { _ in .json("[]") }
        let url = server.baseURL.appendingPathComponent("flights")
        server.stop()
        server.stop()  // Stopping twice is harmless.
        let (error, seconds) = await failure(of: HTTPRequest(url: url, timeout: .seconds(600)))
        #expect(error?.kind == .connectionFailed)
        #expect(seconds < 300, "refused at once, not after the ten-minute timeout")
    }

    @Test func stoppingTheServerEndsAnExchangeInFlight() async throws {
        let server = try LoopbackHTTPServer { _ in .slow(seconds: 600, then: .json("[]")) }
        let sent = try server.request("/slow", timeout: .seconds(1_200))
        let start = ContinuousClock.now
        let task = Task { try await URLSessionTransport().send(sent) }
        while server.requests.isEmpty && ContinuousClock.now - start < .seconds(60) {
            try await Task.sleep(for: .milliseconds(10))
        }
        let stopped = ContinuousClock.now
        server.stop()
        let result = await task.result
        #expect(
            ContinuousClock.now - stopped < .seconds(300), "ended by the server stopping, not after its ten minutes")
        guard case .failure(let error) = result else {
            Issue.record("a server that stopped mid-exchange produced a response")
            return
        }
        #expect((error as? TransportError)?.kind == .connectionFailed)
    }

    @Test func concurrentRequestsAreAllAnswered() async throws {
        let server = try LoopbackHTTPServer { request in
            request.path == "/slow" ? .slow(seconds: 0.3, then: .json("slow")) : .json(request.path)
        }
        defer { server.stop() }
        let transport = URLSessionTransport()
        let paths = ["/slow", "/a", "/b", "/c"]
        let requests = try paths.map { try server.request($0) }
        let bodies = try await withThrowingTaskGroup(of: String.self) { group in
            for sent in requests {
                group.addTask { String(decoding: try await transport.send(sent).body, as: UTF8.self) }
            }
            return try await group.reduce(into: Set<String>()) { $0.insert($1) }
        }
        #expect(bodies == ["slow", "/a", "/b", "/c"])
    }
}

extension LoopbackHTTPServer {
    /// A request for `path` (with any query) on this server.
    fileprivate func request(_ path: String, timeout: Duration = .seconds(5)) throws -> HTTPRequest {
        HTTPRequest(url: try #require(URL(string: baseURL.absoluteString + path)), timeout: timeout)
    }
}
