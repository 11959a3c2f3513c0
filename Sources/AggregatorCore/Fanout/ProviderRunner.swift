import Foundation
import ProviderKit

/// Asks every selected provider at once under one deadline and reports how each did: the fan-out.
///
/// Rules:
/// - A provider that offers neither the query's kind nor airline records for a flight search is
///   ``ProviderOutcome/Status/unsupported``; one whose ``ProviderDescriptor/requiredFields`` the query
///   lacks is ``ProviderOutcome/Status/notAsked``, with the missing fields as its remedy. Neither is
///   sent a request, and neither is a failure.
/// - Every other provider runs in a task of its own, each with a client on the endpoint the settings name:
///   its embedded samples, a recording, or its live service behind a transport stack (size cap, cache,
///   sign-in, retries) whose sign-in is the live service's at that URL. A slow or failing provider never
///   blocks or spoils the others.
/// - At the deadline, the providers still running are cancelled and reported `timeout`, and the runner
///   returns at once: it does not wait for a provider that ignores cancellation (a CPU-bound mapping,
///   say), so no provider can hold the search past its deadline. A cancelled caller ends the run the
///   same way.
/// - A live provider answers from the cache when offline mode is set; when its live request fails or
///   misses the deadline, its cached answer (if any) stands in, marked stale. A good live answer is
///   stored in the cache once the provider has mapped it without an error.
/// - Every answer, live, cached or embedded, passes through the ``ResponseScreen`` before anything else
///   sees it: non-web links are removed and counted in a note, offers without a usable price are
///   skipped.
/// - Every answer's outcome says whether its prices are real (``SampleAnswer``): an answer from the embedded
///   samples, or one the service says comes from its test mode, is marked; a live, cached or recorded one
///   is not.
/// - Progress is reported once at the start and after each answer.
public struct ProviderRunner: Sendable {
    /// How runs are set up.
    public let settings: SearchSettings
    private let network: any HTTPTransport
    private let now: @Sendable () -> Date
    /// Tokens, MCP sessions and hosts' pace: the process's, or the runner's own.
    private let state: ConnectionState
    /// The questions its searches are asking, so that the same one goes out once.
    private let questions: MemoryQuestionSharing
    /// What its searches share with other searches.
    private let shared: SharedServices

    /// Creates a runner.
    /// - Parameters:
    ///   - network: the bottom of every live provider's transport stack.
    ///   - settings: limits, endpoints, credentials and the store.
    ///   - shared: the sharing of questions, budget counter and observer shared with other runners; one
    ///     process's own by default.
    ///   - connections: the process's tokens, MCP sessions and hosts' pace; the runner's own by default.
    ///   - questions: the questions its searches ask once; the runner's own, shared only while a question is
    ///     asked, by default. A `watch run` gives one that keeps its answers for the run.
    ///   - now: the clock for `retrievedAt`.
    public init(
        network: any HTTPTransport, settings: SearchSettings, shared: SharedServices = SharedServices(),
        connections: ConnectionState = ConnectionState(), questions: MemoryQuestionSharing = MemoryQuestionSharing(),
        now: @escaping @Sendable () -> Date = { Date() }
    ) {
        self.questions = questions
        self.network = network
        self.settings = settings
        self.shared = shared
        state = connections
        self.now = now
    }

    /// Runs the providers.
    /// - Parameters:
    ///   - providers: the providers, in output order.
    ///   - query: what to ask.
    ///   - progress: told which providers are still pending, once at the start and after each answer.
    /// - Returns: one run per provider, in the given order. Never throws: a provider's failure is part of
    ///   its run.
    public func run(
        _ providers: [any OfferProvider], query: SearchQuery, progress: (@Sendable (SearchProgress) -> Void)? = nil
    ) async -> [ProviderRun] {
        var runs = providers.map {
            Self.runWithoutAsking(
                $0.descriptor, query: query, endpoint: settings.endpoint(of: $0.descriptor.id),
                credentials: settings.credentials[$0.descriptor.id] ?? Credentials([:]))
        }
        let asked = runs.indices.filter { runs[$0] == nil }
        guard !asked.isEmpty else { return runs.compactMap { $0 } }

        let start = ContinuousClock.now
        let end = start.advanced(by: settings.deadline)
        var state = SearchProgress(
            pending: asked.map { providers[$0].descriptor.id }, answered: [],
            live: Set(asked.map { providers[$0].descriptor.id }.filter { settings.endpoint(of: $0).isRemote }))
        progress?(state)
        let finished = await BoundedTasks.collect(
            asked.map { index in
                let asked = FlightPlaces.query(query, for: providers[index].descriptor)
                return (index, { await self.run(providers[index], query: asked, until: end) })
            }, until: end
        ) { index in
            state.answer(providers[index].descriptor.id)
            progress?(state)
        }
        let cancelled = Task.isCancelled
        for (index, run) in finished { runs[index] = run }

        // The providers still out at the deadline: their cached answers, read under a short grace period,
        // are still worth showing, marked stale, rather than nothing.
        let late = asked.filter { finished[$0] == nil }
        let timeouts = Dictionary(
            uniqueKeysWithValues: late.map { index in
                (index, timedOut(providers[index].descriptor, query: query, cancelled: cancelled))
            })
        let fallbacks =
            cancelled
            ? [:]
            : await BoundedTasks.collect(
                late.map { index in
                    (index, { await self.staleAnswer(from: providers[index], query: query, failed: timeouts[index]) })
                }, until: ContinuousClock.now.advanced(by: min(settings.deadline, Self.staleGrace)))
        for index in late {
            let fallback = fallbacks[index] ?? nil
            runs[index] = fallback ?? timeouts[index].map { ProviderRun(outcome: $0) }
        }
        return runs.compactMap { $0 }
    }

    /// How long cached answers may take to stand in for providers that missed the deadline.
    static let staleGrace: Duration = .seconds(1)

    /// The run of a provider that is not sent a request: one that cannot answer the query's kind or sells no
    /// trip by the modes it allows, needs a field the query lacks, was asked for its live service and cannot
    /// go live, or would sign in to an OAuth2 service at its endpoint without every credential that takes (a
    /// request without them would only be refused, so the unset variables are named instead); `nil` for a
    /// provider to ask.
    static func runWithoutAsking(
        _ descriptor: ProviderDescriptor, query: SearchQuery, endpoint: Endpoint = .embedded,
        credentials: Credentials = Credentials([:])
    ) -> ProviderRun? {
        guard asks(descriptor, for: query.kind) else {
            let offered = descriptor.categories.sorted().map(\.rawValue).joined(separator: ", ")
            let error = ProviderError(
                .unsupported, provider: descriptor.id, "offers \(offered), not \(query.kind.rawValue)")
            return ProviderRun(outcome: ProviderOutcome(provider: descriptor.id, status: .unsupported, error: error))
        }
        if !enrichesOnly(descriptor, query), query.kind == .flights, !descriptor.sellsModes(of: query) {
            let sold = descriptor.modes.sorted().map(\.rawValue).joined(separator: ", ")
            let error = ProviderError(
                .unsupported, provider: descriptor.id,
                sold.isEmpty
                    ? "sells no trips" : "sells trips by \(sold), not by \(TravelMode.alternatives(query.modes))")
            return ProviderRun(outcome: ProviderOutcome(provider: descriptor.id, status: .unsupported, error: error))
        }
        let missing = enrichesOnly(descriptor, query) ? [] : descriptor.missingFields(for: query)
        guard missing.isEmpty else {
            let error = ProviderError.notAsked(missing, provider: descriptor.id)
            return ProviderRun(outcome: ProviderOutcome(provider: descriptor.id, status: .notAsked, error: error))
        }
        if !enrichesOnly(descriptor, query), let run = FlightPlaces.runWithoutAirports(descriptor, query: query) {
            return run
        }
        if case .notLive(let remedy) = endpoint {
            let error = ProviderError(
                .notAsked, provider: descriptor.id, "was not asked: it cannot ask a live service", remedy: remedy)
            return ProviderRun(outcome: ProviderOutcome(provider: descriptor.id, status: .notAsked, error: error))
        }
        if let service = descriptor.service(for: endpoint), case .oauth2 = service.signIn {
            let unset = service.signIn.credentials.filter { !credentials.has([$0]) }
            if !unset.isEmpty {
                let error = ProviderError(
                    .unauthorized, provider: descriptor.id,
                    "was not asked: signing in to \(endpoint) needs \(unset.count == 1 ? "a credential" : "credentials") "
                        + "that \(unset.count == 1 ? "is" : "are") not set",
                    remedy: .setCredentials(unset))
                return ProviderRun(outcome: ProviderOutcome(provider: descriptor.id, status: .failed, error: error))
            }
        }
        return nil
    }

    /// Whether a provider is asked in a search of `kind`: it offers that kind, or it is an airline
    /// directory and the search is for flights, whose carriers it enriches.
    static func asks(_ descriptor: ProviderDescriptor, for kind: OfferCategory) -> Bool {
        descriptor.categories.contains(kind)
            || (kind == .flights && descriptor.categories.contains(.airlineDirectory))
    }

    /// Whether a provider takes part only to enrich others' offers: a directory in a flight search.
    static func enrichesOnly(_ descriptor: ProviderDescriptor, _ query: SearchQuery) -> Bool {
        !descriptor.categories.contains(query.kind)
    }

    /// Whether a provider's answer is judged by its airline records rather than by offers.
    static func answersRecords(_ descriptor: ProviderDescriptor, _ query: SearchQuery) -> Bool {
        enrichesOnly(descriptor, query) || query.kind == .airlineDirectory
    }

    // MARK: - One provider

    /// Runs one provider: live, or from the cache when offline; a live failure falls back to the cache;
    /// a good live answer is stored in it.
    private func run(
        _ provider: any OfferProvider, query: SearchQuery, until end: ContinuousClock.Instant
    ) async -> ProviderRun {
        let descriptor = provider.descriptor
        let live = settings.endpoint(of: descriptor.id).isRemote
        let replay = live && settings.offline
        let clock = ContinuousClock()
        let start = clock.now
        let enrichesOnly = Self.enrichesOnly(descriptor, query)
        var notes = Self.capabilityNotes(descriptor, query: query)
        let stack = transportStack(for: descriptor, replay: replay, deadline: end)
        do {
            let (answered, screenNotes) = try await answer(
                from: provider, query: query, using: client(for: descriptor, stack: stack, until: end))
            notes += screenNotes
            if replay {
                return Self.stale(
                    answered, query: query, descriptor: descriptor, latency: clock.now - start, notes: notes,
                    retrievedAt: stack?.cache?.oldestReplayedEntry, liveFailure: nil)
            }
            var freshUntil: Date?
            if live, let cache = stack?.cache {
                do {
                    try await cache.commit()
                    freshUntil = cache.freshUntil
                } catch {
                    notes.append(.notStoredInCache(error.description))
                }
            }
            // An answer kept in the store and still fresh is as old as the oldest part of it.
            var response = Self.dated(answered, retrievedAt: stack?.cache?.oldestReplayedEntry)
            let sample = SampleAnswer.of(
                response, endpoint: settings.endpoint(of: descriptor.id), descriptor: descriptor)
            Self.mark(&response, as: sample, recordedAt: descriptor.samples.recordedAt)
            let outcome = ProviderOutcome(
                provider: descriptor.id, status: Self.status(of: response, query: query, descriptor: descriptor),
                offerCount: response.offers.count, skipped: response.skipped, latency: clock.now - start,
                notes: notes + response.notes.map(ProviderNote.remark), recordCount: response.airlines.count,
                enrichesOnly: enrichesOnly, repeats: response.repeats, sample: sample)
            var run = ProviderRun(outcome: outcome, response: response)
            run.freshUntil = freshUntil
            return run
        } catch {
            await stack?.cache?.abandon()
            let failure = Self.providerError(error, provider: descriptor.id)
            let outcome = ProviderOutcome(
                provider: descriptor.id, status: ProviderOutcome.status(for: failure), latency: clock.now - start,
                error: failure, enrichesOnly: enrichesOnly)
            if !replay, !Task.isCancelled,
                let fallback = await staleAnswer(from: provider, query: query, failed: outcome)
            {
                return fallback
            }
            return ProviderRun(outcome: outcome)
        }
    }

    /// The transport stack of a provider whose endpoint is live; `nil` for one that is not.
    private func transportStack(
        for descriptor: ProviderDescriptor, replay: Bool, deadline: ContinuousClock.Instant?
    ) -> TransportStack? {
        let endpoint = settings.endpoint(of: descriptor.id)
        guard endpoint.isRemote else { return nil }
        let service = descriptor.service(for: endpoint)
        return TransportStack(
            network: network, endpoint: endpoint, provider: descriptor.id, signIn: service?.signIn ?? .none,
            isPublic: service?.isPublic ?? false, requestInterval: service?.requestInterval,
            freshFor: service?.freshFor ?? .zero, state: state, questions: questions, shared: shared,
            settings: settings, replay: replay, deadline: deadline, now: now)
    }

    /// A client on the endpoint the settings name for the provider: one endpoint kind per kind of setting.
    private func client(
        for descriptor: ProviderDescriptor, stack: TransportStack?, until end: ContinuousClock.Instant?
    ) -> ProviderClient {
        let id = descriptor.id
        let setting = settings.endpoint(of: id)
        let service = descriptor.service(for: setting)
        let timeout = settings.limits.requestTimeout
        let endpoint: any ProviderEndpoint =
            switch setting {
            case .embedded, .notLive: EmbeddedEndpoint(provider: id, samples: descriptor.samples.responses)
            case .file(let location):
                RecordingEndpoint(provider: id, location: location, maxBytes: settings.maxResponseBytes)
            case .remote(let url):
                HTTPEndpoint(
                    provider: id, base: url, transport: stack?.transport ?? network,
                    fixedHeaders: service?.fixedHeaders ?? [:], credentials: service?.signIn.credentials ?? [],
                    requestTimeout: timeout, maxBytes: settings.maxResponseBytes)
            case .mcp(let url):
                MCPEndpoint(
                    provider: id, url: url, transport: stack?.transport ?? network,
                    fixedHeaders: service?.fixedHeaders ?? [:], credentials: service?.signIn.credentials ?? [],
                    requestTimeout: timeout, maxBytes: settings.maxResponseBytes)
            }
        return ProviderClient(
            provider: id, endpoint: endpoint, requestTimeout: timeout, maxResponseBytes: settings.maxResponseBytes,
            now: now, deadline: end)
    }

    private func timedOut(_ descriptor: ProviderDescriptor, query: SearchQuery, cancelled: Bool) -> ProviderOutcome {
        let message =
            cancelled
            ? "was stopped: the search was cancelled"
            : "did not answer within the \(Self.format(settings.deadline)) deadline"
        return ProviderOutcome(
            provider: descriptor.id, status: .timeout, latency: settings.deadline,
            error: ProviderError(.timeout, provider: descriptor.id, message),
            enrichesOnly: Self.enrichesOnly(descriptor, query))
    }

    /// After a live provider failed: its answer from the cache, marked stale, or `nil` when it has none.
    private func staleAnswer(
        from provider: any OfferProvider, query: SearchQuery, failed: ProviderOutcome?
    ) async -> ProviderRun? {
        let descriptor = provider.descriptor
        guard let failed, settings.cache != nil, !settings.offline, settings.endpoint(of: descriptor.id).isRemote
        else { return nil }
        let stack = transportStack(for: descriptor, replay: true, deadline: nil)
        guard
            let (response, screenNotes) = try? await answer(
                from: provider, query: query, using: client(for: descriptor, stack: stack, until: nil))
        else {
            return nil
        }
        return Self.stale(
            response, query: query, descriptor: descriptor, latency: failed.latency,
            notes: Self.capabilityNotes(descriptor, query: query) + screenNotes,
            retrievedAt: stack?.cache?.oldestReplayedEntry, liveFailure: failed.error)
    }

    /// Asks a provider, and screens its answer before anything else sees it.
    private func answer(
        from provider: any OfferProvider, query: SearchQuery, using client: ProviderClient
    ) async throws -> (response: ProviderResponse, notes: [ProviderNote]) {
        ResponseScreen().screen(try await provider.search(query, using: client))
    }

    /// A directory is judged by its records, a seller by its offers.
    private static func status(
        of response: ProviderResponse, query: SearchQuery, descriptor: ProviderDescriptor
    ) -> ProviderOutcome.Status {
        let empty = answersRecords(descriptor, query) ? response.airlines.isEmpty : response.offers.isEmpty
        return empty ? .noResults : .ok
    }

    private static func stale(
        _ response: ProviderResponse, query: SearchQuery, descriptor: ProviderDescriptor, latency: Duration,
        notes: [ProviderNote], retrievedAt: Date?, liveFailure: ProviderError?
    ) -> ProviderRun {
        var response = dated(response, retrievedAt: retrievedAt)
        mark(&response, as: response.testMode ? .testMode : nil, recordedAt: nil)
        let outcome = ProviderOutcome(
            provider: descriptor.id, status: status(of: response, query: query, descriptor: descriptor),
            offerCount: response.offers.count, skipped: response.skipped, latency: latency, error: liveFailure,
            notes: notes + [.answeredFromCache(retrievedAt: retrievedAt, afterLiveFailure: liveFailure != nil)]
                + response.notes.map(ProviderNote.remark),
            stale: true, retrievedAt: retrievedAt, recordCount: response.airlines.count,
            enrichesOnly: enrichesOnly(descriptor, query), repeats: response.repeats,
            sample: response.testMode ? .testMode : nil)
        return ProviderRun(outcome: outcome, response: response)
    }

    /// The response with every source retrieved at `retrievedAt`, when there is one: an answer from the store
    /// is as old as the stored answer, not as the search.
    private static func dated(_ response: ProviderResponse, retrievedAt: Date?) -> ProviderResponse {
        guard let retrievedAt else { return response }
        var response = response
        for index in response.offers.indices {
            for source in response.offers[index].sources.indices {
                response.offers[index].sources[source].retrievedAt = retrievedAt
            }
        }
        return response
    }

    /// Marks every source of a sample answer as a sample; one from the embedded samples is dated when they
    /// were recorded, when the provider says, so that it never looks freshly fetched.
    private static func mark(_ response: inout ProviderResponse, as sample: SampleAnswer?, recordedAt: Date?) {
        guard let sample else { return }
        let recorded = sample == .embedded ? recordedAt : nil
        for index in response.offers.indices {
            for source in response.offers[index].sources.indices {
                response.offers[index].sources[source].sample = true
                if let recorded { response.offers[index].sources[source].retrievedAt = recorded }
            }
        }
    }

    /// What a provider that lacks a capability cannot honour in this query: said of its answer, so only when it
    /// answered (a provider that failed or timed out has nothing these notes would explain).
    static func capabilityNotes(_ descriptor: ProviderDescriptor, query: SearchQuery) -> [ProviderNote] {
        guard !answersRecords(descriptor, query) else { return [] }
        var notes: [ProviderNote] = []
        let dated = [QueryField.departureDate, .returnDate].filter(query.isSet)
        if !dated.isEmpty, !descriptor.capabilities.contains(.dates) {
            notes.append(.cannotHonour(dated, lacking: .dates))
        }
        if query.roundTrip, !descriptor.capabilities.contains(.roundTrips) {
            notes.append(.cannotHonour([.roundTrip], lacking: .roundTrips))
        }
        return notes
    }

    private static func providerError(_ error: any Error, provider: ProviderID) -> ProviderError {
        switch error {
        case let error as ProviderError: error
        case is CancellationError: ProviderError(.timeout, provider: provider, "was cancelled at the deadline")
        default: ProviderError(.unexpected, provider: provider, "failed: \(error)", underlying: error)
        }
    }

    /// `10 s`, `1.5 s`, `250 ms`.
    static func format(_ duration: Duration) -> String {
        let milliseconds = duration.inMilliseconds
        if milliseconds < 1000 { return "\(milliseconds) ms" }
        if milliseconds % 1000 == 0 { return "\(milliseconds / 1000) s" }
        return String(format: "%.1f s", Double(milliseconds) / 1000)
    }
}
