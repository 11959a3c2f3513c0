import AggregatorCore
import Foundation
import ProviderKit

/// The few sentences a tool result leads with: what was found, the best of it, which providers failed,
/// and which answered with prices that are not real (built-in samples, a service's test mode) — read from the
/// command's own JSON document, so that the words and the structured content always agree.
///
/// Every field is read leniently: a summary never fails, it only says less when a document lacks
/// something (as a newer command's document might).
package enum MCPSummary {
    /// Which document a summary reads.
    package enum Kind: Sendable {
        /// `aggregate.search.v1`.
        case search
        /// `aggregate.compare.v1`.
        case compare
        /// `aggregate.providers.v1`, or `aggregate.providers.check.v1` when the providers were checked.
        case providers
        /// The dates command's document: a `days` list.
        case dates
        /// `aggregate.history.v1`.
        case history
    }

    /// The summary of a document.
    /// - Parameters:
    ///   - kind: which document it is.
    ///   - document: the command's JSON output.
    ///   - names: property names by option name, to word hints in the tool's terms.
    /// - Returns: the summary, or a plain sentence when the document cannot be read.
    package static func text(_ kind: Kind, document: [UInt8], names: [String: String]) -> String {
        let text = try? JSONDocument.read(document) { root -> String in
            switch kind {
            case .search: search(root, names: names)
            case .compare: compare(root)
            case .providers: providers(root)
            case .dates: dates(root)
            case .history: history(root)
            }
        }
        return text ?? "The command's output could not be read."
    }

    // MARK: - Documents

    private static func search(_ root: JSONNode, names: [String: String]) -> String {
        let cars = (try? root["query"]["kind"].string) == "cars"
        let matched = (try? root["matched"].int) ?? 0
        let offers = (try? root["offers"].elements).map(Array.init) ?? []
        // Trips by train, bus or ferry among them make every offer a trip, as the table's SERVICES column does.
        let trips = offers.contains { (try? $0["kind"].string) == "trip" }
        var sentences = [
            count(matched, cars ? "car" : trips ? "trip" : "flight") + " matched"
                + (offers.count < matched ? " (\(offers.count) listed)" : "") + answered(root) + "."
        ]
        let cheapest = offers.first { (try? $0["tags"].elements.contains { (try? $0.string) == "cheapest" }) == true }
        if let offer = cheapest ?? offers.first {
            let sellers = ((try? offer["sources"].elements).map(Array.init) ?? []).map { source in
                let provider = (try? source["provider"].string) ?? "?"
                let price = money(try? source["converted_price"]) ?? money(try? source["price"]) ?? "?"
                return "\(provider) \(price)"
            }
            var sentence = "Cheapest: \(money(try? offer["price"]) ?? "?")"
            if (try? offer["price_basis"].string) == "per_day" { sentence += " a day" }
            sentence += ", " + trip(offer)
            if !sellers.isEmpty { sentence += ", sold by " + sellers.joined(separator: ", ") }
            sentences.append(sentence + ".")
        }
        if matched == 0, let hints = try? root["hints"].elements {
            let drops = hints.compactMap { hint -> String? in
                guard let dropped = try? hint["drop"].elements.compactMap({ try? $0.string }),
                    let brought = try? hint["offers"].int
                else { return nil }
                let properties = dropped.map { MCPWording.replacingOptions(in: $0, names: names) }
                return "without \(properties.joined(separator: " and ")): \(brought)"
            }
            if !drops.isEmpty { sentences.append("Nothing matched; " + drops.joined(separator: ", ") + ".") }
        }
        sentences += failures(root) + samples(root)
        return sentences.joined(separator: " ")
    }

    private static func compare(_ root: JSONNode) -> String {
        var sentences: [String] = []
        let rows = ((try? root["providers"].elements).map(Array.init) ?? []).map { row -> String in
            let id = (try? row["id"].string) ?? "?"
            let status = (try? row["status"].string) ?? "?"
            var text = "\(id) \(status)"
            if let matched = try? row["matched"].int { text += ", \(matched) matched" }
            if let cheapest = money(try? row["cheapest"]) { text += ", cheapest \(cheapest)" }
            if let shared = try? row["shared"].int { text += ", \(shared) shared" }
            return text
        }
        if !rows.isEmpty { sentences.append("Providers: " + rows.joined(separator: "; ") + ".") }
        let sharedTotal = (try? root["shared_total"].int) ?? 0
        sentences.append(count(sharedTotal, "trip") + " sold by more than one provider.")
        if let top = try? root["shared"][0], !top.isMissing {
            var sentence = "Largest difference: "
            sentence += money(try? top["saving"]) ?? "?"
            if let percent = try? top["saving_percent"].numberText { sentence += " (\(percent)%)" }
            if let tripNode = try? top["trip"] { sentence += " on " + trip(tripNode) }
            if let cheapest = try? top["cheapest"].string { sentence += ", cheapest at \(cheapest)" }
            sentences.append(sentence + ".")
        }
        for pair in (try? root["pairs"].elements).map(Array.init) ?? [] {
            guard let first = try? pair["first"].string, let second = try? pair["second"].string,
                let firstCheaper = try? pair["first_cheaper"].int, let secondCheaper = try? pair["second_cheaper"].int
            else { continue }
            sentences.append(
                "\(first) vs \(second): \(first) cheaper \(firstCheaper), \(second) cheaper \(secondCheaper).")
        }
        sentences += failures(root) + samples(root)
        return sentences.joined(separator: " ")
    }

    private static func providers(_ root: JSONNode) -> String {
        // The same command answers a check with another document: each provider's outcome, not its details.
        if (try? root["schema"].string) == "aggregate.providers.check.v1" { return checks(root) }
        let rows = ((try? root["providers"].elements).map(Array.init) ?? []).map { row -> String in
            let id = (try? row["id"].string) ?? "?"
            let offers = (try? row["offers"].elements.compactMap { try? $0.string }) ?? []
            let endpoint = (try? row["endpoint"].string) ?? "?"
            return "\(id) (\(offers.joined(separator: ", ")); endpoint \(endpoint))"
        }
        return count(rows.count, "provider") + ": " + rows.joined(separator: ", ") + "."
    }

    /// `2 providers checked: kiwi failed (cannot connect …), duffel ok (3 offers in 80 ms).`
    private static func checks(_ root: JSONNode) -> String {
        let rows = ((try? root["providers"].elements).map(Array.init) ?? []).map { row -> String in
            let id = (try? row["id"].string) ?? "?"
            let status = (try? row["status"].string) ?? "?"
            var details: [String] = []
            if let error = try? row["error"].string { details.append(error) }
            if status == "ok" || status == "no_results", let offers = try? row["offers"].int {
                details.append(count(offers, "offer") + ((try? row["latency_ms"].int).map { " in \($0) ms" } ?? ""))
            }
            return "\(id) \(status)" + (details.isEmpty ? "" : " (\(details.joined(separator: "; ")))")
        }
        return count(rows.count, "provider") + " checked: " + rows.joined(separator: ", ") + "."
    }

    private static func dates(_ root: JSONNode) -> String {
        var sentences: [String] = []
        if let days = try? root["days"].elements {
            var total = 0
            var priced: [(date: String, price: Money, provider: String?)] = []
            for day in days {
                total += 1
                guard let price = try? moneyValue(day["price"]) else { continue }
                priced.append(((try? day["date"].string) ?? "?", price, try? day["provider"].string))
            }
            var sentence = count(total, "day") + " searched, \(priced.count) with offers"
            let cheapest = priced.min { $0.price < $1.price }
            if let cheapest {
                sentence += "; cheapest: \(cheapest.date) at \(cheapest.price)"
                if let provider = cheapest.provider { sentence += " (\(provider))" }
            }
            sentences.append(sentence + ".")
        } else {
            sentences.append("Done; the result is in the structured content.")
        }
        sentences += failures(root) + samples(root)
        return sentences.joined(separator: " ")
    }

    // MARK: - Parts

    /// ` from 2 of 2 providers (kiwi, aviasales)`: which providers gave an answer, of those that could
    /// (a flight provider in a car search is not counted).
    private static func answered(_ root: JSONNode) -> String {
        guard let outcomes = try? root["providers"].elements else { return "" }
        var all = 0
        var answered: [String] = []
        for outcome in outcomes {
            let status = try? outcome["status"].string
            if status == "unsupported" { continue }
            all += 1
            if status == "ok" || status == "no_results", let id = try? outcome["id"].string { answered.append(id) }
        }
        guard all > 0 else { return "" }
        return " from \(answered.count) of \(all) providers"
            + (answered.isEmpty ? "" : " (\(answered.joined(separator: ", ")))")
    }

    /// One sentence per provider that failed or answered only from the cache, with its error.
    private static func failures(_ root: JSONNode) -> [String] {
        guard let outcomes = try? root["providers"].elements else { return [] }
        var sentences: [String] = []
        for outcome in outcomes {
            guard let id = try? outcome["id"].string, let status = try? outcome["status"].string else { continue }
            let error = try? outcome["error"].string
            if ["timeout", "rate_limited", "blocked", "failed"].contains(status) {
                sentences.append("\(id) failed (\(status))" + (error.map { ": \($0)" } ?? "") + ".")
            } else if (try? outcome["stale"].bool) == true {
                sentences.append("\(id) answered from its cache" + (error.map { " after failing: \($0)" } ?? "") + ".")
            } else if status == "not_asked", let error {
                sentences.append("\(id) \(error).")
            }
        }
        return sentences
    }

    /// `kiwi, aviasales answered from built-in samples, not live prices.`, and `duffel answered in test mode:
    /// not real prices.`: one sentence per kind of sample among the providers that answered (`"sample": true`),
    /// an airline directory that only delivered records left out, since it sells nothing.
    private static func samples(_ root: JSONNode) -> [String] {
        guard let outcomes = try? root["providers"].elements else { return [] }
        var embedded: [String] = []
        var testMode: [String] = []
        for outcome in outcomes {
            guard (try? outcome["sample"].bool) == true, let id = try? outcome["id"].string,
                let status = try? outcome["status"].string, status == "ok" || status == "no_results"
            else { continue }
            let records = (try? outcome["records"].int) ?? 0
            if records > 0, ((try? outcome["offers"].int) ?? 0) == 0 { continue }
            if (try? outcome["sample_kind"].string) == SampleAnswer.testMode.rawValue {
                testMode.append(id)
            } else {
                embedded.append(id)
            }
        }
        var sentences: [String] = []
        if !embedded.isEmpty {
            sentences.append(embedded.joined(separator: ", ") + " answered from built-in samples, not live prices.")
        }
        if !testMode.isEmpty {
            sentences.append(testMode.joined(separator: ", ") + " answered in test mode: not real prices.")
        }
        return sentences
    }

    /// `VIE→BCN departing 2026-12-20T06:40 (VY, 0 stops)`, or `Toyota Corolla (RED)` for a car.
    private static func trip(_ offer: JSONNode) -> String {
        if let brand = try? offer["brand"].string {
            let model = (try? offer["model"].string).map { " \($0)" } ?? ""
            let color = (try? offer["color"].string).map { " (\($0))" } ?? ""
            return brand + model + color
        }
        var origin = (try? offer["origin"].string) ?? "?"
        var destination = (try? offer["destination"].string) ?? "?"
        var modes: [String] = []
        // A trip's ends are stations, named on its segments; the offer's own ends are their ids.
        if (try? offer["kind"].string) == "trip", let segments = try? offer["legs"][0]["segments"].elements {
            let list = Array(segments)
            origin = (try? list.first?["origin_name"].string) ?? origin
            destination = (try? list.last?["destination_name"].string) ?? destination
            for segment in list {
                let mode = (try? segment["mode"].string) ?? "flight"
                if !modes.contains(mode) { modes.append(mode) }
            }
        }
        var text = "\(origin)→\(destination)"
        if let departure = try? offer["departure"].string { text += " departing \(departure)" }
        var details = modes.isEmpty ? [] : [modes.joined(separator: " and ")]
        if let carriers = try? offer["carriers"].elements.compactMap({ try? $0.string }), !carriers.isEmpty {
            details.append(carriers.joined(separator: "/"))
        }
        if let stops = try? offer["stops"].int { details.append(count(stops, "stop")) }
        return details.isEmpty ? text : text + " (\(details.joined(separator: ", ")))"
    }

    /// `169.00 EUR`, from `{"amount": 169, "currency": "EUR"}`.
    private static func money(_ node: JSONNode?) -> String? {
        guard let node, let value = try? moneyValue(node) else { return nil }
        return value.description
    }

    private static func moneyValue(_ node: JSONNode) throws -> Money? {
        guard node.ifPresent != nil, let currency = CurrencyCode(try node["currency"].string) else { return nil }
        return Money(try node["amount"].decimal, currency)
    }

    /// `1 flight`, `14 flights`.
    private static func count(_ number: Int, _ noun: String) -> String {
        "\(number) \(noun)\(number == 1 ? "" : "s")"
    }
}
