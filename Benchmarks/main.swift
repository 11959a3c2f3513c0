// Release-mode benchmarks: `swift run -c release AggregateBenchmarks [offers]`, or `… process [options]` for
// whole `aggregate` processes on large responses (see ProcessBenchmark.swift), or `… generate ITINERARIES FILE`
// for one such response alone (side_by_side.py compares two builds on it).
// Not part of `swift test`: timings belong here, where the build is optimised and nothing else runs.
import AggregatorCore
import Aviasales
import Foundation
import Kiwi
import ProviderKit

if CommandLine.arguments.dropFirst().first == "serve" {
    exit(await ServeBenchmark.run(arguments: Array(CommandLine.arguments.dropFirst(2))))
}
if CommandLine.arguments.dropFirst().first == "generate" {
    exit(GenerateCommand.run(arguments: Array(CommandLine.arguments.dropFirst(2))))
}
if CommandLine.arguments.dropFirst().first == "process" {
    exit(ProcessBenchmark.run(arguments: Array(CommandLine.arguments.dropFirst(2))))
}

/// A provider that returns prepared offers, so the pipeline is measured without decoding.
struct PreparedProvider: OfferProvider {
    let descriptor: ProviderDescriptor
    let offers: [Offer]

    init(id: ProviderID, offers: [Offer]) {
        descriptor = ProviderDescriptor(
            id: id, displayName: id.rawValue, summary: "Prepared offers.", categories: [.flights],
            capabilities: [.dates], samples: ProviderSamples(EmbeddedResponses([:])))
        self.offers = offers
    }

    func search(_ query: SearchQuery, using client: ProviderClient) async throws(ProviderError) -> ProviderResponse {
        ProviderResponse(offers: offers)
    }
}

/// `count` one-way flights from one provider; every second one is also sold by the other provider,
/// in roubles and without a flight number, so that merging takes the approximate path.
func syntheticOffers(count: Int) -> (euros: [Offer], roubles: [Offer]) {
    let airports = ["VIE", "AMS", "BCN", "ZRH", "MUC", "CDG", "LHR", "FCO", "MAD", "PRG"]
    let carriers = ["OS", "KL", "VY", "LX", "LH", "AF", "BA", "AZ", "IB", "OK"]
    let retrieved = Date(timeIntervalSince1970: 1_790_000_000)
    var euros: [Offer] = []
    var roubles: [Offer] = []
    euros.reserveCapacity(count)
    roubles.reserveCapacity(count / 2)
    for index in 0..<count {
        let from = airports[index % airports.count]
        let to = airports[(index / airports.count + 1 + index) % airports.count]
        let carrier = carriers[(index / 7) % carriers.count]
        let minutes = Int64(29_000_000 + index * 5)
        let local = LocalDateTime(localEpochSeconds: minutes * 60)
        let utc = Date(timeIntervalSince1970: TimeInterval(minutes * 60 - 3600))
        let segment = Segment(
            carrier: Carrier(code: carrier), flightNumber: "\(1000 + index)", origin: Place(airport: from, city: from),
            destination: Place(airport: to, city: to), departure: FlightTime(local: local, utc: utc),
            arrival: FlightTime(local: nil, utc: utc.addingTimeInterval(TimeInterval(60 * (90 + index % 120)))))
        let reference = "e\(index)"
        euros.append(
            Offer(
                id: "e-\(index)", product: .flight(Itinerary(legs: [Leg(segments: [segment])])), priceBasis: .total,
                source: OfferSource(
                    provider: "euros", reference: reference, price: Money(Decimal(50 + index % 400), .eur),
                    retrievedAt: retrieved)))
        if index % 2 == 0 {
            var copy = segment
            copy.flightNumber = nil
            copy.departure = FlightTime(local: local)
            copy.origin = Place(city: from)
            copy.destination = Place(city: to)
            roubles.append(
                Offer(
                    id: "r-\(index)", product: .flight(Itinerary(legs: [Leg(segments: [copy])])), priceBasis: .total,
                    source: OfferSource(
                        provider: "roubles", reference: "r\(index)", price: Money(Decimal(5000 + index % 40_000), .rub),
                        retrievedAt: retrieved)))
        }
    }
    return (euros, roubles)
}

/// The answers of the two providers of `syntheticOffers(count:)`, held by nobody else.
func syntheticRuns(count: Int) -> [ProviderRun] {
    let (euros, roubles) = syntheticOffers(count: count)
    return [
        ProviderRun(
            outcome: ProviderOutcome(provider: "euros", status: .ok, offerCount: euros.count),
            response: ProviderResponse(offers: euros)),
        ProviderRun(
            outcome: ProviderOutcome(provider: "roubles", status: .ok, offerCount: roubles.count),
            response: ProviderResponse(offers: roubles)),
    ]
}

/// The processor time the calling thread has used, in seconds: unlike the wall clock, it leaves out time the
/// thread waited while a virtual machine's host ran something else.
func threadProcessorTime() -> Double {
    var time = timespec()
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &time)
    return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
}

/// The processor time every thread of the process has used, in seconds: what work on both cores costs,
/// which a machine busy with something else inflates far less than the wall clock.
func processProcessorTime() -> Double {
    var usage = rusage()
    #if canImport(Glibc)
        getrusage(__rusage_who_t(RUSAGE_SELF.rawValue), &usage)
    #else
        getrusage(RUSAGE_SELF, &usage)
    #endif
    let user = Double(usage.ru_utime.tv_sec) + Double(usage.ru_utime.tv_usec) / 1e6
    let system = Double(usage.ru_stime.tv_sec) + Double(usage.ru_stime.tv_usec) / 1e6
    return user + system
}

/// The median processor time of every `median(runs:_:)` so far, in the order run, in milliseconds.
nonisolated(unsafe) var processorMedians: [Double] = []

/// Runs `body` `runs` times and returns the median wall time in milliseconds; the median processor time of
/// all threads is appended to ``processorMedians``.
func median(runs: Int, _ body: () async throws -> Void) async rethrows -> Double {
    let clock = ContinuousClock()
    var samples: [Double] = []
    var processor: [Double] = []
    for _ in 0..<runs {
        let start = clock.now
        let processorStart = processProcessorTime()
        try await body()
        let elapsed = clock.now - start
        processor.append((processProcessorTime() - processorStart) * 1000)
        samples.append(elapsed.inSeconds * 1000)
    }
    processorMedians.append(processor.sorted()[processor.count / 2])
    return samples.sorted()[samples.count / 2]
}

/// A Kiwi response with `count` itineraries, made by repeating the embedded sample's records with new ids.
/// Offer ids derive from the trip's content, so each repetition is made another trip (a higher price, other
/// flight numbers): otherwise every repetition would be dropped as a repeat of the first.
func kiwiResponse(count: Int) throws -> String {
    let sample = KiwiProvider().descriptor.samples.responses.bodies["search"] ?? "{}"
    guard var root = try JSONSerialization.jsonObject(with: Data(sample.utf8)) as? [String: Any],
        let records = root["data"] as? [[String: Any]], !records.isEmpty
    else { return sample }
    root["data"] = (0..<count).map { index -> [String: Any] in
        let repetition = index / records.count
        var record = records[index % records.count]
        record["id"] = "bench\(index)"
        if let price = record["price"] as? NSNumber { record["price"] = price.doubleValue + Double(repetition) }
        if var conversion = record["conversion"] as? [String: Any] {
            for (currency, amount) in conversion {
                if let amount = amount as? NSNumber { conversion[currency] = amount.doubleValue + Double(repetition) }
            }
            record["conversion"] = conversion
        }
        if var route = record["route"] as? [[String: Any]] {
            for segment in route.indices {
                if let number = route[segment]["flight_no"] as? NSNumber {
                    route[segment]["flight_no"] = number.intValue + 10_000 * (repetition % 100)
                }
            }
            record["route"] = route
        }
        return record
    }
    return String(decoding: try JSONSerialization.data(withJSONObject: root), as: UTF8.self)
}

// `AggregateBenchmarks pipeline [offers]` runs only the pipeline sections (3 and 4), for profiling it.
let pipelineOnly = CommandLine.arguments.dropFirst().first == "pipeline"
let countArgument = CommandLine.arguments.dropFirst(pipelineOnly ? 2 : 1).first
let offerCount = countArgument.flatMap(Int.init) ?? 100_000
print("aggregate benchmarks (release build), \(ProcessInfo.processInfo.activeProcessorCount) cores")

// 1. The embedded first run: kiwi and aviasales, decoded, converted, merged and ranked.
if !pipelineOnly {
    let embedded = try Aggregator(providers: [KiwiProvider(), AviasalesProvider()])
    let embeddedMedian = await median(runs: 50) { _ = await embedded.search(SearchQuery()) }
    print(String(format: "embedded search (kiwi + aviasales, 18 offers):        %8.2f ms median of 50", embeddedMedian))

    // 2. Decoding a large Kiwi response.
    for count in [1_000, 10_000] {
        let body = try kiwiResponse(count: count)
        let provider = KiwiProvider()
        let client = ProviderClient(
            provider: "kiwi", endpoint: EmbeddedEndpoint(provider: "kiwi", samples: EmbeddedResponses(["search": body]))
        )
        var mapped = 0
        let time = try await median(runs: 5) {
            mapped = try await provider.search(SearchQuery(), using: client).offers.count
        }
        print(
            String(
                format: "kiwi decode + map, %6d itineraries (%5.1f MB):       %8.2f ms median of 5 (%d offers)", count,
                Double(body.utf8.count) / 1_048_576, time, mapped))
    }
}

// 3. The pipeline alone at scale: conversion, filters, merge, rank.
for count in [10_000, offerCount] {
    let (euros, roubles) = syntheticOffers(count: count)
    let aggregator = try Aggregator(
        providers: [PreparedProvider(id: "euros", offers: euros), PreparedProvider(id: "roubles", offers: roubles)])
    var merged = 0
    let time = await median(runs: 5) {
        let result = await aggregator.search(SearchQuery(sort: .best))
        merged = result.matched
    }
    print(
        String(
            format: "pipeline, %7d + %7d offers, sort best:           %8.2f ms median of 5 (%d after merge)",
            euros.count, roubles.count, time, merged))
    // The same answers given straight to the pipeline, as a search hands them over: freshly decoded, held by
    // nobody else. What the search adds around it (fan-out, screening) is the difference; the prepared
    // providers above share their offers with every search, so the pipeline copies each offer it changes.
    let pipeline = SearchPipeline()
    var pipelineSamples: [Double] = []
    var processorSamples: [Double] = []
    var allProcessorSamples: [Double] = []
    for _ in 0..<5 {
        let runs = syntheticRuns(count: count)
        let start = ContinuousClock.now
        let processorStart = threadProcessorTime()
        let allProcessorStart = processProcessorTime()
        let result = pipeline.run(consume runs, query: SearchQuery(sort: .best))
        processorSamples.append((threadProcessorTime() - processorStart) * 1000)
        allProcessorSamples.append((processProcessorTime() - allProcessorStart) * 1000)
        pipelineSamples.append((ContinuousClock.now - start).inSeconds * 1000)
        merged = result.matched
    }
    let pipelineTime = pipelineSamples.sorted()[pipelineSamples.count / 2]
    let processorTime = processorSamples.sorted()[processorSamples.count / 2]
    let allProcessorTime = allProcessorSamples.sorted()[allProcessorSamples.count / 2]
    print(
        String(
            format:
                "SearchPipeline.run only, %7d + %7d offers:       %8.2f ms median of 5, %.0f ms at best (%d after merge; %.0f ms on the thread's processor, %.0f ms on all threads')",
            euros.count, roubles.count, pipelineTime, pipelineSamples.min() ?? 0, merged, processorTime,
            allProcessorTime))
}

// 4. Where the pipeline's time goes, stage by stage.
do {
    let (euros, roubles) = syntheticOffers(count: offerCount)
    let all = euros + roubles
    let query = SearchQuery(sort: .best)
    let converter = CurrencyConverter(rates: .embedded, target: .eur)
    var converted: [Offer] = []
    var filtered: [Offer] = []
    var merged: [Offer] = []
    let convertTime = await median(runs: 3) { converted = converter.convert(all) }
    let filterTime = await median(runs: 3) { filtered = OfferFilter(query: query).apply(converted) }
    let mergeTime = await median(runs: 3) { merged = OfferMerger().merge(filtered) }
    let rankTime = await median(runs: 3) { _ = OfferRanker(sort: .best).rank(merged) }
    print(
        String(
            format: "stages for %d offers: convert %.0f ms, filter %.0f ms, merge %.0f ms, rank %.0f ms", all.count,
            convertTime, filterTime, mergeTime, rankTime))
    let stageProcessor = processorMedians.suffix(4).map { String(format: "%.0f ms", $0) }
    print(
        "  on all threads' processors: convert \(stageProcessor[0]), filter \(stageProcessor[1]), "
            + "merge \(stageProcessor[2]), rank \(stageProcessor[3])")
    // The stages with nothing to do for this query (one adult, no bags, no airline records, no favourites)
    // should cost next to nothing; the carrier names are learnt from every offer for the airline filters.
    let party = PartyPricing(party: query.passengers)
    let bags = BagPricing(bags: query.bags, party: query.passengers, converter: converter)
    let directory = AirlineDirectory()
    let favorites = FavoriteCarriers([])
    let partyTime = await median(runs: 3) { _ = party.price(all) }
    let bagsTime = await median(runs: 3) { _ = bags.price(converted) }
    let enrichTime = await median(runs: 3) { _ = favorites.tag(directory.enrich(converted), directory: directory) }
    let namesTime = await median(runs: 3) { _ = CarrierNames(directory: directory, offers: converted) }
    print(
        String(
            format: "idle stages for %d offers: party %.0f ms, bags %.0f ms, enrich %.0f ms, carrier names %.0f ms",
            all.count, partyTime, bagsTime, enrichTime, namesTime))
}
