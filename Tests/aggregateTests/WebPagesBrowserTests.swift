import Foundation
import ProviderTestKit
import Testing

/// The web pages of `aggregate serve` in a real browser: headless Chromium driven through chromedriver,
/// against a built `aggregate serve` on loopback answering from the embedded samples. Each test writes
/// screenshots under `.build/web-screenshots` for a person to look at.
///
/// The tests skip, saying why, where Chromium or chromedriver is not installed (`.ci/run` installs Debian's
/// `chromium` and `chromium-driver`). Chromium resolves no name but loopback's, and every test checks that
/// every resource its pages loaded came from the server.
@Suite(
    "aggregate serve: the web pages in headless Chromium",
    .enabled(
        if: ChromeDriver.isInstalled,
        "needs Chromium and chromedriver: apt-get install chromium chromium-driver"),
    .serialized)
struct WebPagesBrowserTests {
    static let token = "browser-test-token-0123456789abcdef"

    /// The search every test starts from.
    static let search = "/search?from=Vienna&to=BCN&date=2026-12-18"

    /// Runs a body with a driver and a server, ending both whatever happens.
    private static func withBrowser(
        serve arguments: [String] = [], environment: [String: String] = [:],
        _ body: (ChromeDriver, ServeProcess) async throws -> Void
    ) async throws {
        let server = try await ServeProcess.start(arguments: arguments, environment: environment)
        let driver: ChromeDriver
        do {
            driver = try await ChromeDriver.start()
        } catch {
            _ = try? await server.stop()
            throw error
        }
        do {
            try await body(driver, server)
        } catch {
            await driver.stop()
            _ = try? await server.stop()
            throw error
        }
        await driver.stop()
        #expect(try await server.stop() == 0)
    }

    /// Every address the page and its resources were loaded from.
    private static func loadedAddresses(_ browser: BrowserSession) async throws -> [String] {
        let value = try await browser.run(
            "return [location.href].concat(performance.getEntriesByType('resource').map(function (e) { return e.name; }));"
        )
        return value as? [String] ?? []
    }

    private static func expectOnlyLoopback(_ browser: BrowserSession, server: ServeProcess) async throws {
        let addresses = try await loadedAddresses(browser)
        #expect(!addresses.isEmpty)
        for address in addresses {
            #expect(address.hasPrefix(server.baseURL.absoluteString + "/"), "a request left the server: \(address)")
        }
    }

    @Test func signInSearchCompareAndDatesAsAPersonWould() async throws {
        try await Self.withBrowser(environment: ["AGGREGATE_SERVE_TOKEN": Self.token]) { driver, server in
            let browser = try await driver.session()
            let base = server.baseURL.absoluteString
            // A shared search's address leads to the sign-in form, and back to the search after it.
            try await browser.navigate(base + Self.search)
            #expect(try await browser.currentURL().contains("/sign-in?next="))
            try await browser.type(Self.token, into: try await browser.element("#token"))
            try await browser.screenshot("sign-in")
            try await browser.click(try await browser.element("#sign-in"))
            try await browser.waitForText("VY 1815", in: "#results")
            #expect(try await browser.currentURL() == base + Self.search)
            #expect(!(try await browser.source()).contains(Self.token), "the token is never rendered")
            // VY 1815 with every seller, each with its price; the sample prices are marked.
            let offers = try await browser.elements("li.offer")
            var sellers: [String] = []
            for offer in offers where try await browser.text(offer).contains("VY 1815") {
                let table = try await browser.text(offer)
                sellers = ["kiwi", "duffel", "aviasales", "skiplagged"].filter { table.contains($0) }
                break
            }
            #expect(sellers.count >= 2, "VY 1815's sellers: \(sellers)")
            #expect(try await browser.text(try await browser.element("#sample-note")).contains("Not real prices"))
            #expect(!(try await browser.elements("table.outcomes")).isEmpty)
            try await browser.resize(width: 1280, height: 2400)
            try await browser.screenshot("search")
            try await Self.expectOnlyLoopback(browser, server: server)

            // The script loads a new search into the page without reloading it.
            _ = try await browser.run("window.notReloaded = true;")
            let to = try await browser.element("#f-to")
            try await browser.clear(to)
            try await browser.type("Barcelona", into: to)
            let limit = try await browser.element("#f-limit")
            try await browser.type("3", into: limit)
            try await browser.click(try await browser.element("#submit"))
            let deadline = ContinuousClock.now + ChromeDriver.patience
            while ContinuousClock.now < deadline, !(try await browser.currentURL()).contains("limit=3") {
                try await Task.sleep(for: .milliseconds(100))
            }
            #expect(try await browser.currentURL().contains("to=Barcelona"))
            try await browser.waitForText("3 offers", in: "#results")
            #expect(try await browser.run("return window.notReloaded === true;") as? Bool == true)

            // Compare, from the search's own link.
            try await browser.click(try await browser.element("#results a[href^='/compare']"))
            try await browser.waitForText("Providers side by side", in: "#results")
            let providers = try await browser.text(try await browser.element("table.providers"))
            #expect(providers.contains("kiwi") && providers.contains("duffel"), "\(providers)")
            try await browser.screenshot("compare")

            // Dates: the cheapest day, and the grid of departure and return days.
            try await browser.navigate(
                base + "/dates?from=VIE&to=BCN&date=2026-12-17..2026-12-19&return=2026-12-21..2026-12-23")
            try await browser.waitForText("Cheapest:", in: "#results")
            let grid = try await browser.text(try await browser.element("#grid"))
            #expect(grid.contains("cheapest"), "\(grid)")
            #expect(try await browser.elements("#grid tbody tr").count == 3)
            #expect(try await browser.elements("#grid td.best").count == 1)
            try await browser.screenshot("dates")

            // A phone's width: the page fits it without scrolling sideways.
            try await browser.resize(width: 390, height: 844)
            try await browser.navigate(base + Self.search)
            try await browser.waitForText("VY 1815", in: "#results")
            let overflow = try await browser.run(
                "return document.documentElement.scrollWidth - document.documentElement.clientWidth;")
            #expect((overflow as? Int ?? Int.max) <= 0, "the page is wider than a phone: \(overflow ?? "?")")
            try await browser.screenshot("search-phone")
            try await Self.expectOnlyLoopback(browser, server: server)
        }
    }

    @Test func withoutJavaScriptTheResultsAndTheFormStillWork() async throws {
        try await Self.withBrowser { driver, server in
            let browser = try await driver.session(javascript: false)
            let base = server.baseURL.absoluteString
            try await browser.navigate(base + "/search")
            let from = try await browser.element("#f-from")
            try await browser.type("VIE", into: from)
            try await browser.type("BCN", into: try await browser.element("#f-to"))
            try await browser.type("2026-12-18", into: try await browser.element("#f-date"))
            try await browser.click(try await browser.element("#submit"))
            try await browser.waitForText("VY 1815", in: "#results")
            let address = try await browser.currentURL()
            #expect(address.contains("from=VIE") && address.contains("to=BCN") && address.contains("date=2026-12-18"))
            #expect(try await browser.elements("li.offer").count > 1)
            try await browser.screenshot("search-without-javascript")
        }
    }

    @Test func aHostileProvidersNamesRenderAsText() async throws {
        let programs = try ProviderPrograms()
        try programs.add(
            "pyevil",
            search: """
                name = '<script>window.pwned = 1</script><img src=x onerror="window.pwned = 2">'
                emit(offer(1815, 50, carrier="VY", name=name, departs="2026-12-18T12:30", arrives="2026-12-18T15:05"))
                emit({"status": "ok"})
                """)
        try await Self.withBrowser(environment: programs.environment) { driver, server in
            let browser = try await driver.session()
            try await browser.navigate(
                server.baseURL.absoluteString + "/search?from=VIE&to=BCN&date=2026-12-18&providers=pyevil")
            try await browser.waitForText("VY 1815", in: "#results")
            let carriers = try await browser.text(try await browser.element("#results .carriers"))
            #expect(carriers.contains("<script>window.pwned = 1</script>"), "\(carriers)")
            #expect(try await browser.run("return window.pwned === undefined;") as? Bool == true)
            #expect(try await browser.run("return document.scripts.length;") as? Int == 1)
            #expect(try await browser.elements("#results img").isEmpty)
            try await browser.screenshot("hostile-provider")
            try await Self.expectOnlyLoopback(browser, server: server)
        }
    }

    @Test func aWatchsLastRunEventsAndChartWithItsLimit() async throws {
        let home = try WatchHome()
        let service = try ChangingService(
            .json(TravelpayoutsRecording.answer([WatchRunTests.vy1815(HistoryCommandTests.prices[0])])))
        try await WatchRunTests.addWatch(home, "vy", service: service, ["--below", "85"])
        for price in HistoryCommandTests.prices {
            service.answer(with: .json(TravelpayoutsRecording.answer([WatchRunTests.vy1815(price)])))
            let run = try await home.run(["watch", "run"])
            #expect([0, 10].contains(run.status), "\(run.stderr)")
        }
        try await Self.withBrowser(environment: home.environment) { driver, server in
            let browser = try await driver.session()
            try await browser.navigate(server.baseURL.absoluteString + "/watches")
            try await browser.click(try await browser.element("table.watches a"))
            try await browser.waitForText("Last run", in: "#results")
            let chart = try await browser.element("#chart svg")
            #expect(try await browser.elements("#chart svg polyline").count >= 2)
            #expect(try await browser.text(chart).contains("below 85.00"))
            let events = try await browser.text(try await browser.element("ul.events"))
            #expect(events.contains("80.00"), "\(events)")
            try await browser.resize(width: 1280, height: 1800)
            try await browser.screenshot("watch")
            try await Self.expectOnlyLoopback(browser, server: server)
        }
    }
}
