import Foundation
import ProviderTestKit
import Testing

/// `watch run --notify URL` and `--notify-command CMD` as a built binary: the webhook is a real loopback
/// server, the command a real shell.
@Suite("Watch notifications reach a webhook and a command, and never carry a key")
struct WatchNotifyTests {
    static let secret = "tp-secret-0123456789"

    /// A home with one watch whose first run has an event: Duffel's 96.40 for VY 1815 is under 99.
    static func watchWithAnEvent() async throws -> (WatchHome, ChangingService) {
        let home = try WatchHome()
        let service = try ChangingService(.json(TravelpayoutsRecording.answer([WatchRunTests.u2(150)])))
        try await WatchRunTests.addWatch(home, "vie-bcn", service: service, ["--below", "99"])
        return (home, service)
    }

    @Test func theWebhookGetsOneDocumentWithTheEventsRetriedAfterA5xxAndNoKey() async throws {
        let (home, service) = try await Self.watchWithAnEvent()
        let hook = try LoopbackHTTPServer(
            routes: LoopbackHTTPServer.inTurn([.json("{}", status: 503), .json(#"{"ok": true}"#)]))
        defer { hook.stop() }
        let url = hook.baseURL.appendingPathComponent("hooks/T0/\(Self.secret)-path").absoluteString
        let run = try await home.run(
            ["watch", "run", "--notify", url], environment: ["AGGREGATE_AVIASALES_API_KEY": Self.secret])
        #expect(run.status == 10, "\(run.stderr)")
        #expect(run.stderr.contains("warning") == false, "\(run.stderr)")
        #expect(
            service.server.requests.contains { $0.headers["x-access-token"] == Self.secret },
            "the provider got its key")

        let posts = hook.requests
        #expect(posts.count == 2, "one 503, then the same document again")
        let post = try #require(posts.last)
        #expect(post.method == "POST")
        #expect(post.headers["content-type"] == "application/json")
        #expect(posts.first?.body == post.body)
        let text = String(decoding: post.body, as: UTF8.self)
        #expect(!text.contains(Self.secret))
        #expect(!post.headers.values.contains { $0.contains(Self.secret) && !$0.hasPrefix("/") })
        let document = try #require(try JSONSerialization.jsonObject(with: post.body) as? [String: Any])
        #expect(document["schema"] as? String == "aggregate.watch.notification.v1")
        #expect(document["exit_status"] as? Int == 10)
        #expect(document["watches"] as? [String] == ["vie-bcn"])
        #expect(document["omitted"] as? Int == 0)
        let events = try #require(document["events"] as? [[String: Any]])
        #expect(events.map { $0["event"] as? String } == ["below"])
        #expect(events.first?["schema"] as? String == "aggregate.watch.event.v1")
        #expect(events.first?["provider"] as? String == "duffel")
    }

    @Test func aWebhookThatKeepsFailingIsAWarningNamingOnlyItsOriginAndTheStatusStays() async throws {
        let (home, service) = try await Self.watchWithAnEvent()
        defer { withExtendedLifetime(service) {} }
        let hook = try LoopbackHTTPServer { _ in .json("{}", status: 500) }
        defer { hook.stop() }
        let url = hook.baseURL.appendingPathComponent("hooks/\(Self.secret)").absoluteString
        let run = try await home.run(["watch", "run", "--notify", url])
        #expect(run.status == 10)
        #expect(hook.requests.count == 3, "three attempts")
        let warning = try #require(run.stderrLines.first { $0.hasPrefix("warning: ") })
        #expect(warning.contains("was not notified: it answered HTTP 500"), "\(warning)")
        #expect(warning.contains(hook.baseURL.host ?? "127.0.0.1"))
        #expect(!run.stderr.contains(Self.secret), "the webhook's path is not printed")
    }

    @Test func aWebhookThatAnswersTooMuchIsCutOffNotRead() async throws {
        let (home, service) = try await Self.watchWithAnEvent()
        defer { withExtendedLifetime(service) {} }
        let hook = try LoopbackHTTPServer { _ in .oversized(bytes: 8 << 20) }
        defer { hook.stop() }
        let run = try await Binary.runBounded(
            ["watch", "run", "--notify", hook.baseURL.absoluteString], environment: home.environment)
        #expect(!run.killed)
        #expect(run.status == 10)
        #expect(run.stderr.contains("was not notified: the response is over the 65536-byte limit"), "\(run.stderr)")
        #expect(hook.requests.count == 1, "an answer too large is not asked for again")
    }

    @Test func aWebhookThatNeverAnswersIsGivenUpNotWaitedForEver() async throws {
        let (home, service) = try await Self.watchWithAnEvent()
        defer { withExtendedLifetime(service) {} }
        let hook = try LoopbackHTTPServer { _ in .slow(seconds: 600, then: .json("{}")) }
        defer { hook.stop() }
        // The limit rules out a hang, not a slow machine: the webhook's own time limit is 10 seconds.
        let run = try await Binary.runBounded(
            ["watch", "run", "--notify", hook.baseURL.absoluteString], environment: home.environment,
            limit: .seconds(120))
        #expect(!run.killed)
        #expect(run.status == 10)
        #expect(run.stderr.contains("was not notified"), "\(run.stderr)")
    }

    @Test func nothingToTellSendsNothing() async throws {
        let home = try WatchHome()
        let service = try ChangingService(.json(TravelpayoutsRecording.answer([WatchRunTests.u2(150)])))
        try await WatchRunTests.addWatch(home, "quiet", service: service)
        let hook = try LoopbackHTTPServer { _ in .json("{}") }
        defer { hook.stop() }
        let run = try await home.run(["watch", "run", "--notify", hook.baseURL.absoluteString])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(hook.requests.isEmpty)
    }

    @Test func theCommandGetsTheSameDocumentOnItsInputAndNoneOfTheToolsVariables() async throws {
        let (home, service) = try await Self.watchWithAnEvent()
        defer { withExtendedLifetime(service) {} }
        let out = home.url.appendingPathComponent("notified.json")
        let variables = home.url.appendingPathComponent("variables.txt")
        let run = try await home.run(
            ["watch", "run", "--format", "json", "--notify-command", "cat > '\(out.path)'; env > '\(variables.path)'"],
            environment: ["AGGREGATE_AVIASALES_API_KEY": Self.secret, "NOTIFY_TEST_MARK": "kept"])
        #expect(run.status == 10, "\(run.stderr)")
        let document = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: out)) as? [String: Any])
        #expect(document["schema"] as? String == "aggregate.watch.notification.v1")
        let events = try #require(document["events"] as? [[String: Any]])
        #expect(events.count == run.stdout.split(separator: "\n").count)
        let environment = try String(contentsOf: variables, encoding: .utf8)
        #expect(environment.contains("NOTIFY_TEST_MARK=kept"))
        #expect(!environment.contains("AGGREGATE_"))
        #expect(!environment.contains(Self.secret))
    }

    @Test func aFailingCommandIsAWarningWithItsLastWords() async throws {
        let (home, service) = try await Self.watchWithAnEvent()
        defer { withExtendedLifetime(service) {} }
        let run = try await home.run(["watch", "run", "--notify-command", "echo 'mailbox full' >&2; exit 4"])
        #expect(run.status == 10)
        #expect(run.stderrLines.contains("warning: the notify command failed: it exited with status 4: mailbox full"))
    }
}
