import AggregatorCore
import AggregatorTestSupport
import Foundation
import ProviderKit
import ProviderTestKit
import Testing

@Suite("RetryPolicy arithmetic")
struct RetryPolicyTests {
    @Test func waitsDoubleFromTheBaseWithinTheUpperHalfAndStopAtTheCap() {
        let policy = RetryPolicy(maxAttempts: 5, baseDelay: .milliseconds(100), maxDelay: .seconds(1))
        #expect(policy.delay(beforeRetry: 1, unit: 0) == .milliseconds(50))
        #expect(policy.delay(beforeRetry: 1, unit: 1) == .milliseconds(100))
        #expect(policy.delay(beforeRetry: 2, unit: 0.5) == .milliseconds(150))
        #expect(policy.delay(beforeRetry: 3, unit: 1) == .milliseconds(400))
        #expect(policy.delay(beforeRetry: 10, unit: 1) == .seconds(1))
        #expect(policy.delay(beforeRetry: 64, unit: 0) == .milliseconds(500))
    }

    @Test func jitterSpreadsClientsThatFailedTogether() {
        let policy = RetryPolicy.standard
        let waits = Set((0..<50).map { _ in policy.delay(beforeRetry: 1) })
        #expect(waits.count > 1)
        #expect(waits.allSatisfy { $0 >= .milliseconds(125) && $0 <= .milliseconds(250) })
    }

    @Test func neverMeansOneAttempt() {
        #expect(RetryPolicy.never.maxAttempts == 1)
        #expect(RetryPolicy(maxAttempts: 0).maxAttempts == 1)
    }

    @Test func retryAfterReadsSecondsAndEveryHTTPDateForm() throws {
        let now = try #require(ISO8601DateFormatter().date(from: "1994-11-06T08:49:07Z"))
        #expect(RetryPolicy.retryAfter("120", now: now) == .seconds(120))
        #expect(RetryPolicy.retryAfter(" 0 ", now: now) == .zero)
        #expect(RetryPolicy.retryAfter("Sun, 06 Nov 1994 08:49:37 GMT", now: now) == .seconds(30))
        #expect(RetryPolicy.retryAfter("Sunday, 06-Nov-94 08:49:37 GMT", now: now) == .seconds(30))
        #expect(RetryPolicy.retryAfter("Sun Nov  6 08:49:37 1994", now: now) == .seconds(30))
        #expect(RetryPolicy.retryAfter("Sun, 06 Nov 1994 08:00:00 GMT", now: now) == .zero)
        #expect(RetryPolicy.retryAfter("soon", now: now) == nil)
        #expect(RetryPolicy.retryAfter("-5", now: now) == nil)
        #expect(RetryPolicy.retryAfter("", now: now) == nil)
    }
}

/// Retries against a real server on loopback: what is retried, what is not, and that no wait passes
/// the deadline.
@Suite("RetryingTransport over the wire")
struct RetryOverTheWireTests {
    private let quick = RetryPolicy(maxAttempts: 3, baseDelay: .milliseconds(20), maxDelay: .milliseconds(50))

    /// A client whose retries these tests count. Without a deadline the retry stage makes no retry past
    /// the request's own timeout, so the default one is generous: a tight one would turn a slow moment on a
    /// loaded machine into attempts that were never made.
    private func client(
        _ server: LoopbackHTTPServer, policy: RetryPolicy? = nil, deadline: Duration? = nil,
        requestTimeout: Duration = .seconds(60)
    ) -> ProviderClient {
        ProviderClient(
            testing: "probe", on: .remote(server.baseURL), samples: EmbeddedResponses([:]),
            transport: RetryingTransport(
                URLSessionTransport(), policy: policy ?? quick,
                deadline: deadline.map { ContinuousClock.now.advanced(by: $0) }),
            requestTimeout: requestTimeout)
    }

    @Test func serverErrorsAreRetriedUntilTheServiceRecovers() async throws {
        let server = try LoopbackHTTPServer(
            routes: LoopbackHTTPServer.inTurn([.json("{}", status: 500), .json("{}", status: 503), .json("[1]")]))
        defer { server.stop() }
        let body = try await client(server).get("flights")
        #expect(String(decoding: body, as: UTF8.self) == "[1]")
        #expect(server.requests.count == 3)
    }

    @Test func aResetConnectionIsRetried() async throws {
        let server = try LoopbackHTTPServer(routes: LoopbackHTTPServer.inTurn([.reset, .json("[2]")]))
        defer { server.stop() }
        let body = try await client(server).get("flights")
        #expect(String(decoding: body, as: UTF8.self) == "[2]")
        #expect(server.requests.count == 2)
    }

    @Test func aPersistentServerErrorIsReportedAfterTheLastAttempt() async throws {
        let server = try LoopbackHTTPServer { _ in .json(#"{"error":"maintenance"}"#, status: 502) }
        defer { server.stop() }
        let error = await #expect(throws: ProviderError.self) { try await client(server).get("flights") }
        #expect(error?.code == .httpStatus)
        #expect(error?.message == "the service answered HTTP 502 Bad Gateway: maintenance (after 3 attempts)")
        #expect(server.requests.count == 3)
    }

    @Test(arguments: [404, 400, 401])
    func clientErrorsAreNotRetried(status: Int) async throws {
        let server = try LoopbackHTTPServer { _ in .json("{}", status: status) }
        defer { server.stop() }
        let error = await #expect(throws: ProviderError.self) { try await client(server).get("flights") }
        #expect(error?.code == (status == 401 ? .unauthorized : .httpStatus))
        #expect(server.requests.count == 1)
    }

    @Test func aTimedOutRequestIsNotSentAgain() async throws {
        let server = try LoopbackHTTPServer { _ in .slow(seconds: 2, then: .json("[]")) }
        defer { server.stop() }
        let error = await #expect(throws: ProviderError.self) {
            try await client(server, requestTimeout: .milliseconds(300)).get("flights")
        }
        #expect(error?.code == .timeout)
        #expect(server.requests.count == 1)
    }

    @Test func retryAfterIsHonouredWhenItEndsBeforeTheDeadline() async throws {
        let server = try LoopbackHTTPServer(
            routes: LoopbackHTTPServer.inTurn([.json("{}", status: 429, headers: ["Retry-After": "1"]), .json("[3]")]))
        defer { server.stop() }
        let started = ContinuousClock.now
        let body = try await client(server, deadline: .seconds(60)).get("flights")
        #expect(String(decoding: body, as: UTF8.self) == "[3]")
        #expect(ContinuousClock.now - started >= .milliseconds(950))
        #expect(server.requests.count == 2)
    }

    @Test func retryAfterAsAnHTTPDateIsHonoured() async throws {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "GMT")
        formatter.dateFormat = "EEE, dd MMM yyyy HH:mm:ss 'GMT'"
        let soon = formatter.string(from: Date().addingTimeInterval(1))
        let server = try LoopbackHTTPServer(
            routes: LoopbackHTTPServer.inTurn([.json("{}", status: 429, headers: ["Retry-After": soon]), .json("[4]")]))
        defer { server.stop() }
        let body = try await client(server, deadline: .seconds(60)).get("flights")
        #expect(String(decoding: body, as: UTF8.self) == "[4]")
        #expect(server.requests.count == 2)
    }

    @Test func aRetryAfterPastTheDeadlineIsReportedAtOnceAsRateLimited() async throws {
        let server = try LoopbackHTTPServer { _ in .json("{}", status: 429, headers: ["Retry-After": "300"]) }
        defer { server.stop() }
        let started = ContinuousClock.now
        let error = await #expect(throws: ProviderError.self) {
            try await client(server, deadline: .seconds(2)).get("flights")
        }
        #expect(error?.code == .rateLimited)
        #expect(error?.message == "the service is rate limiting requests (Retry-After: 300)")
        #expect(ContinuousClock.now - started < .seconds(20), "reported at once, not after five minutes")
        #expect(server.requests.count == 1)
    }

    @Test func aServiceThatKeepsRateLimitingEndsRateLimited() async throws {
        let server = try LoopbackHTTPServer { _ in .json("{}", status: 429) }
        defer { server.stop() }
        let error = await #expect(throws: ProviderError.self) { try await client(server).get("flights") }
        #expect(error?.code == .rateLimited)
        #expect(error?.message == "the service is rate limiting requests (after 3 attempts)")
        #expect(server.requests.count == 3)
    }

    @Test func noBackoffWaitRunsPastTheDeadline() async throws {
        let slowPolicy = RetryPolicy(maxAttempts: 5, baseDelay: .seconds(120), maxDelay: .seconds(120))
        let server = try LoopbackHTTPServer { _ in .json("{}", status: 500) }
        defer { server.stop() }
        let started = ContinuousClock.now
        let error = await #expect(throws: ProviderError.self) {
            try await client(server, policy: slowPolicy, deadline: .seconds(1)).get("flights")
        }
        #expect(error?.code == .httpStatus)
        #expect(ContinuousClock.now - started < .seconds(20), "no wait of a minute or more was started")
        #expect(server.requests.count == 1)
    }

    @Test func aSuccessThatIsNotJSONIsAnErrorPageAndNotRetried() async throws {
        let page = Data("<html><body>Please log in to the hotel Wi-Fi</body></html>".utf8)
        let server = try LoopbackHTTPServer { _ in
            .raw(status: 200, headers: ["Content-Type": "text/html; charset=utf-8"], body: page)
        }
        defer { server.stop() }
        let error = await #expect(throws: ProviderError.self) { try await client(server).get("flights") }
        #expect(error?.code == .malformedResponse)
        #expect(
            error?.message
                == "the service answered text/html, not JSON (an error page from something in between, such as a proxy "
                + "or a captive portal)")
        #expect(server.requests.count == 1)
    }

    @Test(arguments: ["application/json", "application/vnd.api+json; charset=utf-8", "text/plain", "TEXT/JSON"])
    func jsonAndLooselyLabelledTypesPass(type: String) async throws {
        let server = try LoopbackHTTPServer { _ in
            .raw(status: 200, headers: ["Content-Type": type], body: Data("[]".utf8))
        }
        defer { server.stop() }
        #expect(try await client(server).get("flights") == Data("[]".utf8))
    }

    @Test func cancellationStopsTheBackoffWait() async throws {
        let server = try LoopbackHTTPServer { _ in .json("{}", status: 500) }
        defer { server.stop() }
        let patient = client(
            server, policy: RetryPolicy(maxAttempts: 3, baseDelay: .seconds(120), maxDelay: .seconds(120)),
            deadline: .seconds(600))
        let started = ContinuousClock.now
        let task = Task { try await patient.get("flights") }
        try await Task.sleep(for: .milliseconds(300))
        task.cancel()
        let result = await task.result
        let error = #expect(throws: ProviderError.self) { try result.get() }
        #expect(error?.code == .timeout)
        #expect(ContinuousClock.now - started < .seconds(20), "the one-minute wait ended when cancelled")
    }
}
