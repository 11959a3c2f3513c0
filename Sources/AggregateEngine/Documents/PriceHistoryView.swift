import AggregatorCore
import Foundation
import ProviderKit

/// What `aggregate history` shows of a watch's history, for the table, JSON, CSV, the chart and the MCP
/// tool alike: every run, and each seller's prices over time for the watch's cheapest trips (or one trip).
///
/// Rules:
/// - The trips are those of the last run, cheapest first, then those the last run did not see, by their
///   last price; at most `limit` of them. With a trip id, that trip alone.
/// - A trip's sellers are in the order of their ids, so that a seller keeps its colour from chart to
///   chart; each seller's prices are in the order of the runs.
/// - A trip is described as its latest record describes it.
package struct PriceHistoryView: Sendable {
    /// One price of one seller.
    package struct Point: Sendable {
        /// The run that saw it.
        package var run: String
        /// When.
        package var at: Date
        /// The record.
        package var record: PriceRecord

        /// Creates the value from each of its properties, as the memberwise initializer does.
        package init(run: String, at: Date, record: PriceRecord) {
            self.run = run
            self.at = at
            self.record = record
        }
    }

    /// One seller of a trip, and its prices over time.
    package struct Seller: Sendable {
        package var provider: ProviderID
        package var points: [Point]

        /// Creates the value from each of its properties, as the memberwise initializer does.
        package init(provider: ProviderID, points: [Point]) {
            self.provider = provider
            self.points = points
        }
    }

    /// One trip and its sellers.
    package struct Trip: Sendable {
        /// The trip's id.
        package var id: String
        /// Its latest record, for its description.
        package var latest: PriceRecord
        /// Its sellers, by id.
        package var sellers: [Seller]

        /// The converted prices of every seller, for a common scale.
        package var convertedPrices: [Money] { sellers.flatMap { $0.points.compactMap(\.record.converted) } }

        /// Creates the value from each of its properties, as the memberwise initializer does.
        package init(id: String, latest: PriceRecord, sellers: [Seller]) {
            self.id = id
            self.latest = latest
            self.sellers = sellers
        }
    }

    /// The watch's name.
    package var watch: String
    /// The currency of the converted prices: the last run's.
    package var currency: CurrencyCode?
    /// Every run, oldest first, without their prices.
    package var runs: [HistoryRun]
    /// The trips shown.
    package var trips: [Trip]
    /// Lines of the file that were not records.
    package var corruptLines: Int
    /// Records of runs that never finished.
    package var unfinishedRecords: Int

    /// The view of a history.
    /// - Parameters:
    ///   - watch: the watch's name.
    ///   - reading: the history as read.
    ///   - trip: one trip to show, or `nil` for the cheapest.
    ///   - limit: how many trips at most.
    package init(watch: String, reading: PriceHistoryReading, trip: String?, limit: Int) {
        self.watch = watch
        currency = reading.runs.last?.currency
        corruptLines = reading.corruptLines
        unfinishedRecords = reading.unfinishedRecords
        runs = reading.runs.map { run in
            var bare = run
            bare.prices = []
            return bare
        }
        var points: [String: [ProviderID: [Point]]] = [:]
        var latest: [String: (index: Int, record: PriceRecord, price: Money?)] = [:]
        for (index, run) in reading.runs.enumerated() {
            for record in run.prices where trip == nil || record.trip == trip {
                points[record.trip, default: [:]][record.provider, default: []].append(
                    Point(run: run.id, at: run.at, record: record))
                if record.cheapest || latest[record.trip]?.index != index {
                    latest[record.trip] = (index, record, record.converted)
                }
            }
        }
        let last = reading.runs.count - 1
        let ordered = latest.map { (id: $0.key, index: $0.value.index, record: $0.value.record, price: $0.value.price) }
            .sorted { left, right in
                if (left.index == last) != (right.index == last) { return left.index == last }
                switch (left.price, right.price) {
                case (let a?, let b?) where a != b: return a < b
                case (.some, nil): return true
                case (nil, .some): return false
                default: return left.id < right.id
                }
            }
        trips = ordered.prefix(limit).map { trip in
            let sellers = (points[trip.id] ?? [:]).sorted { $0.key.rawValue < $1.key.rawValue }.map {
                Seller(provider: $0.key, points: $0.value)
            }
            return Trip(id: trip.id, latest: trip.record, sellers: sellers)
        }
    }
}
