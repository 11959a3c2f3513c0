import AggregateEngine
import AggregatorCore
import CommandLineParsing
import Foundation
import HTTPServer
import ProviderKit
import Watches

/// The watches page: the server's watches with their last run, and for one watch (`?name=`) its last
/// run's events, its runs, and each seller's price over time per trip as the chart of `history --chart`,
/// with the watch's `--below` limit drawn. The history comes from the typed answer of `history`.
package struct WatchesPage {
    /// The environment, for the folder the watches are kept in.
    package let context: CommandContext

    /// The page for a request's parameters.
    /// - Parameters:
    ///   - parameters: `name` for one watch, `limit` for how many trips; none for the list.
    ///   - shell: the frame.
    /// - Returns: the response.
    package func response(parameters: [(name: String, value: String)], shell: WebPage.Shell) async -> ServerResponse {
        guard let folder = UserFolders(environment: context.environment).data else {
            return page(
                404, WebPage.errorBox("error: cannot tell where watches are kept; set XDG_DATA_HOME or HOME."), shell)
        }
        let store = WatchStore(folder: folder)
        let snapshot: WatchStore.Snapshot
        do {
            snapshot = try store.list()
        } catch {
            return page(500, WebPage.errorBox("error: \(error.message)"), shell)
        }
        guard let name = parameters.last(where: { $0.name == "name" })?.value else {
            return page(200, list(snapshot, store: store), shell)
        }
        guard let watch = snapshot.watch(named: name) else {
            let known = snapshot.watches.map(\.name)
            return page(
                404,
                WebPage.errorBox(
                    "error: there is no watch named \(PrintableText.excerpt(name, limit: 40)); "
                        + (known.isEmpty
                            ? "add one with 'aggregate watch add'" : "the watches are \(known.joined(separator: ", "))")
                        + "."),
                shell, title: "Watch")
        }
        var given: [GivenOption] = []
        if let limit = parameters.last(where: { $0.name == "limit" })?.value,
            let spec = HistoryCommand.configuration.options.first(where: { $0.key == .limit })
        {
            given.append(GivenOption(spec: spec, value: limit))
        }
        let answer: CommandAnswer<HistoryOutput>
        do throws(UsageError) {
            let options = try ParsedOptions(given: given, positional: [watch.name], command: "history")
            let command = try HistoryCommand(options: options, context: context)
            answer = await command.answer(progress: nil)
        } catch {
            return page(400, WebPage.errorBox(error.description), shell, title: watch.name)
        }
        guard let view = answer.output?.view else {
            return page(500, answer.errorLines.map(WebPage.errorBox).joined(), shell, title: watch.name)
        }
        return page(200, detail(watch, view: view, store: store, notices: answer.notices), shell, title: watch.name)
    }

    private func page(
        _ status: Int, _ body: String, _ shell: WebPage.Shell, title: String = "Watches"
    )
        -> ServerResponse
    {
        WebPage.response(
            status, title: title, shell: shell, current: "watches",
            body: WebPage.results(WebPage.Content(summary: title, html: body)))
    }

    /// Every watch, with its search, its limit and its last run.
    private func list(_ snapshot: WatchStore.Snapshot, store: WatchStore) -> String {
        guard !snapshot.watches.isEmpty else {
            return "<p>No watches yet. Add one on the server with <code>aggregate watch add NAME --from VIE --to BCN "
                + "--below 150</code>; <code>aggregate watch run</code> runs them.</p>"
        }
        var html = "<div class=\"table-wrap\"><table class=\"watches\"><thead><tr><th scope=\"col\">Watch</th>"
        html +=
            "<th scope=\"col\">Search</th><th scope=\"col\" class=\"num\">Below</th><th scope=\"col\">Last run</th>"
            + "<th scope=\"col\" class=\"num\">Lowest</th></tr></thead><tbody>"
        for watch in snapshot.watches {
            let last = try? store.history(of: watch.name).lastRun()
            html +=
                "<tr><th scope=\"row\"><a href=\"/watches?\(HTML.escaped(HTML.query([("name", watch.name)])))\">"
                + "\(HTML.escaped(watch.name))</a></th><td>\(HTML.escaped(watch.summary))</td>"
                + "<td class=\"num\">\(HTML.escaped(watch.limit?.description ?? "–"))</td>"
                + "<td>\(HTML.escaped(last.map { HistoryRenderer.localTime($0.at) } ?? "never"))</td>"
                + "<td class=\"num\">\(HTML.escaped(last?.cheapest?.description ?? "–"))</td></tr>"
        }
        html += "</tbody></table></div>\n"
        for warning in snapshot.warnings { html += "<p class=\"muted\">\(HTML.escaped("warning: \(warning)"))</p>" }
        return html
    }

    /// One watch: its last run and events, its runs, and the chart.
    private func detail(_ watch: Watch, view: PriceHistoryView, store: WatchStore, notices: [Notice]) -> String {
        var html = "<p><a href=\"/watches\">All watches</a> · \(HTML.escaped(watch.summary))"
        if let limit = watch.limit { html += " · below \(HTML.escaped(limit.description))" }
        html += "</p>\n"
        let recent = (try? store.history(of: watch.name).lastRuns(WatchComparison.lookBack + 1)) ?? []
        if let last = recent.last {
            html += "<h2>Last run</h2>\n<p>\(HTML.escaped(HistoryRenderer.localTime(last.at)))"
            if let low = last.cheapest { html += ": lowest \(HTML.escaped(low.description))" }
            html += "</p>\n"
            html += OfferHTML.sampleBox(
                last.providers.compactMap { provider in
                    provider.sample.map {
                        "\(provider.provider) answered with \($0 == .embedded ? "sample prices" : "its test mode's prices")"
                    }
                })
            let events = Self.events(watch, runs: recent)
            html += "<h2>Events of the last run</h2>\n"
            if events.isEmpty {
                html += "<p>No news: no new low, no price below the limit, no seller changed.</p>\n"
            } else {
                html +=
                    "<ul class=\"events\">"
                    + events.map { "<li>\(HTML.escaped(WatchEventRenderer.line($0)))</li>" }.joined() + "</ul>\n"
            }
        } else {
            html +=
                "<p>\(HTML.escaped(watch.name)) has not run yet; <code>aggregate watch run \(HTML.escaped(watch.name))</code> runs it.</p>\n"
        }
        if !view.runs.isEmpty {
            let chart = PriceChart(view: view, limit: watch.limit).document.text
            let svg = chart.range(of: "<svg").map { String(chart[$0.lowerBound...]) } ?? ""
            html += "<h2>Prices over time</h2>\n<figure class=\"chart\" id=\"chart\">"
            html += svg
            html += "<figcaption>Each seller's price per trip, one panel per trip"
            if let limit = watch.limit {
                html += "; the dashed red line is the limit, \(HTML.escaped(limit.description))"
            }
            html += ".</figcaption></figure>\n"
            html += trips(view)
            html +=
                "<h2>Runs</h2>\n<div class=\"table-wrap\"><table class=\"runs\"><thead><tr><th scope=\"col\">Run</th>"
            html += "<th scope=\"col\" class=\"num\">Lowest</th><th scope=\"col\">Providers</th></tr></thead><tbody>"
            for run in view.runs.suffix(20).reversed() {
                let providers = run.providers.map { provider in
                    "\(provider.provider) \(provider.status.rawValue)" + (provider.sample == nil ? "" : " (sample)")
                }
                html +=
                    "<tr><th scope=\"row\">\(HTML.escaped(HistoryRenderer.localTime(run.at)))</th>"
                    + "<td class=\"num\">\(HTML.escaped(run.low?.description ?? "–"))</td>"
                    + "<td>\(HTML.escaped(providers.joined(separator: ", ")))</td></tr>"
            }
            html += "</tbody></table></div>\n"
        }
        html += OfferHTML.notices(notices)
        return html
    }

    /// The trips of the chart with each seller's latest price, as text beside the picture.
    private func trips(_ view: PriceHistoryView) -> String {
        var html = "<h2>Trips</h2>\n<ul class=\"trips\">"
        for trip in view.trips {
            let sellers = trip.sellers.compactMap { seller -> String? in
                guard let last = seller.points.last else { return nil }
                return "\(seller.provider) \(last.record.converted?.description ?? last.record.price.description)"
            }
            html +=
                "<li><strong>\(HTML.escaped(WatchEventRenderer.trip(trip.latest)))</strong> "
                + "<span class=\"muted\">\(HTML.escaped(trip.id))</span>: \(HTML.escaped(sellers.joined(separator: ", ")))</li>"
        }
        return html + "</ul>\n"
    }

    /// The events of a watch's last run, worked out as the run did: compared with the runs before it, and a
    /// `failed` event for each provider that could not look.
    package static func events(_ watch: Watch, runs: [HistoryRun]) -> [WatchEvent] {
        guard let last = runs.last else { return [] }
        var failures: [WatchEvent] = []
        var unavailable = Set<ProviderID>()
        for provider in last.providers where provider.status.isFailure {
            unavailable.insert(provider.provider)
            failures.append(
                WatchEvent(
                    kind: .failed, watch: watch.name, run: last.id, at: last.at, failedProvider: provider.provider,
                    error: provider.error ?? provider.status.rawValue, errorCode: provider.status.rawValue))
        }
        let snapshot = WatchSnapshot(
            recorded: last, unavailable: unavailable, failures: failures,
            anyAnswered: last.providers.contains { $0.status.answered })
        return failures + WatchComparison(watch: watch).events(recent: Array(runs.dropLast()), snapshot: snapshot)
    }
}
