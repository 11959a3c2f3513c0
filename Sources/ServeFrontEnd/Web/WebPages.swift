import AggregateEngine
import AggregatorCore
import CommandLineParsing
import Foundation
import HTTPServer
import ProviderKit

/// The web pages of `aggregate serve`: search, compare, dates and watches for a person with a browser,
/// rendered on the server from the same typed answers the JSON API encodes, with a style sheet and a script
/// compiled into the binary.
///
/// Rules:
/// - The pages are `/`, `/search`, `/compare`, `/dates`, `/watches`, `/sign-in`, `/sign-out` and the two
///   assets; every other path is left to the API's routes (``respond(to:)`` answers `nil`).
/// - A page's query parameters are the command's options without their dashes, as the JSON API takes them,
///   so a search's address holds its query; empty form fields are left out.
/// - With a token set, a page needs a session cookie from `/sign-in` (or the API's `Authorization` field);
///   a `GET` without one is sent to the sign-in form, anything else is `401`. Only `/sign-in` and `/sign-out`
///   take `POST`; every other page takes `GET` and `HEAD`. The assets are open: they hold no data.
/// - A request from another web origin is refused as the API refuses it; a form posted by the page itself
///   carries its own origin and passes.
/// - Every response carries a strict `Content-Security-Policy` (nothing but this server's own files, no
///   inline script, no framing), `X-Content-Type-Options: nosniff` and `X-Frame-Options: DENY`, and is not
///   stored by caches. No page ever shows the token.
/// - Searches share the API's cap on searches at once and join identical ones running.
package struct WebPages: Sendable {
    /// The token, if one is set.
    package let token: AccessToken?
    /// Which web origins may call.
    package let origins: OriginPolicy
    /// The sign-ins.
    package let sessions: WebSessions
    /// The cap on searches running at once.
    package let searches: ConcurrencyGate
    /// The searches running, which identical ones join.
    package let joined: JoinedSearches
    /// The environment, the providers the server offers and its engine.
    package let context: CommandContext
    /// The operator's options, added to every search whose command takes them.
    package let operatorOptions: [(key: OptionKey, value: String)]

    /// The page paths.
    package static let paths: Set<String> = [
        "/", "/search", "/compare", "/dates", "/watches", "/sign-in", "/sign-out", WebAssets.stylePath,
        WebAssets.scriptPath,
    ]

    /// The `Content-Security-Policy` of every page.
    package static let contentSecurityPolicy =
        "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; connect-src 'self'; "
        + "form-action 'self'; frame-ancestors 'none'; base-uri 'none'; object-src 'none'"

    /// The header fields every page and asset carries. The referrer goes to this server alone: booking sites
    /// learn nothing of the search, and the page's own forms keep their origin (under `no-referrer` a browser
    /// posts them with `Origin: null`, which the origin check must refuse).
    package static let securityHeaders: HeaderFields = [
        "Content-Security-Policy": contentSecurityPolicy, "X-Content-Type-Options": "nosniff",
        "X-Frame-Options": "DENY", "Referrer-Policy": "same-origin", "Cache-Control": "no-store",
    ]

    /// Answers a request for a page, or `nil` for a path that is not one.
    /// - Parameter request: the request.
    /// - Returns: the response, or `nil`.
    package func respond(to request: ServerRequest) async -> ServerResponse? {
        let path =
            request.path.count > 1 && request.path.hasSuffix("/") ? String(request.path.dropLast()) : request.path
        guard Self.paths.contains(path) else { return nil }
        if path == WebAssets.stylePath || path == WebAssets.scriptPath {
            guard ["GET", "HEAD"].contains(request.method) else { return Self.methodNotAllowed(["GET", "HEAD"]) }
            return Self.asset(path)
        }
        if let refusal = originRefusal(request) {
            return WebPage.response(403, title: "Not allowed", body: WebPage.errorBox("error: \(refusal)."))
        }
        let secure = request.headers["X-Forwarded-Proto"]?.lowercased() == "https"
        switch path {
        case "/sign-in": return signIn(request, secure: secure)
        case "/sign-out":
            guard request.method == "POST" else { return Self.methodNotAllowed(["POST"]) }
            sessions.end(cookie: request.headers["Cookie"])
            return Self.redirect("/sign-in", headers: ["Set-Cookie": WebSessions.clearCookie(secure: secure)])
        default: break
        }
        guard isSignedIn(request) else {
            guard request.method == "GET" || request.method == "HEAD" else {
                return WebPage.response(
                    401, title: "Sign in", body: WebPage.errorBox("error: sign in first, at /sign-in."))
            }
            return Self.redirect("/sign-in?" + HTML.query([("next", request.target)]))
        }
        guard ["GET", "HEAD"].contains(request.method) else { return Self.methodNotAllowed(["GET", "HEAD"]) }
        let shell = WebPage.Shell(signOut: token != nil)
        let parameters = request.queryItems.filter {
            !$0.value.trimmingCharacters(in: .whitespaces).isEmpty
        }
        switch path {
        case "/", "/search":
            return await search(SearchCommand.self, route: "search", parameters: parameters, shell: shell) {
                SearchPage.results($0, parameters: parameters)
            }
        case "/compare":
            return await search(CompareCommand.self, route: "compare", parameters: parameters, shell: shell) {
                ComparePage.results($0, parameters: parameters)
            }
        case "/dates":
            return await search(DatesCommand.self, route: "dates", parameters: parameters, shell: shell) {
                DatesPage.results($0, parameters: parameters)
            }
        default:
            return await WatchesPage(context: context).response(parameters: parameters, shell: shell)
        }
    }

    /// Whether a request is signed in: no token is set, its cookie names a live session, or it carries the
    /// token as the API takes it.
    package func isSignedIn(_ request: ServerRequest) -> Bool {
        guard let token else { return true }
        return sessions.admits(cookie: request.headers["Cookie"]) || token.admits(request.headers["Authorization"])
    }

    /// The API's origin check, except that a request whose `Origin` is the address it was sent to (a form the
    /// page posted) is taken as coming from no other origin.
    private func originRefusal(_ request: ServerRequest) -> String? {
        var checked = request
        if let origin = request.headers["Origin"], let normalized = OriginPolicy.normalized(origin),
            let host = request.headers["Host"]?.lowercased(),
            normalized == "http://\(host)" || normalized == "https://\(host)"
        {
            checked.headers["Origin"] = nil
        }
        return origins.refusal(of: checked)
    }

    // MARK: - Sign-in

    private func signIn(_ request: ServerRequest, secure: Bool) -> ServerResponse {
        let next = Self.safeNext(request.queryItems.first { $0.name == "next" }?.value)
        switch request.method {
        case "GET", "HEAD":
            if token == nil || isSignedIn(request) { return Self.redirect(next) }
            return WebPage.response(200, title: "Sign in", body: SignInPage.form(next: next, failed: false))
        case "POST":
            let fields = ServerRequest(method: "GET", target: "/?" + String(decoding: request.body, as: UTF8.self))
                .queryItems
            let given = fields.first { $0.name == "token" }?.value ?? ""
            let target = Self.safeNext(fields.first { $0.name == "next" }?.value ?? next)
            guard let token else { return Self.redirect(target) }
            guard token.admits("Bearer " + given) else {
                return WebPage.response(401, title: "Sign in", body: SignInPage.form(next: target, failed: true))
            }
            let id = sessions.start()
            return Self.redirect(target, headers: ["Set-Cookie": WebSessions.setCookie(id, secure: secure)])
        default:
            return Self.methodNotAllowed(["GET", "HEAD", "POST"])
        }
    }

    /// Where to go after signing in: a path on this server, never another site (`//host`, `https://…`).
    package static func safeNext(_ next: String?) -> String {
        guard let next, next.hasPrefix("/"), !next.hasPrefix("//"), !next.contains("\\"),
            next.unicodeScalars.allSatisfy({ $0.value > 0x20 && $0.value < 0x7F })
        else { return "/search" }
        return next
    }

    // MARK: - Searches

    /// Runs a command for a page's parameters, sharing the cap and identical runs with the API, and renders
    /// its typed answer; the bare page is the form alone.
    private func search<Answering: AnsweringCommand>(
        _ type: Answering.Type, route: String, parameters: [(name: String, value: String)], shell: WebPage.Shell,
        render: @escaping @Sendable (CommandAnswer<Answering.Output>) -> WebPage.Content
    ) async -> ServerResponse {
        let form = WebForms.form(route: route, parameters: parameters, configuration: type.configuration)
        guard !parameters.isEmpty else {
            return WebPage.response(
                200, title: WebForms.title(route), shell: shell, current: route,
                body: form + WebPage.results(WebPage.Content(summary: "", html: "")))
        }
        let query = QueryRoute(command: type, context: context, operatorOptions: operatorOptions)
        let context = context
        let response = await joined.response(route: "GET /\(route) page", parameters: parameters, gate: searches) {
            let content: WebPage.Content
            let status: Int
            do throws(UsageError) {
                let typed = try query.options(for: parameters, configuration: type.configuration)
                let options = try KeptSettings.apply(
                    to: typed, specs: type.configuration.options, context: context, command: type.configuration.name)
                let command = try Answering(options: options, context: context)
                let answer = await command.answer(progress: nil)
                if answer.output == nil || answer.status == .usage {
                    status = answer.status == .usage ? 400 : 500
                    content = WebPage.Content(
                        summary: "The search could not run.",
                        html: answer.errorLines.map(WebPage.errorBox).joined())
                } else {
                    status = 200
                    content = render(answer)
                }
            } catch {
                status = 400
                content = WebPage.Content(
                    summary: "The search could not run.", html: WebPage.errorBox(error.description))
            }
            return WebPage.response(
                status, title: WebForms.title(route), shell: shell, current: route,
                body: form + WebPage.results(content))
        }
        return response
            ?? WebPage.response(
                503, title: WebForms.title(route), shell: shell, current: route,
                body: form
                    + WebPage.errorBox(
                        "error: \(searches.limit) searches are running, the most this server runs at once. "
                            + "Try again in a moment."), headers: ["Retry-After": "1"])
    }

    // MARK: - Responses

    private static func asset(_ path: String) -> ServerResponse {
        let (type, text) =
            path == WebAssets.stylePath
            ? ("text/css; charset=utf-8", WebAssets.style) : ("text/javascript; charset=utf-8", WebAssets.script)
        var headers = securityHeaders
        headers["Content-Type"] = type
        headers["Cache-Control"] = "no-cache"
        return ServerResponse(status: 200, headers: headers, body: .bytes(Array(text.utf8)))
    }

    /// A `303 See Other` to a path on this server.
    package static func redirect(_ location: String, headers: HeaderFields = [:]) -> ServerResponse {
        var fields = securityHeaders
        for field in headers { fields[field.name] = field.value }
        fields["Location"] = location
        fields["Content-Type"] = "text/plain; charset=utf-8"
        return ServerResponse(status: 303, headers: fields, body: .bytes(Array("See \(location)\n".utf8)))
    }

    private static func methodNotAllowed(_ methods: [String]) -> ServerResponse {
        WebPage.response(
            405, title: "Not allowed",
            body: WebPage.errorBox("error: this page takes \(methods.joined(separator: " and "))."),
            headers: ["Allow": methods.joined(separator: ", ")])
    }

    /// Creates the value from each of its properties, as the memberwise initializer does.
    package init(
        token: AccessToken?, origins: OriginPolicy, sessions: WebSessions, searches: ConcurrencyGate,
        joined: JoinedSearches, context: CommandContext, operatorOptions: [(key: OptionKey, value: String)]
    ) {
        self.token = token
        self.origins = origins
        self.sessions = sessions
        self.searches = searches
        self.joined = joined
        self.context = context
        self.operatorOptions = operatorOptions
    }
}
