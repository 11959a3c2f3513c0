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
/// the deadline. The waits run on a ``TestClock``, so each test says exactly which waits were made without
/// timing anything.
@Suite("RetryingTransport over the wire")
struct RetryOverTheWireTests {
    private let quick = RetryPolicy(maxAttempts: 3, baseDelay: .milliseconds(20), maxDelay: .milliseconds(50))

    /// A client whose retries these tests count, waiting on `clock`. Without a deadline the retry stage makes
    /// no retry past the request's own timeout, so the default one is generous: a tight one would turn a slow
    /// moment on a loaded machine into attempts that were never made.
    private func client(
        _ server: LoopbackHTTPServer, policy: RetryPolicy? = nil, deadline: Duration? = nil,
        requestTimeout: Duration = .seconds(60), clock: TestClock = TestClock()
    ) -> ProviderClient {
        ProviderClient(
            testing: "probe", on: .remote(server.baseURL), samples: EmbeddedResponses([:]),
            transport: RetryingTransport(
                URLSessionTransport(), policy: policy ?? quick,
                deadline: deadline.map { ContinuousClock.now.advanced(by: $0) }, clock: clock),
            requestTimeout: requestTimeout)
    }

    @Test func serverErrorsAreRetriedUntilTheServiceRecovers() async throws {
        let server = try LoopbackHTTPServer(
            routes: LoopbackHTTPServer.inTurn([.json("{}", status: 500), .json("{}", status: 503), .json("[1]")]))
        defer { server.stop() }
        let clock = TestClock()
        let body = try await client(server, clock: clock).get("flights")
        #expect(String(decoding: body, as: UTF8.self) == "[1]")
        #expect(server.requests.count == 3)
        // The policy's jittered backoff: 10–20 ms, then 20–40 ms.
        #expect(clock.sleeps.count == 2)
        #expect(clock.sleeps.first.map { (.milliseconds(10) ... .milliseconds(20)).contains($0) } == true)
        #expect(clock.sleeps.last.map { (.milliseconds(20) ... .milliseconds(40)).contains($0) } == true)
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
        // The server would answer after ten minutes: only the request's timeout ends the exchange.
        let server = try LoopbackHTTPServer { _ in .slow(seconds: 600, then: .json("[]")) }
        defer { server.stop() }
        let clock = TestClock()
        let error = await #expect(throws: ProviderError.self) {
            try await client(server, requestTimeout: .milliseconds(300), clock: clock).get("flights")
        }
        #expect(error?.code == .timeout)
        #expect(server.requests.count == 1)
        #expect(clock.sleeps.isEmpty)
    }

    @Test func retryAfterIsHonouredWhenItEndsBeforeTheDeadline() async throws {
        let server = try LoopbackHTTPServer(
            routes: LoopbackHTTPServer.inTurn([.json("{}", status: 429, headers: ["Retry-After": "1"]), .json("[3]")]))
        defer { server.stop() }
        let clock = TestClock()
        let body = try await client(server, deadline: .seconds(60), clock: clock).get("flights")
        #expect(String(decoding: body, as: UTF8.self) == "[3]")
        #expect(clock.sleeps == [.seconds(1)], "the wait the service asked for, not the policy's")
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
        let clock = TestClock()
        let body = try await client(server, deadline: .seconds(60), clock: clock).get("flights")
        #expect(String(decoding: body, as: UTF8.self) == "[4]")
        #expect(server.requests.count == 2)
        // The date is a second ahead, to the second: however long the request took, the wait is at most that.
        #expect(clock.sleeps.count == 1 && clock.sleeps.allSatisfy { $0 <= .seconds(1) })
    }

    @Test func aRetryAfterPastTheDeadlineIsReportedAtOnceAsRateLimited() async throws {
        let server = try LoopbackHTTPServer { _ in .json("{}", status: 429, headers: ["Retry-After": "300"]) }
        defer { server.stop() }
        let clock = TestClock()
        let error = await #expect(throws: ProviderError.self) {
            try await client(server, deadline: .seconds(60), clock: clock).get("flights")
        }
        #expect(error?.code == .rateLimited)
        #expect(error?.message == "the service is rate limiting requests (Retry-After: 300)")
        #expect(clock.sleeps.isEmpty, "reported at once, not after five minutes")
        #expect(server.requests.count == 1)
    }

    @Test func aServiceThatKeepsRateLimitingEndsRateLimited() async throws {
        let server = try LoopbackHTTPServer { _ in .json("{}", status: 429) }
        defer { server.stop() }
        let clock = TestClock()
        let error = await #expect(throws: ProviderError.self) { try await client(server, clock: clock).get("flights") }
        #expect(error?.code == .rateLimited)
        #expect(error?.message == "the service is rate limiting requests (after 3 attempts)")
        #expect(server.requests.count == 3)
        #expect(clock.sleeps.count == 2, "without a Retry-After, the policy's backoff")
    }

    @Test func noBackoffWaitRunsPastTheDeadline() async throws {
        let slowPolicy = RetryPolicy(maxAttempts: 5, baseDelay: .seconds(120), maxDelay: .seconds(120))
        let server = try LoopbackHTTPServer { _ in .json("{}", status: 500) }
        defer { server.stop() }
        let clock = TestClock()
        let error = await #expect(throws: ProviderError.self) {
            try await client(server, policy: slowPolicy, deadline: .seconds(60), clock: clock).get("flights")
        }
        #expect(error?.code == .httpStatus)
        #expect(clock.sleeps.isEmpty, "no wait of a minute or more was started")
        #expect(server.requests.count == 1)
    }

    @Test func theWaitsOfOneRequestShareItsDeadline() async throws {
        // 40–80 s, then 80–160 s: the first wait fits the 100 s deadline, and the second would end past it,
        // whatever the jitter.
        let policy = RetryPolicy(maxAttempts: 5, baseDelay: .seconds(80), maxDelay: .seconds(200))
        let server = try LoopbackHTTPServer { _ in .json("{}", status: 503) }
        defer { server.stop() }
        let clock = TestClock()
        let error = await #expect(throws: ProviderError.self) {
            try await client(server, policy: policy, deadline: .seconds(100), clock: clock).get("flights")
        }
        #expect(error?.code == .httpStatus)
        #expect(clock.sleeps.count == 1)
        #expect(server.requests.count == 2)
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
        // A wait on this clock ends only when cancelled.
        let clock = TestClock(sleeping: .lastsUntilCancelled)
        let patient = client(
            server, policy: RetryPolicy(maxAttempts: 3, baseDelay: .seconds(120), maxDelay: .seconds(120)),
            deadline: .seconds(600), clock: clock)
        let task = Task { try await patient.get("flights") }
        // A minute rules out a wait that never starts; it does not time one that does.
        let giveUp = ContinuousClock.now.advanced(by: .seconds(60))
        while clock.sleeps.isEmpty, ContinuousClock.now < giveUp { try await Task.sleep(for: .milliseconds(10)) }
        #expect(clock.sleeps.count == 1, "the backoff wait started")
        task.cancel()
        let result = await task.result
        let error = #expect(throws: ProviderError.self) { try result.get() }
        #expect(error?.code == .timeout)
        #expect(server.requests.count == 1)
    }
}
