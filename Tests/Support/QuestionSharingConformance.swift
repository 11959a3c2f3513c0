import AggregatorCore
import Foundation
import ProviderKit

/// The behaviour every ``QuestionSharing`` conformer must show, checked the same way for each: askers at once
/// send a question once and all get its answer, a lead settled without an answer passes to the next asker,
/// a lead never blocks past its lifetime, an asker waits no longer than it may, and two questions are never
/// one. Times bound what they rule out (a wait of 30 s), never how fast the machine is.
public enum QuestionSharingConformance {
    /// Runs every check.
    /// - Parameter asker: makes one asker's view of the sharing under test: the same object for a process's
    ///   sharing, another instance's client of the same store for a shared one.
    /// - Returns: what went wrong; empty when the conformer behaves.
    public static func problems(of asker: @escaping @Sendable () throws -> any QuestionSharing) async -> [String] {
        var found: [String] = []
        do {
            found += try await askersAtOnceAskOnce(asker)
            found += try await aLeadSettledWithoutAnAnswerPassesOn(asker)
            found += try await aLeadNeverBlocksPastItsLifetime(asker)
            found += try await anAskerWaitsNoLongerThanItMay(asker)
            found += try await twoQuestionsAreNeverOne(asker)
        } catch {
            found.append("an asker could not be made: \(error)")
        }
        return found
    }

    /// A question no other check asks.
    static func question() -> AnswerKey {
        AnswerKey(
            provider: "prices",
            request: HTTPRequest(url: URL(fileURLWithPath: "/prices").appendingPathComponent(UUID().uuidString)))
    }

    /// The answers the upstream service gave, counted.
    private final class Upstream: @unchecked Sendable {
        private let lock = NSLock()
        private var asked = 0
        var count: Int { lock.withLock { asked } }

        /// Answers after a while, as a service does: the body names which request this was.
        func answer() async throws -> HTTPResponse {
            let number = lock.withLock {
                asked += 1
                return asked
            }
            try await Task.sleep(for: .milliseconds(300))
            return HTTPResponse(status: 200, body: Data(#"{"answer": \#(number)}"#.utf8))
        }
    }

    /// Asks as a transport stage does: leading, asks upstream and settles with the answer.
    private static func ask(
        _ key: AnswerKey, through sharing: any QuestionSharing, upstream: Upstream
    ) async throws -> Data {
        switch await sharing.turn(key, answersSince: Date().addingTimeInterval(-1), waitingAtMost: .seconds(30)) {
        case .lead:
            let response = try await upstream.answer()
            await sharing.settle(key, with: .response(response, retrievedAt: Date()))
            return response.body
        case .answered(let answer):
            return try answer.get().body
        case .alone:
            return try await upstream.answer().body
        }
    }

    private static func askersAtOnceAskOnce(
        _ asker: @escaping @Sendable () throws -> any QuestionSharing
    )
        async throws -> [String]
    {
        let key = question()
        let upstream = Upstream()
        let askers = try (0..<5).map { _ in try asker() }
        let bodies = try await withThrowingTaskGroup(of: Data.self) { group in
            for sharing in askers { group.addTask { try await ask(key, through: sharing, upstream: upstream) } }
            return try await group.reduce(into: []) { $0.append($1) }
        }
        var found: [String] = []
        if upstream.count != 1 { found.append("5 askers at once asked upstream \(upstream.count) times, not once") }
        if Set(bodies).count != 1 || bodies.count != 5 { found.append("5 askers at once got different answers") }
        return found
    }

    private static func aLeadSettledWithoutAnAnswerPassesOn(
        _ asker: @escaping @Sendable () throws -> any QuestionSharing
    ) async throws -> [String] {
        let key = question()
        let leader = try asker()
        let follower = try asker()
        guard case .lead = await leader.turn(key, answersSince: Date(), waitingAtMost: .seconds(30)) else {
            return ["the first asker of a question did not lead"]
        }
        let started = ContinuousClock.now
        async let next = follower.turn(key, answersSince: Date(), waitingAtMost: .seconds(30))
        try await Task.sleep(for: .milliseconds(200))
        await leader.settle(key, with: nil)
        let turn = await next
        let waited = ContinuousClock.now - started
        await follower.settle(key, with: nil)
        guard case .lead = turn else { return ["after a lead settled without an answer the next asker got \(turn)"] }
        return waited < .seconds(20) ? [] : ["the next asker led only after \(waited), when its wait ran out"]
    }

    private static func aLeadNeverBlocksPastItsLifetime(
        _ asker: @escaping @Sendable () throws -> any QuestionSharing
    ) async throws -> [String] {
        let key = question()
        let leader = try asker()
        let next = try asker()
        guard case .lead = await leader.turn(key, answersSince: Date(), waitingAtMost: .milliseconds(300)) else {
            return ["the first asker of a question did not lead"]
        }
        // The leader never settles, as one that died.
        let started = ContinuousClock.now
        let turn = await next.turn(key, answersSince: Date(), waitingAtMost: .seconds(30))
        let waited = ContinuousClock.now - started
        await next.settle(key, with: nil)
        guard case .lead = turn else { return ["after a lead's lifetime the next asker got \(turn), not the lead"] }
        return waited < .seconds(20) ? [] : ["a lead of 300 ms held the next asker for \(waited)"]
    }

    private static func anAskerWaitsNoLongerThanItMay(
        _ asker: @escaping @Sendable () throws -> any QuestionSharing
    ) async throws -> [String] {
        let key = question()
        let leader = try asker()
        let impatient = try asker()
        guard case .lead = await leader.turn(key, answersSince: Date(), waitingAtMost: .seconds(30)) else {
            return ["the first asker of a question did not lead"]
        }
        let started = ContinuousClock.now
        let turn = await impatient.turn(key, answersSince: Date(), waitingAtMost: .milliseconds(300))
        let waited = ContinuousClock.now - started
        await leader.settle(key, with: nil)
        guard case .alone(unavailable: nil) = turn else {
            return ["an asker that may wait 300 ms for a lead of 30 s got \(turn), not to ask alone"]
        }
        return waited < .seconds(20) ? [] : ["an asker that may wait 300 ms waited \(waited)"]
    }

    private static func twoQuestionsAreNeverOne(
        _ asker: @escaping @Sendable () throws -> any QuestionSharing
    ) async throws -> [String] {
        let first = question()
        let second = question()
        let one = try asker()
        let other = try asker()
        guard case .lead = await one.turn(first, answersSince: Date(), waitingAtMost: .seconds(30)) else {
            return ["the first asker of a question did not lead"]
        }
        let started = ContinuousClock.now
        let turn = await other.turn(second, answersSince: Date(), waitingAtMost: .seconds(30))
        await one.settle(first, with: nil)
        await other.settle(second, with: nil)
        guard case .lead = turn, ContinuousClock.now - started < .seconds(20) else {
            return ["the asker of another question got \(turn) after waiting, not the lead"]
        }
        return []
    }
}
