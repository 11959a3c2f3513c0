import Foundation
import ProviderKit

/// The transport one provider's live requests go through in one search, built from the settings:
///
/// ```
/// size cap ─► sharing questions ─► store (fresh, record or replay; shared among instances) ─► sign-in
///          ─► retries ─► budget ─► observer ─► network
/// ```
///
/// For an MCP server the network is an ``MCPTransport`` over a ``PacingTransport``: each tool call goes down
/// the stack as one request (and is counted against the budget as one), and each message of it is paced per
/// host, with the polite retry policy. A public HTTP server (``LiveService/isPublic``) is paced and retried
/// politely too, at its own pace when it asks for a slower one (``LiveService/requestInterval``). A service's
/// own lifetime for kept answers (``LiveService/freshFor``) applies unless the settings name one for the
/// provider.
///
/// "Ask each question once" is one protocol, ``QuestionSharing``, used at two scopes. Within the runner,
/// ``QuestionSharingTransport`` sits above the store, so a request asked twice at once (or, for a `watch run`
/// whose sharing keeps its answers, twice in the run) is fetched, and stored, once, and its leader's answer
/// or failure is given to the others as soon as it has it. Among runners or instances
/// (``SharedServices/questions``, Redis in a team's server) the store stage takes the turn, after looking for
/// a fresh answer and above the sign-in: a fresh answer needs no turn, and a follower is given the leader's
/// answer only once it was mapped without an error and stored.
///
/// Each request asked of the stack is noted at its top, so that the store stage can tell until when the
/// provider's answer as a whole is fresh (``CachingTransport/freshUntil``).
///
/// The store sits above the sign-in, so a key or a token is never part of a key or an entry, and a token
/// exchange never reaches it; the budget sits below the retries, so that every attempt that would reach the
/// service counts; the size cap sits on top, so a kept answer is held to the same cap as a live one. The
/// sign-in stage is there only when every credential its sign-in needs is set: without them requests go out
/// as they are, and the service's refusal names the credentials to set.
struct TransportStack {
    /// The top of the stack, for the provider's endpoint.
    let transport: any HTTPTransport
    /// The store stage, when the settings have a store.
    let cache: CachingTransport?

    /// Builds the stack.
    /// - Parameters:
    ///   - network: the bottom of the stack for an HTTP service.
    ///   - endpoint: the live endpoint, `https://…` or `mcp+https://…`.
    ///   - provider: whose requests these are.
    ///   - signIn: how the live service signs in.
    ///   - isPublic: whether the live service is a public server, visited as a guest.
    ///   - requestInterval: for a public server, the least time between two requests to its host; the
    ///     pacer's half second when `nil`.
    ///   - freshFor: the service's own lifetime for kept answers.
    ///   - state: what the process keeps between searches: tokens, MCP sessions, hosts' pace.
    ///   - questions: the runner's questions being asked (and, for a run, answered).
    ///   - shared: the sharing of questions, budget counter and observer shared with other runners.
    ///   - settings: retries, credentials, store, freshness, budgets and size cap.
    ///   - replay: whether to answer from the store only.
    ///   - deadline: the instant no retry waits past; `nil` bounds waits by each request's timeout.
    ///   - now: the clock.
    init(
        network: any HTTPTransport, endpoint: Endpoint, provider: ProviderID, signIn: SignIn, isPublic: Bool = false,
        requestInterval: Duration? = nil, freshFor: Duration = .zero, state: ConnectionState,
        questions: MemoryQuestionSharing,
        shared: SharedServices, settings: SearchSettings, replay: Bool, deadline: ContinuousClock.Instant?,
        now: @escaping @Sendable () -> Date
    ) {
        var transport: any HTTPTransport
        var policy = settings.retryPolicy
        if case .mcp(let url) = endpoint {
            transport = MCPTransport(
                network: PacingTransport(network, pacer: state.pacer, interval: requestInterval),
                session: state.mcpSessions.session(for: provider, at: url))
            policy = .polite
        } else if isPublic {
            transport = PacingTransport(network, pacer: state.pacer, interval: requestInterval)
            policy = .polite
        } else {
            transport = network
        }
        transport = ObservingTransport(transport, provider: provider, observer: shared.observer)
        if let budget = settings.budgets[provider] {
            transport = BudgetTransport(transport, provider: provider, budget: budget, shared: shared, now: now)
        }
        transport = RetryingTransport(transport, policy: policy, deadline: deadline, now: now)
        let credentials = settings.credentials[provider] ?? Credentials([:])
        if signIn.needsCredentials, credentials.has(signIn.credentials) {
            switch signIn {
            case .oauth2(let grant):
                let session = state.signIns.session(
                    for: provider, grant: grant, clientID: credentials[.clientID] ?? "",
                    clientSecret: credentials[.clientSecret] ?? "", now: now)
                transport = SignInTransport(transport, session: session)
            case .header, .bearer, .queryParameter:
                transport = SignInTransport(transport, signIn: signIn, key: credentials[.apiKey] ?? "")
            case .none:
                break
            }
        }
        let log = ResponseLog()
        if let store = settings.cache {
            let stage = CachingTransport(
                transport, cache: store, provider: provider, mode: replay ? .replay : .record,
                maxBytes: settings.maxResponseBytes,
                lifetime: settings.freshness.lifetime(of: provider, serviceDefault: freshFor),
                shared: shared, log: log, now: now)
            cache = stage
            transport = stage
        } else {
            cache = nil
        }
        if !replay {
            transport = QuestionSharingTransport(
                transport, provider: provider, questions: questions, observer: shared.observer, deadline: deadline)
        }
        // Every request asked is noted, so that an answer is known fresh only when all reached the store.
        self.transport = AskedTransport(
            base: SizeLimitedTransport(transport, maxBytes: settings.maxResponseBytes), log: log)
    }
}
