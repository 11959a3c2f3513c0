import AggregatorCore
import AggregatorTestSupport
import Foundation
import HTTPServer
import ProviderKit
import Testing

@testable import AggregateCLI
@testable import AggregateEngine
@testable import CommandLineParsing
@testable import MCPFrontEnd
@testable import ServeFrontEnd

/// A provider that answers at once with one offer whose carrier name, flight number and booking link are
/// what the test gives: hostile text, for one.
private struct NamedProvider: OfferProvider {
    let descriptor = ProviderDescriptor(
        id: "named", displayName: "Named", summary: "Answers with the names the test gives.", categories: [.flights],
        nativeCurrency: .eur, capabilities: [.dates], samples: ProviderSamples(EmbeddedResponses([:])))
    var carrierName: String
    var link: String?

    func search(_ query: SearchQuery, using client: ProviderClient) async throws(ProviderError) -> ProviderResponse {
        var offer = OfferFactory.flight(
            provider: client.provider, carrier: "OS", carrierName: carrierName, flightNumber: "395", from: "VIE",
            to: "BCN", departure: "2026-12-18 07:05", price: 120)
        if let link, let url = URL(string: link) {
            offer.sources = offer.sources.map { source in
                var source = source
                source.link = WebAddress(url)
                return source
            }
        }
        return ProviderResponse(offers: [offer])
    }
}

/// The web pages called in-process through the server's router: access, cookies, header fields, escaping,
/// and the API's routes as they were. No socket, no browser.
@Suite("aggregate serve: web pages called in-process")
struct WebPagesTests {
    static let token = "0123456789abcdef0123456789abcdef"

    /// A router with the pages, a token (unless `nil`) and one provider.
    private static func router(
        _ provider: any OfferProvider, token: String? = Self.token, home: URL
    ) throws -> ServeRouter {
        let context = CommandContext(
            environment: ["HOME": home.path], catalog: ProviderCatalog([provider]),
            configFile: .success(ConfigFile()))
        let operatorOptions: [(key: OptionKey, value: String)] = [(key: .timeout, value: "120")]
        let searches = ConcurrencyGate(limit: 4)
        let joined = JoinedSearches()
        let metrics = ServeMetrics(providers: [provider.descriptor.id])
        let access = try token.map { try AccessToken($0, origin: "the test", command: "serve") }
        let origins = try OriginPolicy(origins: [], checksHost: access == nil, command: "serve")
        let runner = MCPToolRunner(
            tools: MCPTool.available(commands: ["search"], providerIDs: [provider.descriptor.id.rawValue]),
            context: context, operatorOptions: operatorOptions)
        return ServeRouter(
            token: access, origins: origins, searches: searches, joined: joined,
            queries: [
                .search: QueryRoute(command: SearchCommand.self, context: context, operatorOptions: operatorOptions)
            ],
            mcp: MCPHTTPEndpoint(
                runner: runner, sessions: MCPHTTPSessions(idleLimit: .seconds(60)), searches: searches),
            health: ServeHealth(
                backend: LocalBackend(store: MemoryAnswerStore()), metrics: metrics, stopping: { false }),
            metrics: metrics,
            web: WebPages(
                token: access, origins: origins, sessions: WebSessions(), searches: searches, joined: joined,
                context: context, operatorOptions: operatorOptions))
    }

    private static func request(
        _ method: String, _ target: String, headers: HeaderFields = [:], body: String = ""
    ) -> ServerRequest {
        var fields: HeaderFields = ["Host": "127.0.0.1:8765"]
        for field in headers { fields[field.name] = field.value }
        return ServerRequest(method: method, target: target, headers: fields, body: Array(body.utf8))
    }

    private static func home() -> URL {
        FileManager.default.temporaryDirectory.appendingPathComponent("aggregate-web-\(UUID().uuidString)")
    }

    private static func text(_ response: ServerResponse) -> String {
        guard case .bytes(let body) = response.body else { return "" }
        return String(decoding: body, as: UTF8.self)
    }

    /// Signs in and returns the `Cookie` field to send.
    private static func signIn(_ router: ServeRouter) async throws -> String {
        let response = await router.respond(
            to: request(
                "POST", "/sign-in", headers: ["Content-Type": "application/x-www-form-urlencoded"],
                body: "token=\(token)&next=%2Fsearch"))
        #expect(response.status == 303)
        let cookie = try #require(response.headers["Set-Cookie"])
        return String(cookie.split(separator: ";")[0])
    }

    @Test func aPriceForAnotherPartySaysForWhom() throws {
        var whole = OfferSource(
            provider: "skiplagged", reference: "a", price: Money(decimal("186.58"), .eur), retrievedAt: Date())
        whole.pricedFor = Passengers(adults: 2)
        var other = OfferSource(
            provider: "aviasales", reference: "b", price: Money(decimal("94.43"), .eur), retrievedAt: Date())
        other.pricedFor = Passengers(adults: 1)
        other.forAnotherParty = true
        let html = OfferHTML.sellers([whole, other], samples: [:])
        let rows = html.components(separatedBy: "<tr>").filter { $0.contains("class=\"seller\"") }
        #expect(rows.count == 2)
        #expect(!rows[0].contains("for 2 adults"), "a whole-party price needs no mark")
        #expect(rows[1].contains("aviasales <span class=\"tag sample-tag\">for 1 adult</span>"), "\(rows[1])")
    }

    @Test func everyPageCarriesAStrictPolicyAndIsNeverFramed() async throws {
        let home = Self.home()
        defer { try? FileManager.default.removeItem(at: home) }
        let router = try Self.router(NamedProvider(carrierName: "Austrian"), home: home)
        let cookie = try await Self.signIn(router)
        for target in ["/sign-in", "/search", "/compare", "/dates", "/watches", "/assets/web.css", "/assets/web.js"] {
            let response = await router.respond(to: Self.request("GET", target, headers: ["Cookie": cookie]))
            #expect([200, 303].contains(response.status), "\(target)")
            let policy = response.headers["Content-Security-Policy"] ?? ""
            #expect(policy.contains("default-src 'self'"), "\(target)")
            #expect(policy.contains("frame-ancestors 'none'"), "\(target)")
            #expect(!policy.contains("unsafe-inline"), "\(target)")
            #expect(response.headers["X-Content-Type-Options"] == "nosniff", "\(target)")
            #expect(response.headers["X-Frame-Options"] == "DENY", "\(target)")
        }
        let page = Self.text(await router.respond(to: Self.request("GET", "/search", headers: ["Cookie": cookie])))
        #expect(!page.contains("<script>"), "no inline script")
        #expect(page.contains("<script src=\"/assets/web.js\" defer></script>"))
        #expect(!page.contains("style="), "no inline style")
    }

    @Test func theTokenIsExchangedForAStrictCookieOnceAndNeverShown() async throws {
        let home = Self.home()
        defer { try? FileManager.default.removeItem(at: home) }
        let router = try Self.router(NamedProvider(carrierName: "Austrian"), home: home)
        let target = "/search?from=VIE&to=BCN&date=2026-12-18"
        let anonymous = await router.respond(to: Self.request("GET", target))
        #expect(anonymous.status == 303)
        #expect(anonymous.headers["Location"] == "/sign-in?next=%2Fsearch%3Ffrom%3DVIE%26to%3DBCN%26date%3D2026-12-18")
        let wrong = await router.respond(
            to: Self.request("POST", "/sign-in", body: "token=not-the-token-at-all-no&next=%2Fsearch"))
        #expect(wrong.status == 401)
        #expect(wrong.headers["Set-Cookie"] == nil)
        let signedIn = await router.respond(
            to: Self.request("POST", "/sign-in", body: "token=\(Self.token)&next=\(HTML.percentEncoded(target))"))
        #expect(signedIn.status == 303)
        #expect(signedIn.headers["Location"] == target)
        let cookie = try #require(signedIn.headers["Set-Cookie"])
        #expect(cookie.hasPrefix("aggregate_session="))
        for attribute in ["HttpOnly", "SameSite=Strict", "Path=/", "Max-Age=28800"] {
            #expect(cookie.contains(attribute), "\(attribute)")
        }
        #expect(!cookie.contains("Secure"), "plain HTTP on loopback")
        #expect(!cookie.contains(Self.token))
        let behindTLS = await router.respond(
            to: Self.request("POST", "/sign-in", headers: ["X-Forwarded-Proto": "https"], body: "token=\(Self.token)"))
        #expect(behindTLS.headers["Set-Cookie"]?.hasSuffix("; Secure") == true)
        let session = String(cookie.split(separator: ";")[0])
        let page = await router.respond(to: Self.request("GET", target, headers: ["Cookie": session]))
        #expect(page.status == 200)
        let html = Self.text(page)
        #expect(html.contains("OS 395"))
        #expect(!html.contains(Self.token))
        // A made-up session is no session, and signing out ends the real one.
        let forged = "aggregate_session=" + String(repeating: "ab", count: 32)
        #expect(await router.respond(to: Self.request("GET", target, headers: ["Cookie": forged])).status == 303)
        let out = await router.respond(to: Self.request("POST", "/sign-out", headers: ["Cookie": session]))
        #expect(out.status == 303)
        #expect(out.headers["Set-Cookie"]?.contains("Max-Age=0") == true)
        #expect(await router.respond(to: Self.request("GET", target, headers: ["Cookie": session])).status == 303)
    }

    @Test func pagesOnlyReadAndOtherOriginsAndOtherSitesAreRefused() async throws {
        let home = Self.home()
        defer { try? FileManager.default.removeItem(at: home) }
        let router = try Self.router(NamedProvider(carrierName: "Austrian"), home: home)
        let cookie = try await Self.signIn(router)
        let post = await router.respond(to: Self.request("POST", "/search?from=VIE", headers: ["Cookie": cookie]))
        #expect(post.status == 405)
        #expect(post.headers["Allow"] == "GET, HEAD")
        let foreign = await router.respond(
            to: Self.request(
                "POST", "/sign-in", headers: ["Origin": "https://evil.example"], body: "token=\(Self.token)"))
        #expect(foreign.status == 403)
        #expect(foreign.headers["Set-Cookie"] == nil)
        let own = await router.respond(
            to: Self.request(
                "POST", "/sign-in", headers: ["Origin": "http://127.0.0.1:8765"], body: "token=\(Self.token)"))
        #expect(own.status == 303)
        // After signing in, only a path on this server is followed.
        for next in ["//evil.example/", "https://evil.example/", "/\\evil.example", "search"] {
            #expect(WebPages.safeNext(next) == "/search", "\(next)")
        }
        #expect(WebPages.safeNext("/dates?from=VIE") == "/dates?from=VIE")
    }

    @Test func theAPIAnswersAsBeforeAndTakesNoCookie() async throws {
        let home = Self.home()
        defer { try? FileManager.default.removeItem(at: home) }
        let router = try Self.router(NamedProvider(carrierName: "Austrian"), home: home)
        let cookie = try await Self.signIn(router)
        let withCookie = await router.respond(
            to: Self.request("GET", "/v1/search?from=VIE", headers: ["Cookie": cookie]))
        #expect(withCookie.status == 401)
        #expect(withCookie.headers["Content-Type"] == "application/json")
        let bearer = await router.respond(
            to: Self.request("GET", "/v1/search?from=VIE&to=BCN", headers: ["Authorization": "Bearer \(Self.token)"]))
        #expect(bearer.status == 200)
        #expect(bearer.headers["Content-Type"] == "application/json")
        #expect(bearer.headers["Content-Security-Policy"] == nil)
        let unknown = await router.respond(
            to: Self.request("GET", "/v2/nothing", headers: ["Authorization": "Bearer \(Self.token)"]))
        #expect(unknown.status == 404)
        #expect(Self.text(unknown).contains("\"schema\":\"aggregate.error.v1\""))
    }

    @Test func aProvidersTextIsEscapedAndItsScriptLinksAreNotLinks() async throws {
        let home = Self.home()
        defer { try? FileManager.default.removeItem(at: home) }
        let hostile = "<script>alert(1)</script><img src=x onerror=alert(2)>\"'&"
        let router = try Self.router(
            NamedProvider(carrierName: hostile, link: "javascript:alert(3)"), token: nil, home: home)
        let page = await router.respond(to: Self.request("GET", "/search?from=VIE&to=BCN&date=2026-12-18"))
        #expect(page.status == 200)
        let html = Self.text(page)
        #expect(html.contains("OS 395"))
        #expect(!html.contains("<script>alert"))
        #expect(!html.contains("<img src=x"))
        #expect(!html.contains("javascript:"))
        #expect(
            HTML.escaped(hostile)
                == "&lt;script&gt;alert(1)&lt;/script&gt;&lt;img src=x onerror=alert(2)&gt;&quot;&apos;&amp;")
        // Control characters show as U+FFFD, as on the terminal and in the chart: what was removed is visible.
        #expect(HTML.escaped("a\u{1B}]0;x\u{07}\u{85}b") == "a\u{FFFD}]0;x\u{FFFD}\u{FFFD}b")
        let https = try #require(URL(string: "https://example.com/book?a=1&b=\"x\""))
        #expect(
            HTML.externalLink(WebAddress(https), label: "Book <b>")
                == "<a href=\"https://example.com/book?a=1&amp;b=%22x%22\" rel=\"noopener noreferrer nofollow\">Book &lt;b&gt;</a>"
        )
    }

    @Test func withoutATokenThePagesNeedNoSignInAndTheFormKeepsTheQuery() async throws {
        let home = Self.home()
        defer { try? FileManager.default.removeItem(at: home) }
        let router = try Self.router(NamedProvider(carrierName: "Austrian"), token: nil, home: home)
        let page = await router.respond(to: Self.request("GET", "/search?from=VIE&to=BCN&max-price=&date=2026-12-18"))
        #expect(page.status == 200)
        let html = Self.text(page)
        #expect(html.contains("value=\"VIE\""))
        #expect(html.contains("value=\"2026-12-18\""))
        #expect(html.contains("<label for=\"f-from\">"))
        #expect(html.contains("<datalist id=\"places\">"))
        // A bad parameter is the command line's own line, in the page.
        let bad = await router.respond(to: Self.request("GET", "/search?adults=two"))
        #expect(bad.status == 400)
        #expect(Self.text(bad).contains("--adults"))
        #expect(await router.respond(to: Self.request("GET", "/sign-in")).status == 303)
        let watches = await router.respond(to: Self.request("GET", "/watches"))
        #expect(watches.status == 200)
        #expect(Self.text(watches).contains("No watches yet"))
        let none = await router.respond(to: Self.request("GET", "/watches?name=nope"))
        #expect(none.status == 404)
    }
}
