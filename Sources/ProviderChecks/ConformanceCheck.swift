import AggregatorCore
import Foundation
import ProviderKit

/// The checks a provider author needs, as plain values: each check that fails says so in a ``Finding``
/// that names the offer, record or body it is about. The test kit records every finding as a test issue;
/// the command line prints one line per check. Nothing here depends on a test framework.
///
/// The checks hold for any ``OfferProvider``, searched with its descriptor's
/// ``ProviderSamples/query`` (or the query given) on its embedded samples, each search with the
/// check's deadline:
/// - ``Aspect/descriptor``: an id of lower-case ASCII letters, digits and dashes, samples, and a sample
///   query that sets the fields the provider requires;
/// - ``Aspect/sampleSearch``: the sample search maps to offers (or records, for a directory);
/// - ``Aspect/stableIDs``: no two different offers share an id (an exact repeat, the same offer twice, is the
///   runner's to drop and count), and ids are the same in two runs;
/// - ``Aspect/offers``: every offer has one source naming the client's provider id, is a product the
///   descriptor declares, has a one-word id and no empty leg;
/// - ``Aspect/prices``: prices are positive in currencies the embedded rates table knows;
/// - ``Aspect/timesAndLinks``: every time falls in ``LocalDateTime/saneYears``, a segment never lands
///   before it leaves (when both instants are known), and every link is a web link;
/// - ``Aspect/anyProviderID``: run under ``probeID``, the offers name that id;
/// - ``Aspect/livePaths``: served its samples over a stand-in network, signing in as its live service
///   does with stand-in credentials, it asks for the paths they are named after (a failed sign-in is
///   reported as such);
/// - ``Aspect/perRequestValues``: ids stay when the service's per-request values
///   (``ProviderSamples/perRequestKeys``) change;
/// - ``Aspect/nonPositivePrices``: a zero or negative price in a sample (``ProviderSamples/priceKeys``)
///   is skipped and counted;
/// - ``Aspect/deadline``: the sample search ends before the deadline, measured on the check's ``clock``;
/// - ``Aspect/malformedInput``: malformed bodies give a ``ProviderError`` (the only error a search can
///   throw) or a sane answer, never a crash.
///
/// The checks after ``Aspect/sampleSearch`` need its answer: when it fails, they are not run, and the
/// report's ``Report/checked`` leaves them out.
public struct ConformanceCheck: Sendable {
    /// One thing the checks look at.
    public enum Aspect: String, Sendable, Hashable, CaseIterable {
        /// The descriptor on its own.
        case descriptor
        /// The sample search maps.
        case sampleSearch = "sample_search"
        /// Ids are unique and stable across two runs.
        case stableIDs = "stable_ids"
        /// The shape of every offer: one source naming the provider, a declared product, a one-word id.
        case offers
        /// Prices are positive, in known currencies.
        case prices
        /// Times fall in the sane years and links are web links.
        case timesAndLinks = "times_and_links"
        /// Offers take the client's provider id.
        case anyProviderID = "any_provider_id"
        /// Live requests ask for the paths the samples are named after.
        case livePaths = "live_paths"
        /// Ids do not depend on the service's per-request values.
        case perRequestValues = "per_request_values"
        /// Zero and negative prices are skipped and counted.
        case nonPositivePrices = "non_positive_prices"
        /// The sample search ends before its deadline.
        case deadline
        /// Malformed input gives a ``ProviderError``.
        case malformedInput = "malformed_input"
    }

    /// A check that failed, and why, naming what it is about.
    public struct Finding: Sendable, Hashable, CustomStringConvertible {
        /// The check that failed.
        public var aspect: Aspect
        /// One line: what is wrong, naming the offer, record or body.
        public var message: String

        /// Creates a finding.
        /// - Parameters:
        ///   - aspect: the check that failed.
        ///   - message: what is wrong.
        public init(_ aspect: Aspect, _ message: String) {
            self.aspect = aspect
            self.message = message
        }

        /// The message.
        public var description: String { message }
    }

    /// What a run of the checks found.
    public struct Report: Sendable {
        /// The checks that ran, in order.
        public var checked: [Aspect] = []
        /// What they found wrong; empty when everything passed.
        public var findings: [Finding] = []
        /// How many offers (or records, for a directory) the sample search gave.
        public var sampleCount = 0
        /// How long the sample search took.
        public var sampleDuration: Duration = .zero

        /// Creates an empty report.
        public init() {}

        /// Whether every check that ran passed.
        public var passed: Bool { findings.isEmpty }

        /// What one check found wrong.
        /// - Parameter aspect: the check.
        /// - Returns: its findings, in the order found; empty when it passed or did not run.
        public func findings(for aspect: Aspect) -> [Finding] { findings.filter { $0.aspect == aspect } }

        mutating func add(_ aspect: Aspect, _ findings: [Finding] = []) {
            if !checked.contains(aspect) { checked.append(aspect) }
            self.findings += findings
        }

        mutating func add(_ aspect: Aspect, failing condition: Bool, _ message: @autoclosure () -> String) {
            add(aspect, condition ? [Finding(aspect, message())] : [])
        }

        /// Checks the sample search's duration against its deadline.
        mutating func addDeadline(_ deadline: Duration, id: ProviderID) {
            let took = sampleDuration
            add(
                .deadline, failing: took > deadline,
                "\(id): the sample search took \(ConformanceCheck.format(took)), past its "
                    + "\(ConformanceCheck.format(deadline)) deadline")
        }
    }

    /// Bodies that no provider's format accepts as a full answer.
    public static let malformedBodies: [String] = [
        "", "not json", "<html><body>502 Bad Gateway</body></html>", "null", "[]", "{}", "42", "\"text\"",
        "{\"data\": 5}", "{\"data\": [{\"price\": \"free\"}]}", "{\"results\": [{}]}", "[{}]",
        "{\"data\": {\"offers\": [{}]}}", "\u{1B}]0;owned\u{07}\u{1B}[2J",
    ]

    /// The id the checks run a provider under, to see that its offers take the client's id.
    public static let probeID: ProviderID = "conformance-probe"

    /// The base URL the samples are served at for ``Aspect/livePaths``; it is never resolved.
    static let standInURL = URL(string: "https://provider.invalid/base")

    /// The query to search with; the descriptor's sample query when `nil`.
    public var query: SearchQuery?
    /// The time each search may take.
    public var deadline: Duration
    /// The checks to run; the others are skipped.
    public var aspects: Set<Aspect>
    /// The clock for the offers' `retrievedAt`: fixed, so that two runs can be compared.
    public var now: @Sendable () -> Date
    /// Starts measuring on the clock the sample search is timed on, for ``Aspect/deadline``: what it gives
    /// tells the time passed since.
    private let stopwatch: @Sendable () -> @Sendable () -> Duration

    /// Creates a set of checks.
    /// - Parameters:
    ///   - query: the query to search with; the descriptor's sample query when `nil`.
    ///   - deadline: the time each search may take.
    ///   - aspects: the checks to run; every one by default.
    ///   - now: the clock for `retrievedAt`.
    ///   - clock: the clock the sample search is timed on; the continuous clock unless a test times it on
    ///     its own.
    public init<SearchClock: Clock<Duration>>(
        query: SearchQuery? = nil, deadline: Duration = .seconds(10), aspects: Set<Aspect> = Set(Aspect.allCases),
        now: @escaping @Sendable () -> Date = { Date(timeIntervalSince1970: 1_790_000_000) },
        clock: SearchClock = ContinuousClock()
    ) {
        self.query = query
        self.deadline = deadline
        self.aspects = aspects
        self.now = now
        stopwatch = {
            let start = clock.now
            return { start.duration(to: clock.now) }
        }
    }

    /// What `work` gives, and how long it took on the check's clock.
    private func timed<Value>(_ work: () async throws -> Value) async rethrows -> (value: Value, duration: Duration) {
        let elapsed = stopwatch()
        let value = try await work()
        return (value, elapsed())
    }

    // MARK: - Providers of offers

    /// Runs the checks on a provider that sells offers.
    /// - Parameter provider: the provider under test.
    /// - Returns: the checks that ran and what they found.
    public func run(_ provider: any OfferProvider) async -> Report {
        let descriptor = provider.descriptor
        let id = descriptor.id
        let query = query ?? descriptor.samples.query
        var report = Report()
        if aspects.contains(.descriptor) { report.add(.descriptor, Self.descriptorFindings(descriptor)) }

        let first: ProviderResponse
        do {
            (first, report.sampleDuration) = try await timed {
                try await provider.search(query, using: client(for: descriptor))
            }
        } catch {
            report.add(
                .sampleSearch, [Finding(.sampleSearch, "\(id): the sample search failed: \(Self.describe(error))")])
            return report
        }
        report.sampleCount = first.offers.count
        report.add(
            .sampleSearch, failing: first.offers.isEmpty,
            "\(id): the sample search gives no offers (\(first.skipped) records skipped)")
        if aspects.contains(.deadline) { report.addDeadline(deadline, id: id) }
        if aspects.contains(.stableIDs) {
            report.add(.stableIDs, await stableIDFindings(provider, query: query, first: first))
        }
        let offerFindings = Self.offerFindings(first.offers, of: descriptor)
        for aspect in [Aspect.offers, .prices, .timesAndLinks] where aspects.contains(aspect) {
            report.add(aspect, offerFindings.filter { $0.aspect == aspect })
        }
        if aspects.contains(.livePaths) {
            report.add(.livePaths, await livePathFindings(provider, query: query, baseline: first.offers.map(\.id)))
        }
        if aspects.contains(.anyProviderID) { report.add(.anyProviderID, await anyIDFindings(provider, query: query)) }
        if aspects.contains(.perRequestValues) {
            report.add(.perRequestValues, await perRequestFindings(provider, query: query, baseline: first))
        }
        if aspects.contains(.nonPositivePrices) {
            report.add(.nonPositivePrices, await nonPositivePriceFindings(provider, query: query, baseline: first))
        }
        if aspects.contains(.malformedInput) {
            report.add(
                .malformedInput,
                await malformedInputFindings(provider, query: query, what: "offers") { response in
                    response.offers.first { $0.price.amount <= 0 }.map { "offer \($0.id)" }
                })
        }
        return report
    }

    // MARK: - Airline directories

    /// Runs the checks that apply to an airline directory, a provider that delivers airline records
    /// instead of offers: it declares airline records; its samples decode into records with unique ids
    /// and names, the same on every run; IATA codes are two upper-case letters or digits; logos are web
    /// links; a directory sells nothing; live requests ask for the sample names; malformed bodies give a
    /// ``ProviderError`` or no nonsense records, never a crash.
    /// - Parameter provider: the directory under test.
    /// - Returns: the checks that ran and what they found.
    public func runDirectory(_ provider: any OfferProvider) async -> Report {
        let descriptor = provider.descriptor
        let id = descriptor.id
        let query = query ?? descriptor.samples.query
        var report = Report()
        if aspects.contains(.descriptor) {
            var findings = Self.descriptorFindings(descriptor)
            if !descriptor.categories.contains(.airlineDirectory) {
                findings.append(Finding(.descriptor, "\(id) does not declare airline records"))
            }
            report.add(.descriptor, findings)
        }
        let first: ProviderResponse
        let second: ProviderResponse
        do {
            (first, report.sampleDuration) = try await timed {
                try await provider.search(query, using: client(for: descriptor))
            }
            second = try await provider.search(query, using: client(for: descriptor))
        } catch {
            report.add(
                .sampleSearch, [Finding(.sampleSearch, "\(id): the sample search failed: \(Self.describe(error))")])
            return report
        }
        report.sampleCount = first.airlines.count
        var sample: [Finding] = []
        if first.airlines.isEmpty { sample.append(Finding(.sampleSearch, "\(id): the samples map to no records")) }
        if !descriptor.categories.contains(.flights), !descriptor.categories.contains(.cars), !first.offers.isEmpty {
            sample.append(
                Finding(.sampleSearch, "\(id): a directory sells nothing, yet it gave \(first.offers.count) offers"))
        }
        report.add(.sampleSearch, sample)
        if aspects.contains(.deadline) { report.addDeadline(deadline, id: id) }
        if aspects.contains(.stableIDs) {
            var findings: [Finding] = []
            if first.airlines != second.airlines {
                findings.append(Finding(.stableIDs, "\(id): the records differ between two runs"))
            }
            for (record, count) in Self.repeats(first.airlines.map(\.id)) {
                findings.append(Finding(.stableIDs, "\(id): record id \(record) is used \(count) times"))
            }
            report.add(.stableIDs, findings)
        }
        let recordFindings = Self.recordFindings(first.airlines)
        for aspect in [Aspect.offers, .timesAndLinks] where aspects.contains(aspect) {
            report.add(aspect, recordFindings.filter { $0.aspect == aspect })
        }
        if aspects.contains(.livePaths) {
            let live = try? await provider.search(query, using: client(for: descriptor, servedOver: Self.standInURL))
            report.add(
                .livePaths, failing: live?.airlines != first.airlines,
                "\(id): live requests do not ask for the paths the samples are named after")
        }
        if aspects.contains(.malformedInput) {
            report.add(
                .malformedInput,
                await malformedInputFindings(provider, query: query, what: "records") { response in
                    response.airlines.first { $0.name.isEmpty }.map { "record \($0.id)" }
                })
        }
        return report
    }

    // MARK: - Checks on values

    /// Checks a descriptor on its own: an id of lower-case ASCII letters, digits and dashes, samples, and
    /// required fields its sample query sets.
    /// - Parameter descriptor: the descriptor.
    /// - Returns: what is wrong with it.
    public static func descriptorFindings(_ descriptor: ProviderDescriptor) -> [Finding] {
        let id = descriptor.id.rawValue
        var findings: [Finding] = []
        if id.isEmpty { findings.append(Finding(.descriptor, "a provider has no id")) }
        if !id.allSatisfy({ $0.isASCII && ($0.isLowercase || $0.isNumber || $0 == "-") }) {
            findings.append(Finding(.descriptor, "the id '\(id)' is not lower-case ASCII letters, digits and dashes"))
        }
        if descriptor.samples.responses.bodies.isEmpty {
            findings.append(Finding(.descriptor, "\(id) ships no embedded samples"))
        }
        let missing = descriptor.missingFields(for: descriptor.samples.query)
        if !missing.isEmpty {
            findings.append(
                Finding(
                    .descriptor,
                    "\(id)'s sample query lacks fields it requires: \(missing.map(\.rawValue).joined(separator: ", "))")
            )
        }
        return findings
    }

    /// Checks the invariants of a provider's offers: their shape (``Aspect/offers``), their prices
    /// (``Aspect/prices``), their times and links (``Aspect/timesAndLinks``).
    /// - Parameters:
    ///   - offers: the offers the provider returned.
    ///   - descriptor: the provider's descriptor.
    /// - Returns: what is wrong with them, each finding naming its offer.
    public static func offerFindings(_ offers: [Offer], of descriptor: ProviderDescriptor) -> [Finding] {
        let known = ExchangeRates.embedded
        var findings: [Finding] = []
        for offer in offers {
            let id = offer.id
            func fail(_ aspect: Aspect, _ message: String) {
                findings.append(Finding(aspect, "offer \(id) " + message))
            }
            if offer.sources.count != 1 { fail(.offers, "has \(offer.sources.count) sources, not one") }
            if let source = offer.sources.first, source.provider != descriptor.id {
                fail(.offers, "names \(source.provider) as its source, not \(descriptor.id)")
            }
            if !descriptor.categories.contains(offer.product.category) {
                fail(.offers, "is \(offer.product.category.rawValue), which the descriptor does not declare")
            }
            if id.isEmpty || id.contains(where: { $0.isWhitespace }) { fail(.offers, "has an id that is not one word") }
            if let itinerary = offer.product.itinerary {
                if itinerary.legs.isEmpty { fail(.offers, "has no leg") }
                if itinerary.legs.contains(where: { $0.segments.isEmpty }) { fail(.offers, "has an empty leg") }
            }
            for source in offer.sources {
                if !(source.price.amount > 0) || !source.price.amount.isFinite {
                    fail(
                        .prices,
                        "has the price \(source.price.amount) \(source.price.currency); prices must be positive")
                }
                if known.rate(for: source.price.currency) == nil {
                    fail(.prices, "is priced in \(source.price.currency), a currency the rates table does not know")
                }
            }
            for link in [offer.imageURL].compactMap({ $0 }) + offer.sources.compactMap(\.deepLink)
            where !WebLink.isWebLink(link) {
                fail(
                    .timesAndLinks, "links to \(PrintableText.excerpt(link.absoluteString, limit: 60)), not a web link")
            }
            for segment in offer.product.itinerary?.segments ?? [] {
                let flight = segment.flightDesignator
                for logo in [segment.carrier.logoURL, segment.operatingCarrier?.logoURL].compactMap({ $0 })
                where !WebLink.isWebLink(logo) {
                    fail(.timesAndLinks, "has a carrier logo that is not a web link on \(flight)")
                }
                for time in [segment.departure, segment.arrival].compactMap({ $0 }) where !isSane(time) {
                    fail(.timesAndLinks, "has a time on \(flight) outside the years \(saneYearsText)")
                }
                if let leaves = segment.departure?.utc, let lands = segment.arrival?.utc, lands < leaves {
                    fail(.timesAndLinks, "lands before it leaves on \(flight)")
                }
            }
        }
        return findings
    }

    /// Checks the invariants of airline records.
    /// - Parameter records: the records a provider returned.
    /// - Returns: what is wrong with them, each finding naming its record.
    public static func recordFindings(_ records: [AirlineRecord]) -> [Finding] {
        var findings: [Finding] = []
        for record in records {
            if record.name.trimmingCharacters(in: .whitespaces).isEmpty {
                findings.append(Finding(.offers, "record \(record.id) has no name"))
            }
            if let iata = record.iata,
                !(iata.count == 2 && iata.allSatisfy({ $0.isASCII && ($0.isUppercase || $0.isNumber) }))
            {
                findings.append(
                    Finding(
                        .offers,
                        "record \(record.id) has the IATA code \(PrintableText.excerpt(iata, limit: 10)), not two characters"
                    ))
            }
            if let image = record.imageURL, !WebLink.isWebLink(image) {
                findings.append(
                    Finding(
                        .timesAndLinks,
                        "record \(record.id)'s logo is not a web link: \(PrintableText.excerpt(image.absoluteString, limit: 60))"
                    ))
            }
        }
        return findings
    }

    // MARK: - Checks that search again

    private func stableIDFindings(
        _ provider: any OfferProvider, query: SearchQuery, first: ProviderResponse
    ) async -> [Finding] {
        let id = provider.descriptor.id
        // The same offer twice is an exact repeat, which the runner drops; two different offers under one id
        // would be dropped as one.
        var distinct: [String: [Offer]] = [:]
        var order: [String] = []
        for offer in first.offers where !(distinct[offer.id] ?? []).contains(offer) {
            if distinct[offer.id] == nil { order.append(offer.id) }
            distinct[offer.id, default: []].append(offer)
        }
        var findings = order.compactMap { offer -> Finding? in
            guard let count = distinct[offer]?.count, count > 1 else { return nil }
            return Finding(.stableIDs, "\(id): the id \(offer) is given to \(count) different offers")
        }
        do {
            let second = try await provider.search(query, using: client(for: provider.descriptor))
            if second.offers.map(\.id) != first.offers.map(\.id) {
                let changed = zip(first.offers.map(\.id), second.offers.map(\.id)).first { $0 != $1 }
                let detail =
                    changed.map { "offer \($0) came back as \($1)" }
                    ?? "\(first.offers.count) offers came back as \(second.offers.count)"
                findings.append(Finding(.stableIDs, "\(id): ids differ between two runs: \(detail)"))
            }
        } catch {
            findings.append(Finding(.stableIDs, "\(id): the second sample search failed: \(Self.describe(error))"))
        }
        return findings
    }

    private func livePathFindings(
        _ provider: any OfferProvider, query: SearchQuery, baseline: [String]
    ) async -> [Finding] {
        let id = provider.descriptor.id
        do {
            let live = try await provider.search(
                query, using: client(for: provider.descriptor, servedOver: Self.standInURL))
            guard live.offers.map(\.id) != baseline else { return [] }
        } catch  where error.code == .unauthorized {
            return [Finding(.livePaths, "\(id): signing in failed: \(error.message)")]
        } catch {}
        return [Finding(.livePaths, "\(id): live requests do not ask for the paths the samples are named after")]
    }

    /// Runs the provider under ``probeID`` and expects every offer to name that id as its source.
    private func anyIDFindings(_ provider: any OfferProvider, query: SearchQuery) async -> [Finding] {
        let descriptor = provider.descriptor
        do {
            let response = try await provider.search(query, using: client(for: descriptor, id: Self.probeID))
            return response.offers.filter { $0.sources.contains { $0.provider != Self.probeID } }.map { offer in
                Finding(
                    .anyProviderID,
                    "\(descriptor.id): offer \(offer.id) names \(offer.sources.map(\.provider.rawValue)) as its source, "
                        + "not the client's provider id; use client.provider")
            }
        } catch {
            return [
                Finding(.anyProviderID, "\(descriptor.id): run as \(Self.probeID), it failed: \(Self.describe(error))")
            ]
        }
    }

    /// Changes every value of the descriptor's per-request keys in the samples and expects the same ids.
    private func perRequestFindings(
        _ provider: any OfferProvider, query: SearchQuery, baseline: ProviderResponse
    ) async -> [Finding] {
        let descriptor = provider.descriptor
        let keys = descriptor.samples.perRequestKeys
        guard !keys.isEmpty else { return [] }
        let altered = descriptor.samples.responses.bodies.mapValues { body in
            SampleEditor.replacingValues(of: keys, in: body) { value in
                value.hasPrefix("\"") ? "\"\(value.dropFirst().dropLast())-next-request\"" : value + "1"
            }
        }
        let after: [String]
        do {
            after = try await provider.search(query, using: client(for: descriptor, serving: altered)).offers.map(\.id)
        } catch {
            return [
                Finding(
                    .perRequestValues,
                    "\(descriptor.id): with the per-request values changed, the search failed: \(Self.describe(error))")
            ]
        }
        let before = baseline.offers.map(\.id)
        for (index, id) in before.enumerated() where index >= after.count || after[index] != id {
            return [
                Finding(
                    .perRequestValues,
                    "\(descriptor.id): offer \(id) changed its id to \(index < after.count ? after[index] : "nothing") "
                        + "when the service's per-request values (\(keys.sorted().joined(separator: ", "))) changed; "
                        + "derive ids from the trip's content")
            ]
        }
        guard after.count == before.count else {
            return [Finding(.perRequestValues, "\(descriptor.id): \(after.count - before.count) more offers came back")]
        }
        return []
    }

    /// Sets the first price in each sample to zero, then to a negative amount, and expects that record
    /// to be skipped and counted.
    private func nonPositivePriceFindings(
        _ provider: any OfferProvider, query: SearchQuery, baseline: ProviderResponse
    ) async -> [Finding] {
        let descriptor = provider.descriptor
        let keys = descriptor.samples.priceKeys
        guard !keys.isEmpty else { return [] }
        var findings: [Finding] = []
        for name in await askedSamples(provider, query: query).sorted() {
            guard let body = descriptor.samples.responses.bodies[name],
                SampleEditor.firstValue(of: keys, in: body) != nil
            else { continue }
            for replacement in ["0", "-5"] {
                let edited = SampleEditor.replacingValues(of: keys, in: body, limit: 1) { value in
                    value.hasPrefix("\"") ? "\"\(replacement)\"" : replacement
                }
                var bodies = descriptor.samples.responses.bodies
                bodies[name] = edited
                let key = SampleEditor.firstKey(of: keys, in: body) ?? "?"
                let others = keys.subtracting([key]).sorted()
                let record =
                    "the first record of '\(name)' whose '\(key)' is \(replacement)"
                    + (others.isEmpty
                        ? ""
                        : " (only '\(key)' was changed; \(others.map { "'\($0)'" }.joined(separator: ", ")) "
                            + (others.count == 1 ? "kept its value)" : "kept theirs)"))
                let response: ProviderResponse
                do {
                    response = try await provider.search(query, using: client(for: descriptor, serving: bodies))
                } catch {
                    findings.append(
                        Finding(
                            .nonPositivePrices,
                            "\(descriptor.id): with \(record), the search failed: \(Self.describe(error))"))
                    continue
                }
                for offer in response.offers where offer.price.amount <= 0 {
                    findings.append(
                        Finding(
                            .nonPositivePrices,
                            "\(descriptor.id): offer \(offer.id) has the price \(offer.price); \(record) must be skipped"
                        ))
                }
                if response.skipped <= baseline.skipped {
                    findings.append(
                        Finding(
                            .nonPositivePrices,
                            "\(descriptor.id): \(record) is not counted as skipped (\(response.skipped), before \(baseline.skipped))"
                        ))
                }
                if response.offers.count >= baseline.offers.count {
                    findings.append(Finding(.nonPositivePrices, "\(descriptor.id): \(record) still gives an offer"))
                }
            }
        }
        return findings
    }

    /// Serves each malformed body for every request, then each sample cut in half for its own request,
    /// and expects either a response in which `sane` finds nothing wrong or a ``ProviderError``, never
    /// anything else.
    private func malformedInputFindings(
        _ provider: any OfferProvider, query: SearchQuery, what: String, sane: (ProviderResponse) -> String?
    ) async -> [Finding] {
        let descriptor = provider.descriptor
        let samples = descriptor.samples.responses.bodies
        let asked = await askedSamples(provider, query: query)
        let cases =
            Self.malformedBodies.map { body in (body, nil as String?) }
            + samples.filter { asked.contains($0.key) }.sorted { $0.key < $1.key }.map { name, sample in
                (String(sample.prefix(sample.count / 2)), name)
            }
        var findings: [Finding] = []
        for (body, only) in cases {
            var bodies = samples
            for key in bodies.keys where only == nil || key == only { bodies[key] = body }
            let label = "body \(body.prefix(30).debugDescription)\(only.map { " for '\($0)'" } ?? "")"
            do {
                let response = try await provider.search(query, using: client(for: descriptor, serving: bodies))
                if let wrong = sane(response) {
                    findings.append(
                        Finding(.malformedInput, "\(descriptor.id): \(label) yields nonsense \(what): \(wrong)"))
                }
            } catch {
                // The expected outcome for a body that cannot be read: the contract's typed throws make it a
                // ProviderError.
            }
        }
        return findings
    }

    // MARK: - Clients

    /// The names of the samples the query is answered from: a sample named for another request's parameters
    /// never answers it, so editing it would prove nothing.
    private func askedSamples(_ provider: any OfferProvider, query: SearchQuery) async -> Set<String> {
        let descriptor = provider.descriptor
        let samples = AskedSamples(provider: descriptor.id, samples: descriptor.samples.responses)
        let client = ProviderClient(
            provider: descriptor.id, endpoint: samples, requestTimeout: deadline, now: now,
            deadline: ContinuousClock.now.advanced(by: deadline))
        _ = try? await provider.search(query, using: client)
        return samples.names
    }

    /// A client serving the given bodies (the descriptor's samples by default), embedded or, with
    /// `servedOver`, as a live endpoint at that URL that signs in as the first live service does, with
    /// stand-in credentials; each with the check's deadline from now.
    private func client(
        for descriptor: ProviderDescriptor, id: ProviderID? = nil, serving bodies: [String: String]? = nil,
        servedOver: URL? = nil
    ) -> ProviderClient {
        let samples = bodies.map(EmbeddedResponses.init) ?? descriptor.samples.responses
        let provider = id ?? descriptor.id
        let endpoint: any ProviderEndpoint
        if let servedOver {
            let service = descriptor.live.first
            let signIn = service?.signIn ?? .none
            // An MCP server's samples answer its tool calls, named by the tool.
            let isMCP = service.map { if case .mcp = Endpoint($0) { true } else { false } } ?? false
            var transport: any HTTPTransport = SampleServingTransport(
                samples: samples, signIn: signIn, toolCalls: isMCP)
            switch signIn {
            case .none: break
            case .header, .bearer, .queryParameter:
                transport = SignInTransport(transport, signIn: signIn, key: "conformance-stand-in-key")
            case .oauth2(let grant):
                transport = SignInTransport(
                    transport,
                    session: OAuth2Session(
                        provider: provider, grant: grant, clientID: "conformance-client",
                        clientSecret: "conformance-secret", now: now))
            }
            if isMCP {
                endpoint = MCPEndpoint(
                    provider: provider, url: servedOver, transport: transport,
                    fixedHeaders: service?.fixedHeaders ?? [:],
                    credentials: signIn.credentials, requestTimeout: deadline)
            } else {
                endpoint = HTTPEndpoint(
                    provider: provider, base: servedOver, transport: transport,
                    fixedHeaders: service?.fixedHeaders ?? [:], credentials: signIn.credentials,
                    requestTimeout: deadline)
            }
        } else {
            endpoint = EmbeddedEndpoint(provider: provider, samples: samples)
        }
        return ProviderClient(
            provider: provider, endpoint: endpoint, requestTimeout: deadline, now: now,
            deadline: ContinuousClock.now.advanced(by: deadline))
    }

    // MARK: - Wording

    /// Values that occur more than once, with their counts, in order of first appearance.
    static func repeats(_ values: [some Hashable & CustomStringConvertible]) -> [(String, Int)] {
        var counts: [String: Int] = [:]
        var order: [String] = []
        for value in values.map(\.description) {
            if counts[value] == nil { order.append(value) }
            counts[value, default: 0] += 1
        }
        return order.compactMap { value in counts[value].flatMap { $0 > 1 ? (value, $0) : nil } }
    }

    static func isSane(_ time: FlightTime) -> Bool {
        if let local = time.local, !LocalDateTime.saneYears.contains(local.date.year) { return false }
        if let utc = time.utc, LocalDateTime(utc: utc) == nil { return false }
        return true
    }

    static let saneYearsText = "\(LocalDateTime.saneYears.lowerBound)–\(LocalDateTime.saneYears.upperBound)"

    static func describe(_ error: any Error) -> String {
        if let error = error as? ProviderError { return "\(error.code): \(error.message)" }
        return "\(type(of: error)): \(error)"
    }

    /// `3 ms`, `1.5 s`, `10 s`.
    static func format(_ duration: Duration) -> String {
        let milliseconds = duration.inMilliseconds
        if milliseconds < 1000 { return "\(milliseconds) ms" }
        if milliseconds % 1000 == 0 { return "\(milliseconds / 1000) s" }
        return String(format: "%.1f s", Double(milliseconds) / 1000)
    }
}
