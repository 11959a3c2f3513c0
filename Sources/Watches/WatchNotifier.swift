import AggregateEngine
import AggregatorCore
import Foundation
import ProviderKit

/// Hands a run's events to a person or a program: `POST`s the notification document to a webhook
/// (`--notify URL`), and pipes it to a command (`--notify-command CMD`).
///
/// Rules:
/// - The webhook is sent through the project's own transport: a 10-second time limit, retries of a
///   failed connection or a 5xx answer (3 attempts), at most 5 redirects, and an answer read up to
///   64 KiB. The request carries the document and the tool's `User-Agent`, never a provider's key.
/// - The command runs as `/bin/sh -c CMD` in a process group of its own (see ``ExternalRun``), with the
///   user's environment less every `AGGREGATE_*` variable (no key reaches it), the document on its
///   standard input, and 30 seconds to finish; what it prints (at most 64 KiB) is dropped, and the last
///   line of its standard error is quoted when it fails.
/// - A notification that fails is a warning; the run's exit status stays the events' own.
package struct WatchNotifier {
    /// The webhook, if any.
    package var webhook: URL?
    /// The command, if any.
    package var command: String?
    /// The environment the command inherits (less the tool's own variables).
    package var environment: [String: String]

    /// How long the webhook may take.
    package static let webhookTimeout: Duration = .seconds(10)
    /// The most a webhook's answer is read.
    package static let maxAnswerBytes = 64 << 10
    /// How long the command may run.
    package static let commandTimeout: Duration = .seconds(30)

    /// Whether anything is to be notified.
    package var isEmpty: Bool { webhook == nil && command == nil }

    /// Sends the document everywhere asked.
    /// - Parameters:
    ///   - document: the notification document.
    ///   - transport: what sends the webhook; the network unless a test says otherwise.
    /// - Returns: one warning per notification that failed.
    package func send(_ document: Data, transport: (any HTTPTransport)? = nil) async -> [String] {
        var warnings: [String] = []
        if let webhook, let problem = await post(document, to: webhook, transport: transport) {
            warnings.append("the webhook \(Self.origin(of: webhook)) was not notified: \(problem)")
        }
        if let command, let problem = await run(command, input: document) {
            warnings.append("the notify command failed: \(problem)")
        }
        return warnings
    }

    /// The webhook's scheme, host and port: its path and query may hold a secret of the user's.
    package static func origin(of url: URL) -> String {
        var components = URLComponents()
        components.scheme = url.scheme
        components.host = url.host
        components.port = url.port
        return components.string ?? "(the webhook)"
    }

    private func post(_ document: Data, to url: URL, transport: (any HTTPTransport)?) async -> String? {
        let network =
            transport
            ?? SizeLimitedTransport(
                RetryingTransport(URLSessionTransport(maxResponseBytes: Self.maxAnswerBytes)),
                maxBytes: Self.maxAnswerBytes)
        let request = HTTPRequest(
            method: .post, url: url,
            headers: ["Content-Type": "application/json", "User-Agent": ToolIdentity.userAgent], body: document,
            timeout: Self.webhookTimeout, isCacheable: false)
        do {
            let response = try await network.send(request)
            guard (200..<300).contains(response.status) else {
                return "it answered HTTP \(response.status)"
                    + (response.attempts > 1 ? " (after \(response.attempts) attempts)" : "")
            }
            return nil
        } catch let error as TransportError {
            return error.description
        } catch {
            return "\(error)"
        }
    }

    private func run(_ command: String, input: Data) async -> String? {
        let outcome = await ExternalRun.run(
            program: "/bin/sh", arguments: ["-c", command],
            environment: environment.filter { !$0.key.hasPrefix("AGGREGATE_") }, input: input,
            maxOutputBytes: Self.maxAnswerBytes, deadline: ContinuousClock.now.advanced(by: Self.commandTimeout),
            children: nil)
        let last = outcome.log.last.map { ": \(PrintableText.excerpt($0, limit: 120))" } ?? ""
        switch outcome.ending {
        case .exited(0): return nil
        case .outputTooLarge: return "it printed more than \(Self.maxAnswerBytes >> 10) KiB and was stopped"
        case .exited(let status): return "it exited with status \(status)\(last)"
        case .signalled(let signal): return "it was ended by signal \(signal)\(last)"
        case .deadline: return "it was still running after \(Self.commandTimeout)"
        case .cancelled: return "it was stopped"
        case .couldNotStart(let reason): return "it could not be started: \(reason)"
        }
    }

    /// Creates the value from each of its properties, as the memberwise initializer does.
    package init(webhook: URL? = nil, command: String? = nil, environment: [String: String]) {
        self.webhook = webhook
        self.command = command
        self.environment = environment
    }
}
