import AggregatorTestSupport
import Foundation
import ProviderTestKit
import Testing

@testable import AggregatorCore
@testable import ProviderKit

/// Every event the sharing stage told.
private final class SharingEvents: TransportObserver, @unchecked Sendable {
    private let lock = NSLock()
    private var seen: [TransportEvent] = []
    var events: [TransportEvent] { lock.withLock { seen } }
    func observe(_ event: TransportEvent) { lock.withLock { seen.append(event) } }
}

@Suite("Asking each question once: the process's sharing, alone and in the transport stack")
struct QuestionSharingTests {
    private static func question(_ path: String = "prices") -> AnswerKey {
        AnswerKey(provider: "prices", request: HTTPRequest(url: URL(fileURLWithPath: "/").appendingPathComponent(path)))
    }

    @Test(arguments: [false, true])
    func theProcessSharingBehavesAsEverySharingMust(keepingAnswers: Bool) async {
        let sharing = MemoryQuestionSharing(keepingAnswers: keepingAnswers)
        let problems = await QuestionSharingConformance.problems { sharing }
        #expect(problems.isEmpty, "\(problems)")
    }

    @Test func keptForARunAFinishedAnswerAndAFailureAreGivenToLaterAskers() async throws {
        let sharing = MemoryQuestionSharing(keepingAnswers: true)
        let answered = Self.question("answered")
        let failed = Self.question("failed")
        #expect(await sharing.turn(answered, answersSince: Date(), waitingAtMost: .seconds(30)).leads)
        await sharing.settle(
            answered, with: .response(HTTPResponse(status: 200, body: Data("[1]".utf8)), retrievedAt: nil))
        #expect(await sharing.turn(failed, answersSince: Date(), waitingAtMost: .seconds(30)).leads)
        await sharing.settle(failed, with: .failure(TransportError(.connectionFailed, "could not connect")))

        // Later, with no one asking any more: the run's answers.
        guard case .answered(let answer) = await sharing.turn(answered, answersSince: Date(), waitingAtMost: .zero)
        else {
            Issue.record("a finished answer was not kept for the run")
            return
        }
        #expect(try answer.get().body == Data("[1]".utf8))
        guard case .answered(let failure) = await sharing.turn(failed, answersSince: Date(), waitingAtMost: .zero)
        else {
            Issue.record("a failure was not kept for the run")
            return
        }
        #expect(throws: TransportError.self) { try failure.get() }
        #expect(await sharing.sharedCount == 2)
    }

    @Test func withoutKeepingAFinishedQuestionIsAskedAgain() async {
        let sharing = MemoryQuestionSharing()
        let key = Self.question()
        #expect(await sharing.turn(key, answersSince: Date(), waitingAtMost: .seconds(30)).leads)
        await sharing.settle(key, with: .response(HTTPResponse(status: 200, body: Data()), retrievedAt: nil))
        #expect(await sharing.turn(key, answersSince: Date(), waitingAtMost: .seconds(30)).leads)
        await sharing.settle(key, with: nil)
        #expect(await sharing.sharedCount == 0)
    }

    @Test func requestsAskedAtOnceThroughTheStageGoOutOnce() async throws {
        let server = try LoopbackHTTPServer { _ in .slow(seconds: 0.5, then: .json("[120, 95]")) }
        defer { server.stop() }
        let events = SharingEvents()
        let stage = QuestionSharingTransport(
            URLSessionTransport(), provider: "prices", questions: MemoryQuestionSharing(), observer: events)
        let request = HTTPRequest(url: server.baseURL.appendingPathComponent("prices"), timeout: .seconds(60))
        let bodies = try await withThrowingTaskGroup(of: Data.self) { group in
            for _ in 0..<5 { group.addTask { try await stage.send(request).body } }
            return try await group.reduce(into: []) { $0.append($1) }
        }
        #expect(server.requests.count == 1)
        #expect(bodies == Array(repeating: Data("[120, 95]".utf8), count: 5))
        #expect(events.events == Array(repeating: .coalesced("prices"), count: 4))
    }

    @Test func aRequestThatMayNotBeCachedIsNeverShared() async throws {
        let server = try LoopbackHTTPServer { _ in .slow(seconds: 0.3, then: .json("[1]")) }
        defer { server.stop() }
        let events = SharingEvents()
        let sharing = MemoryQuestionSharing(keepingAnswers: true)
        let stage = QuestionSharingTransport(
            URLSessionTransport(), provider: "prices", questions: sharing, observer: events)
        let request = HTTPRequest(
            url: server.baseURL.appendingPathComponent("prices"), timeout: .seconds(60), isCacheable: false)
        try await withThrowingTaskGroup(of: Void.self) { group in
            for _ in 0..<3 { group.addTask { _ = try await stage.send(request) } }
            try await group.waitForAll()
        }
        _ = try await stage.send(request)
        #expect(server.requests.count == 4, "each asked for itself, at once or later")
        #expect(events.events.isEmpty)
        #expect(await sharing.sharedCount == 0)
    }

    @Test func keptForARunAFailingServiceIsAskedOnce() async throws {
        let server = try LoopbackHTTPServer { _ in .json(#"{"error": "unavailable"}"#, status: 500) }
        defer { server.stop() }
        let stage = QuestionSharingTransport(
            URLSessionTransport(), provider: "prices", questions: MemoryQuestionSharing(keepingAnswers: true))
        let request = HTTPRequest(url: server.baseURL.appendingPathComponent("prices"), timeout: .seconds(60))
        #expect(try await stage.send(request).status == 500)
        #expect(try await stage.send(request).status == 500)
        #expect(server.requests.count == 1, "the second asker got the first one's failure")
    }

    @Test func aLeaderStoppedByItsCallerSharesNothing() async throws {
        let server = try LoopbackHTTPServer { _ in .slow(seconds: 1, then: .json("[1]")) }
        defer { server.stop() }
        let sharing = MemoryQuestionSharing(keepingAnswers: true)
        let stage = QuestionSharingTransport(URLSessionTransport(), provider: "prices", questions: sharing)
        let request = HTTPRequest(url: server.baseURL.appendingPathComponent("prices"), timeout: .seconds(60))
        let leader = Task { try await stage.send(request) }
        try await Task.sleep(for: .milliseconds(200))
        leader.cancel()
        _ = try? await leader.value
        #expect(try await stage.send(request).body == Data("[1]".utf8), "the next asker led and was answered")
        #expect(await sharing.sharedCount == 0)
    }
}

extension QuestionTurn {
    /// Whether the turn is to lead.
    fileprivate var leads: Bool {
        if case .lead = self { true } else { false }
    }
}
