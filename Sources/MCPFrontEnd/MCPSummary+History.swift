import AggregatorCore
import Foundation
import ProviderKit

extension MCPSummary {
    /// The summary of `aggregate.history.v1`: how many runs over what time, and each trip's cheapest seller
    /// in the last run.
    package static func history(_ root: JSONNode) -> String {
        let watch = (try? root["watch"].string) ?? "the watch"
        let runs = (try? root["runs"].elements).map(Array.init) ?? []
        guard let first = runs.first, let last = runs.last else {
            return "\(watch) has not run yet: it has no prices."
        }
        let from = (try? first["at"].string) ?? "?"
        let to = (try? last["at"].string) ?? "?"
        let lastRun = (try? last["run"].string) ?? ""
        var sentences = [
            runs.count == 1 ? "\(watch): 1 run, at \(from)." : "\(watch): \(runs.count) runs from \(from) to \(to)."
        ]
        for trip in ((try? root["trips"].elements).map(Array.init) ?? []).prefix(3) {
            let label = [
                (try? trip["route"].string) ?? "", (try? trip["departure"].string) ?? "",
                (try? trip["flights"].string) ?? "",
            ].filter { !$0.isEmpty }.joined(separator: " ")
            var now: [(provider: String, amount: Decimal, text: String)] = []
            for seller in (try? trip["sellers"].elements).map(Array.init) ?? [] {
                let provider = (try? seller["provider"].string) ?? "?"
                guard let point = (try? seller["prices"].elements)?.reversed().first,
                    (try? point["run"].string) == lastRun,
                    let amount = try? point["converted"]["amount"].decimal,
                    let currency = try? point["converted"]["currency"].string
                else { continue }
                now.append((provider, amount, "\(provider) \(amount) \(currency)"))
            }
            if let cheapest = now.min(by: { $0.amount < $1.amount }) {
                sentences.append("\(label): cheapest now \(cheapest.text).")
            } else {
                sentences.append("\(label): not sold in the last run.")
            }
        }
        return sentences.joined(separator: " ")
    }
}
