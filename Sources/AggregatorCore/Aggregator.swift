import Foundation

/// Asks several providers at once and turns their answers into one ranked result.
///
/// Order of work, each stage a plain type with its own rule:
/// 1. Fan-out: every selected provider that offers the query's kind runs in its own child task, all
///    under one deadline; a provider that does not offer the kind is reported `unsupported` and not
///    asked. When the deadline passes, the providers still running are cancelled and reported
///    `timeout`; what has arrived is kept. One provider's failure never affects another's offers.
/// 2. ``CurrencyConverter``: every source's price into the query's currency.
/// 3. ``OfferFilter``: the query's filters, the same for every provider.
/// 4. ``OfferMerger``: one offer per physical trip.
/// 5. ``OfferRanker``: order and tags; then the limit.
/// If the filters leave nothing, the result carries ``FilterHint``s.
public struct Aggregator: Sendable {
    /// How searches run.
    public struct Settings: Sendable {
        /// The whole search's time limit (`--timeout`).
        public var deadline: Duration
        /// Each request's time limit; never longer than the deadline.
        public var requestTimeout: Duration
        /// The largest response body accepted, in bytes.
        public var maxResponseBytes: Int
        /// The exchange rates for conversion.
        public var rates: ExchangeRates
        /// Each provider's endpoint; a provider not listed uses `embedded`.
        public var endpoints: [ProviderID: Endpoint]
        /// Extra header fields per provider, such as API keys.
        public var headers: [ProviderID: [String: String]]
        /// When live requests are retried.
        public var retryPolicy: RetryPolicy
        /// Where live answers are kept; `nil` keeps none.
        public var cache: ResponseCache?
        /// Whether live providers answer from the cache only (`--offline`).
        public var offline: Bool

        /// Creates settings.
        /// - Parameters:
        ///   - deadline: the search's time limit.
        ///   - requestTimeout: each request's time limit.
        ///   - maxResponseBytes: the body size cap.
        ///   - rates: the exchange rates.
        ///   - endpoints: endpoints by provider.
        ///   - headers: header fields by provider.
        ///   - retryPolicy: when live requests are retried.
        ///   - cache: where live answers are kept.
        ///   - offline: whether live providers answer from the cache only.
        public init(
            deadline: Duration = .seconds(10), requestTimeout: Duration = .seconds(10),
            maxResponseBytes: Int = 32 << 20, rates: ExchangeRates = .embedded,
            endpoints: [ProviderID: Endpoint] = [:], headers: [ProviderID: [String: String]] = [:],
            retryPolicy: RetryPolicy = .standard, cache: ResponseCache? = nil, offline: Bool = false
        ) {
            self.retryPolicy = retryPolicy
            self.cache = cache
            self.offline = offline
            self.deadline = deadline
            self.requestTimeout = requestTimeout
            self.maxResponseBytes = maxResponseBytes
            self.rates = rates
            self.endpoints = endpoints
            self.headers = headers
        }
    }

    /// The providers to ask, in output order.
    public let providers: [any OfferProvider]
    /// How searches run.
    public let settings: Settings
    private let transport: any HTTPTransport
    private let now: @Sendable () -> Date

    /// Creates an aggregator, checking the set-up before any request is made.
    /// - Parameters:
    ///   - providers: the providers to ask; ids must be unique.
    ///   - transport: sends live requests.
    ///   - settings: limits, rates and endpoints.
    ///   - now: the clock for `retrievedAt`.
    /// - Throws: ``AggregatorSetupError`` for duplicate providers, an endpoint for a provider that is
    ///   not selected, or a non-positive time limit.
    public init(
        providers: [any OfferProvider], transport: any HTTPTransport = URLSessionTransport(),
        settings: Settings = Settings(), now: @escaping @Sendable () -> Date = { Date() }
    ) throws(AggregatorSetupError) {
        var seen = Set<ProviderID>()
        for provider in providers where !seen.insert(provider.descriptor.id).inserted {
            throw AggregatorSetupError("the provider '\(provider.descriptor.id)' is selected twice")
        }
        guard settings.deadline > .zero, settings.requestTimeout > .zero else {
            throw AggregatorSetupError("time limits must be positive")
        }
        guard settings.maxResponseBytes > 0 else {
            throw AggregatorSetupError("the response size cap must be positive")
        }
        guard !settings.offline || settings.cache != nil else {
            throw AggregatorSetupError("--offline needs a cache folder: set XDG_CACHE_HOME or HOME")
        }
        self.providers = providers
        self.transport = transport
        self.settings = settings
        self.now = now
    }

    /// Runs a search.
    /// - Parameters:
    ///   - query: what to look for.
    ///   - progress: told which providers are still pending, once at the start and after each answer.
    /// - Returns: every provider's outcome and the ranked offers. Never throws: a provider's failure is
    ///   part of the result.
    public func search(
        _ query: SearchQuery, progress: (@Sendable (SearchProgress) -> Void)? = nil
    ) async
        -> SearchResult
    {
        let runs = await fanOut(query, progress: progress)
        let converter = CurrencyConverter(rates: settings.rates, target: query.currency)
        let merger = OfferMerger()
        let filter = OfferFilter(query: query)

        let converted = converter.convert(runs.flatMap(\.offers))
        let merged = merger.merge(filter.apply(converted))
        let ranked = OfferRanker(sort: query.sort).rank(merged)
        let limited = query.limit.map { Array(ranked.prefix($0)) } ?? ranked
        let hints = merged.isEmpty ? filter.hints(for: converted, merging: merger.merge) : []

        var notes: [String] = []
        let unconverted = Set(ranked.filter { !$0.isConverted }.map(\.price.currency))
        if !unconverted.isEmpty {
            let codes = unconverted.sorted().map(\.rawValue).joined(separator: ", ")
            notes.append(
                "prices in \(codes) cannot be converted with the rates of \(settings.rates.date); "
                    + "they are shown as sent and ranked after the rest (pass --rates FILE to convert them)")
        }
        return SearchResult(
            query: query, outcomes: runs.map(\.outcome), offers: limited, matched: ranked.count, hints: hints,
            notes: notes, rates: settings.rates)
    }

    /// One provider's part of a search.
    struct Run: Sendable {
        var outcome: ProviderOutcome
        var offers: [Offer]
    }

    /// Asks every provider concurrently under the deadline; the result is in provider order.
    func fanOut(_ query: SearchQuery, progress: (@Sendable (SearchProgress) -> Void)? = nil) async -> [Run] {
        var runs: [Run?] = providers.map { provider in
            let descriptor = provider.descriptor
            guard descriptor.categories.contains(query.kind) else {
                let offered = descriptor.categories.sorted().map(\.rawValue).joined(separator: ", ")
                let error = ProviderError(
                    .unsupported, provider: descriptor.id, "offers \(offered), not \(query.kind.rawValue)")
                return Run(
                    outcome: ProviderOutcome(provider: descriptor.id, status: .unsupported, error: error), offers: [])
            }
            return nil
        }
        let deadline = settings.deadline
        let end = ContinuousClock.now.advanced(by: deadline)
        var state = SearchProgress(
            pending: zip(providers, runs).compactMap { $1 == nil ? $0.descriptor.id : nil }, answered: [],
            live: Set(providers.map(\.descriptor.id).filter { settings.endpoints[$0]?.isRemote ?? false }))
        await withTaskGroup(of: (Int, Run)?.self) { group in
            var pending = 0
            for (index, provider) in providers.enumerated() where runs[index] == nil {
                pending += 1
                group.addTask { (index, await run(provider, query: query, until: end)) }
            }
            guard pending > 0 else { return }
            progress?(state)
            group.addTask {
                try? await Task.sleep(for: deadline)
                return nil
            }
            while pending > 0, let next = await group.next() {
                guard let (index, run) = next else { break }
                runs[index] = run
                pending -= 1
                state.answer(providers[index].descriptor.id)
                progress?(state)
            }
            group.cancelAll()
        }
        var result: [Run] = []
        for (provider, run) in zip(providers, runs) {
            if let run {
                result.append(run)
                continue
            }
            let id = provider.descriptor.id
            let error = ProviderError(
                .timeout, provider: id, "did not answer within the \(Self.format(deadline)) deadline")
            let timedOut = ProviderOutcome(provider: id, status: .timeout, latency: deadline, error: error)
            // Reading the cache is local and quick, so a late provider's last good answer is still worth
            // showing, marked stale, rather than nothing.
            let fallback = await staleAnswer(from: provider, query: query, failed: timedOut)
            result.append(fallback ?? Run(outcome: timedOut, offers: []))
        }
        return result
    }

    private func client(
        for descriptor: ProviderDescriptor, until end: ContinuousClock.Instant?, cacheOnly: ResponseCache?,
        log: ResponseLog
    ) -> ProviderClient {
        var client = ProviderClient(
            provider: descriptor.id, endpoint: settings.endpoints[descriptor.id] ?? .embedded,
            embedded: descriptor.embeddedResponses, transport: transport,
            requestTimeout: min(settings.requestTimeout, settings.deadline),
            maxResponseBytes: settings.maxResponseBytes,
            defaultHeaders: settings.headers[descriptor.id] ?? [:], now: now, retryPolicy: settings.retryPolicy,
            deadline: end, cacheOnly: cacheOnly)
        client.log = log
        return client
    }

    /// Runs one provider: live, or from the cache under `--offline`; a live failure falls back to the
    /// cache; a good live answer is stored in it.
    private func run(
        _ provider: any OfferProvider, query: SearchQuery, until end: ContinuousClock.Instant
    ) async
        -> Run
    {
        let descriptor = provider.descriptor
        let live = settings.endpoints[descriptor.id]?.isRemote ?? false
        let clock = ContinuousClock()
        let start = clock.now
        let notes = Self.capabilityNotes(descriptor, query: query)
        let log = ResponseLog()
        let cacheOnly = live && settings.offline ? settings.cache : nil
        let client = client(for: descriptor, until: end, cacheOnly: cacheOnly, log: log)
        do {
            let response = try await provider.search(query, using: client)
            if cacheOnly != nil {
                return Self.stale(
                    response, descriptor: descriptor, latency: clock.now - start, notes: notes,
                    retrievedAt: log.oldestCacheEntry, liveFailure: nil)
            }
            var stored = notes
            if live, let cache = settings.cache {
                do {
                    for fetched in log.fetchedBodies {
                        try cache.store(
                            fetched.body, provider: descriptor.id, url: fetched.url, retrievedAt: fetched.retrievedAt)
                    }
                } catch {
                    stored.append("its answer could not be cached: \(error)")
                }
            }
            let outcome = ProviderOutcome(
                provider: descriptor.id, status: response.offers.isEmpty ? .noResults : .ok,
                offers: response.offers.count, skipped: response.skipped, latency: clock.now - start,
                notes: stored + response.notes)
            return Run(outcome: outcome, offers: response.offers)
        } catch {
            let failure = Self.providerError(error, provider: descriptor.id)
            let outcome = ProviderOutcome(
                provider: descriptor.id, status: ProviderOutcome.status(for: failure), latency: clock.now - start,
                error: failure, notes: notes)
            if cacheOnly == nil, !Task.isCancelled,
                let fallback = await staleAnswer(from: provider, query: query, failed: outcome)
            {
                return fallback
            }
            return Run(outcome: outcome, offers: [])
        }
    }

    /// After a live provider failed: its answer from the cache, marked stale, or `nil` when it has none.
    private func staleAnswer(
        from provider: any OfferProvider, query: SearchQuery, failed: ProviderOutcome
    ) async
        -> Run?
    {
        let descriptor = provider.descriptor
        guard let cache = settings.cache, !settings.offline,
            settings.endpoints[descriptor.id]?.isRemote ?? false
        else { return nil }
        let log = ResponseLog()
        let client = client(for: descriptor, until: nil, cacheOnly: cache, log: log)
        guard let response = try? await provider.search(query, using: client) else { return nil }
        return Self.stale(
            response, descriptor: descriptor, latency: failed.latency, notes: failed.notes,
            retrievedAt: log.oldestCacheEntry, liveFailure: failed.error)
    }

    private static func stale(
        _ response: ProviderResponse, descriptor: ProviderDescriptor, latency: Duration, notes: [String],
        retrievedAt: Date?, liveFailure: ProviderError?
    ) -> Run {
        var offers = response.offers
        if let retrievedAt {
            for index in offers.indices {
                for source in offers[index].sources.indices { offers[index].sources[source].retrievedAt = retrievedAt }
            }
        }
        let when = retrievedAt.map { " retrieved \(LocalDateTime(utc: $0))Z" } ?? ""
        let why =
            liveFailure == nil
            ? "--offline: answered from the cache" : "its live request failed: answered from the cache"
        let outcome = ProviderOutcome(
            provider: descriptor.id, status: offers.isEmpty ? .noResults : .ok, offers: offers.count,
            skipped: response.skipped, latency: latency, error: liveFailure,
            notes: notes + ["\(why)\(when)"] + response.notes, stale: true, retrievedAt: retrievedAt)
        return Run(outcome: outcome, offers: offers)
    }

    private static func capabilityNotes(_ descriptor: ProviderDescriptor, query: SearchQuery) -> [String] {
        var notes: [String] = []
        let dateFlags = [("--date", query.departureDate), ("--return", query.returnDate)].filter { $0.1 != nil }
        if !dateFlags.isEmpty, !descriptor.capabilities.contains(.dates) {
            let flags = dateFlags.map(\.0).joined(separator: " or ")
            notes.append("its offers carry no dates, so it cannot honour \(flags)")
        }
        if query.roundTrip, !descriptor.capabilities.contains(.roundTrips) {
            notes.append("it cannot search round trips")
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
