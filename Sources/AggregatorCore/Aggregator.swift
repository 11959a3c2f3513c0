import Foundation

/// Asks several providers at once and turns their answers into one ranked result.
///
/// Order of work, each stage a plain type with its own rule:
/// 1. Fan-out: every selected provider that offers the query's kind runs in its own child task, all
///    under one deadline; a provider that does not offer the kind is reported `unsupported` and not
///    asked. An airline directory (a provider whose categories contain
///    ``OfferCategory/airlineDirectory``) is also asked in a flight search, to enrich the offers; its
///    outcome is then marked ``ProviderOutcome/enrichesOnly``. When the deadline passes, the providers
///    still running are cancelled and reported `timeout`; what has arrived is kept. One provider's
///    failure never affects another's offers.
/// 2. ``CurrencyConverter``: every source's price into the query's currency.
/// 3. ``OfferFilter``: the query's filters, the same for every provider.
/// 4. ``AirlineDirectory``: the airline records every provider delivered, in provider order, enrich the
///    offers' carriers and tag inactive ones; then ``FavoriteCarriers`` tags the user's favourites.
/// 5. ``OfferMerger``: one offer per physical trip.
/// 6. ``OfferRanker``: order and tags; then the limit.
/// If the filters leave nothing, the result carries ``FilterHint``s. A directory's outcome is `ok` when
/// it delivered records and `no_results` when it delivered none.
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
        /// The user's favourite airlines: IATA codes or names (see ``FavoriteCarriers``); offers on
        /// them are tagged ``OfferTag/favorite``.
        public var favoriteCarriers: Set<String>

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
        ///   - favoriteCarriers: the favourite airlines.
        public init(
            deadline: Duration = .seconds(10), requestTimeout: Duration = .seconds(10),
            maxResponseBytes: Int = 32 << 20, rates: ExchangeRates = .embedded,
            endpoints: [ProviderID: Endpoint] = [:], headers: [ProviderID: [String: String]] = [:],
            retryPolicy: RetryPolicy = .standard, cache: ResponseCache? = nil, offline: Bool = false,
            favoriteCarriers: Set<String> = []
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
            self.favoriteCarriers = favoriteCarriers
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
        let directory = AirlineDirectory(runs.flatMap(\.airlines))
        let enriched = FavoriteCarriers(settings.favoriteCarriers)
            .tag(directory.enrich(filter.apply(converted)), directory: directory)
        let merged = merger.merge(enriched)
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
            notes: notes, rates: settings.rates, airlines: directory)
    }

    /// One provider's part of a search.
    struct Run: Sendable {
        var outcome: ProviderOutcome
        var offers: [Offer]
        var airlines: [AirlineRecord] = []
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

    /// Asks every provider concurrently under the deadline; the result is in provider order.
    func fanOut(_ query: SearchQuery, progress: (@Sendable (SearchProgress) -> Void)? = nil) async -> [Run] {
        var runs: [Run?] = providers.map { provider in
            let descriptor = provider.descriptor
            guard Self.asks(descriptor, for: query.kind) else {
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
            let timedOut = ProviderOutcome(
                provider: id, status: .timeout, latency: deadline, error: error,
                enrichesOnly: Self.enrichesOnly(provider.descriptor, query))
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
        let enrichesOnly = Self.enrichesOnly(descriptor, query)
        let notes = Self.capabilityNotes(descriptor, query: query)
        let log = ResponseLog()
        let cacheOnly = live && settings.offline ? settings.cache : nil
        let client = client(for: descriptor, until: end, cacheOnly: cacheOnly, log: log)
        do {
            let response = try await provider.search(query, using: client)
            if cacheOnly != nil {
                return Self.stale(
                    response, query: query, descriptor: descriptor, latency: clock.now - start, notes: notes,
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
                provider: descriptor.id, status: Self.status(of: response, query: query, descriptor: descriptor),
                offers: response.offers.count, skipped: response.skipped, latency: clock.now - start,
                notes: stored + response.notes, records: response.airlines.count, enrichesOnly: enrichesOnly)
            return Run(outcome: outcome, offers: response.offers, airlines: response.airlines)
        } catch {
            let failure = Self.providerError(error, provider: descriptor.id)
            let outcome = ProviderOutcome(
                provider: descriptor.id, status: ProviderOutcome.status(for: failure), latency: clock.now - start,
                error: failure, notes: notes, enrichesOnly: enrichesOnly)
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
            response, query: query, descriptor: descriptor, latency: failed.latency, notes: failed.notes,
            retrievedAt: log.oldestCacheEntry, liveFailure: failed.error)
    }

    /// A directory is judged by its records, a seller by its offers.
    private static func status(
        of response: ProviderResponse, query: SearchQuery, descriptor: ProviderDescriptor
    ) -> ProviderOutcome.Status {
        let answersRecords = Self.answersRecords(descriptor, query)
        let empty = answersRecords ? response.airlines.isEmpty : response.offers.isEmpty
        return empty ? .noResults : .ok
    }

    private static func stale(
        _ response: ProviderResponse, query: SearchQuery, descriptor: ProviderDescriptor, latency: Duration,
        notes: [String], retrievedAt: Date?, liveFailure: ProviderError?
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
            provider: descriptor.id, status: status(of: response, query: query, descriptor: descriptor),
            offers: offers.count, skipped: response.skipped, latency: latency, error: liveFailure,
            notes: notes + ["\(why)\(when)"] + response.notes, stale: true, retrievedAt: retrievedAt,
            records: response.airlines.count, enrichesOnly: enrichesOnly(descriptor, query))
        return Run(outcome: outcome, offers: offers, airlines: response.airlines)
    }

    private static func capabilityNotes(_ descriptor: ProviderDescriptor, query: SearchQuery) -> [String] {
        let answersRecords = Self.answersRecords(descriptor, query)
        var notes: [String] = []
        let dateFlags = [("--date", query.departureDate), ("--return", query.returnDate)].filter { $0.1 != nil }
        if !answersRecords, !dateFlags.isEmpty, !descriptor.capabilities.contains(.dates) {
            let flags = dateFlags.map(\.0).joined(separator: " or ")
            notes.append("its offers carry no dates, so it cannot honour \(flags)")
        }
        if !answersRecords, query.roundTrip, !descriptor.capabilities.contains(.roundTrips) {
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
