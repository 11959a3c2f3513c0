import Foundation
import ProviderKit

/// Asks each question once within one process: an asker of a question another is asking waits for that
/// one's answer instead of asking again. Each provider runner has one, so two searches of a long-running
/// process, or one provider asking twice, send a question once while it is in flight.
///
/// Made ``init(keepingAnswers:)`` with `true`, it also keeps every answer settled, and every failure, for as
/// long as it lives: one `watch run` gives one to the watches that ask alike, so a service is asked each
/// question once per run however many watches ask it and whenever they do, and a failing service is not
/// asked again in the run.
///
/// A lead holds for the `waitingAtMost` it was taken with: an asker that comes after that leads in its
/// place, and the askers waiting for the old leader wait for the new one.
public actor MemoryQuestionSharing: QuestionSharing {
    /// A question being asked, or answered and kept.
    private enum Entry {
        /// Asked by a leader whose lead holds until `until`, with the askers waiting for its answer.
        case asking(until: ContinuousClock.Instant, waiters: [Int: CheckedContinuation<SharedAnswer?, Never>])
        /// Answered, and kept for the askers still to come.
        case answered(SharedAnswer)
    }

    /// Whether answers and failures settled are kept for the askers still to come.
    public nonisolated let keepsAnswers: Bool
    /// How many askers got another's answer instead of asking.
    public private(set) var sharedCount = 0
    private var entries: [AnswerKey: Entry] = [:]
    private var lastWaiter = 0

    /// Creates the sharing, with nothing asked yet.
    /// - Parameter keepingAnswers: whether to keep the answers and failures settled, for the life of a run;
    ///   without it a question is shared only while it is being asked.
    public init(keepingAnswers: Bool = false) {
        keepsAnswers = keepingAnswers
    }

    /// Leads when no one is asking the question (or the lead ran out), else waits for the leader's answer.
    /// - Parameters:
    ///   - key: the question.
    ///   - answersSince: unused: the answers are given, not read from a store.
    ///   - limit: how long the lead holds, and how long this asker waits at most.
    /// - Returns: lead, the leader's (or a kept) answer, or ask alone after waiting `limit`.
    public func turn(_ key: AnswerKey, answersSince _: Date, waitingAtMost limit: Duration) async -> QuestionTurn {
        let end = ContinuousClock.now.advanced(by: limit)
        while !Task.isCancelled {
            let now = ContinuousClock.now
            switch entries[key] {
            case .answered(let answer):
                sharedCount += 1
                return .answered(answer)
            case .asking(let until, _) where until > now:
                guard now < end else { return .alone(unavailable: nil) }
                if let answer = await wait(for: key, until: min(end, until)) {
                    sharedCount += 1
                    return .answered(answer)
                }
            case .asking(_, let waiters):
                // The lead ran out: this asker takes it, and those waiting wait for it instead.
                entries[key] = .asking(until: now.advanced(by: limit), waiters: [:])
                for waiter in waiters.values { waiter.resume(returning: nil) }
                return .lead
            case nil:
                entries[key] = .asking(until: now.advanced(by: limit), waiters: [:])
                return .lead
            }
        }
        return .alone(unavailable: nil)
    }

    /// Gives the answer to the askers waiting, and keeps it when ``keepsAnswers``; without an answer, the
    /// next asker leads.
    /// - Parameters:
    ///   - key: the question led.
    ///   - answer: the answer or failure to share, or `nil`.
    public func settle(_ key: AnswerKey, with answer: SharedAnswer?) {
        guard case .asking(_, let waiters) = entries[key] else { return }
        entries[key] = keepsAnswers ? answer.map(Entry.answered) : nil
        for waiter in waiters.values { waiter.resume(returning: answer) }
    }

    /// Waits for the answer to a question being asked, until `deadline` or until this task is cancelled.
    /// - Returns: the answer, or `nil` when the lead was settled without one, or the wait ended.
    private func wait(for key: AnswerKey, until deadline: ContinuousClock.Instant) async -> SharedAnswer? {
        lastWaiter += 1
        let waiter = lastWaiter
        let timer = Task { [weak self] in
            guard (try? await Task.sleep(until: deadline, clock: .continuous)) != nil else { return }
            await self?.stopWaiting(waiter, for: key)
        }
        defer { timer.cancel() }
        return await withTaskCancellationHandler {
            await withCheckedContinuation { continuation in
                guard case .asking(let until, var waiters) = entries[key] else {
                    continuation.resume(returning: nil)
                    return
                }
                waiters[waiter] = continuation
                entries[key] = .asking(until: until, waiters: waiters)
            }
        } onCancel: {
            Task { await self.stopWaiting(waiter, for: key) }
        }
    }

    /// Ends one asker's wait without an answer.
    private func stopWaiting(_ waiter: Int, for key: AnswerKey) {
        guard case .asking(let until, var waiters) = entries[key],
            let continuation = waiters.removeValue(forKey: waiter)
        else { return }
        entries[key] = .asking(until: until, waiters: waiters)
        continuation.resume(returning: nil)
    }
}
