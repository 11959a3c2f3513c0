import AggregateEngine
import AggregatorCore
import CommandLineParsing
import Dispatch
import Foundation
import HTTPServer
import MCPFrontEnd
import ProviderKit
import RedisClient
import RedisSharing
import ServeFrontEnd

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// `aggregate serve`: the searches of `search`, `compare`, `dates` and `providers`, and the tools of
/// `aggregate mcp`, over HTTP for a team, with answers, questions asked at once and request budgets shared
/// between the searches, and between instances through Redis.
struct ServeCommand: Command {
    static let configuration = CommandConfiguration(
        name: "serve",
        abstract: "Serve searches over HTTP to a team and its agents: a JSON API and MCP's HTTP transport",
        options: [
            OptionSpec(key: .listen, valueName: "HOST:PORT", help: "Where to listen (default: 127.0.0.1:8765)"),
            OptionSpec(
                key: .tokenFile, valueName: "FILE",
                help: "File holding the bearer token every request but /healthz needs (or AGGREGATE_SERVE_TOKEN)"),
            OptionSpec(
                key: .allowOrigin, valueName: "ORIGIN",
                help: "A web origin whose pages may call the server, such as https://team.example.com (repeatable)",
                repeatable: true),
            OptionSpec(
                key: .cache, valueName: "URL",
                help: "redis://[:password@]host:port/db to share answers, requests and budgets between instances"),
            OptionSpec(
                key: .cacheKeyFile, valueName: "FILE",
                help: "File holding the key instances sign shared answers with (or AGGREGATE_CACHE_KEY)"),
            OptionSpec(
                key: .budget, valueName: "ID=N/UNIT",
                help: "Most requests a provider is sent, such as kiwi=2/s or duffel=100/h (repeatable)",
                repeatable: true),
            OptionSpec(
                key: .freshFor, valueName: "[ID=]SECONDS",
                help: "How long an answer is served again without asking (default: 60; repeatable by provider)",
                repeatable: true),
            OptionSpec(
                key: .maxSearches, valueName: "N", help: "Most searches at once; more are answered 503 (default: 16)"),
            ConnectionOptions.endpoint,
            ConnectionOptions.live,
            OptionSpec(key: .rates, valueName: "FILE", help: "Exchange-rates JSON for every search"),
            ConnectionOptions.timeout,
            ConnectionOptions.maxResponseSize,
        ],
        discussion: """
            Routes: GET /v1/search, /v1/compare, /v1/dates and /v1/providers take the command's options as
            query parameters without their dashes (from=VIE&to=BCN&date=2026-12-18) and answer its JSON
            document; POST, GET and DELETE /mcp speak MCP's Streamable HTTP transport with the tools of
            'aggregate mcp'; GET /healthz says ok or degraded and why; GET /metrics is Prometheus text.

            Endpoints, live services, rates, the deadline and the size cap are fixed here: a request can never
            choose an endpoint, a file or a URL. Every route but /healthz needs Authorization: Bearer TOKEN
            when a token is set; without one the server listens on loopback only. Without --cache the answers
            are kept in the cache folder, as for 'search'. SIGTERM or SIGINT stops it: searches in progress
            finish within the deadline, new requests are refused, and it exits 0. One JSON line a request on
            standard error.

            EXAMPLES:
              aggregate serve
              AGGREGATE_SERVE_TOKEN=$(cat token) aggregate serve --listen 0.0.0.0:8765 --live
              aggregate serve --cache redis://127.0.0.1:6379/0 --cache-key-file key --budget kiwi=2/s
            """)

    /// The standard lifetime of a kept answer, when `--fresh-for` sets none.
    static let standardFreshness: Duration = .seconds(60)

    let listen: ListenAddress
    let token: AccessToken?
    let origins: OriginPolicy
    let redisURL: String?
    let redisPassword: String?
    let cacheKey: SharedSecret?
    let settings: SearchSettings
    let maxSearches: Int
    let context: CommandContext
    let operatorOptions: [(key: OptionKey, value: String)]

    init(options: ParsedOptions, context: CommandContext) throws(UsageError) {
        let name = Self.configuration.name
        if let word = options.positional.first {
            throw UsageError(
                "unexpected argument '\(PrintableText.excerpt(word, limit: 40))'",
                hint: "the server takes only options, such as --listen 127.0.0.1:8765", command: name)
        }
        listen =
            try options.value(.listen).map { (text) throws(UsageError) in
                try ListenAddress(parsing: text, command: name)
            } ?? .standard
        token = try AccessToken.configured(
            file: options.value(.tokenFile), environment: context.environment, command: name)
        if token == nil, !listen.isLoopback {
            throw UsageError(
                "without a token the server listens on loopback only, and \(listen) is not",
                hint: "set AGGREGATE_SERVE_TOKEN or --token-file, or listen on 127.0.0.1", command: name)
        }
        origins = try OriginPolicy(origins: options.all(.allowOrigin), checksHost: token == nil, command: name)
        let reader = ValueReader(options: options, command: name)
        maxSearches = try reader.integer(.maxSearches, atLeast: 1) ?? 16
        let ids = Set(context.catalog.ids)
        let budgets = try Self.budgets(options.all(.budget), known: ids, command: name)
        let freshness = try Self.freshness(options.all(.freshFor), known: ids, command: name)
        let connection = try ConnectionOptions(options, context: context, command: name)
        if let url = options.value(.cache) {
            let password = context.environment[EnvironmentNames.redisPassword].flatMap { $0.isEmpty ? nil : $0 }
            do {
                _ = try RedisConfiguration(url: url, password: password)
            } catch {
                throw UsageError(
                    "'--cache' \(error.message)", hint: "such as --cache redis://127.0.0.1:6379/0", command: name)
            }
            redisURL = url
            redisPassword = password
            cacheKey = try CacheKey.configured(
                file: options.value(.cacheKeyFile), environment: context.environment, redisPassword: password,
                command: name)
        } else {
            redisURL = nil
            redisPassword = nil
            cacheKey = nil
        }
        do {
            settings = try Self.settings(
                connection.settings, cache: connection.settings.cache ?? MemoryAnswerStore(), freshness: freshness,
                budgets: budgets)
        } catch {
            throw UsageError(Wording.setup(error), hint: "check --timeout and --max-response-size", command: name)
        }
        var fixed = options.all(.endpoint).map { (key: OptionKey.endpoint, value: $0) }
        if options.has(.live) { fixed.append((key: .live, value: "")) }
        if let rates = options.value(.rates) {
            _ = try reader.rates(rates)
            fixed.append((key: .rates, value: rates))
        }
        for key in [OptionKey.timeout, .maxResponseSize] {
            if let value = options.value(key) { fixed.append((key: key, value: value)) }
        }
        operatorOptions = fixed
        self.context = context
    }

    func run(console: Console) async -> ExitCode {
        // A client that has gone away must not kill the server mid-write.
        signal(SIGPIPE, SIG_IGN)
        let log = ServeLog { line in
            let bytes = Array(line.utf8)
            _ = bytes.withUnsafeBytes { write(STDERR_FILENO, $0.baseAddress, $0.count) }
        }
        let metrics = ServeMetrics(providers: context.catalog.ids)
        let backend: any SharedBackend
        var settings = settings
        if let redisURL, let cacheKey {
            do {
                let redis = try RedisBackend(url: redisURL, password: redisPassword, secret: cacheKey) { rejection in
                    metrics.answerRejected(rejection.provider)
                    guard rejection.isFirst else { return }
                    log.event(
                        "answer_rejected",
                        "a shared answer of \(rejection.provider) was not served: \(rejection.reason)",
                        fields: [("provider", rejection.provider.rawValue), ("entry", rejection.entry)])
                }
                backend = redis
                settings = try Self.settings(
                    settings, cache: redis, freshness: settings.freshness, budgets: settings.budgets)
            } catch {
                console.printError("error: cannot use the Redis cache: \(error)")
                return .failure
            }
        } else {
            backend = LocalBackend(store: settings.cache ?? MemoryAnswerStore())
        }
        let shared = SharedServices(questions: backend.questions, budgets: backend.budgets, observer: metrics)
        let connections = context.engine.connections
        let pool = AggregatorPool(
            settings: settings, shared: shared, connections: connections,
            transport: URLSessionTransport(maxResponseBytes: settings.maxResponseBytes))
        var context = context
        context.engine = Engine(shared: shared, connections: connections, aggregators: pool)
        let installed = AggregateTool.commands.map { $0.configuration.name }
        let runner = MCPToolRunner(
            tools: MCPTool.available(commands: installed, providerIDs: context.catalog.ids.map(\.rawValue)),
            context: context, operatorOptions: operatorOptions)
        let searches = ConcurrencyGate(limit: maxSearches)
        let sessions = MCPHTTPSessions(idleLimit: .seconds(1800))
        let stopping = StopFlag()
        var queries: [ServeRoute: QueryRoute] = [:]
        for route in [ServeRoute.search, .compare, .dates, .providers] {
            if let name = route.command, installed.contains(name),
                let command = AggregateTool.command(named: name) as? any AnsweringCommand.Type
            {
                queries[route] = QueryRoute(command: command, context: context, operatorOptions: operatorOptions)
            }
        }
        let joined = JoinedSearches()
        let router = ServeRouter(
            token: token, origins: origins, searches: searches, joined: joined, queries: queries,
            mcp: MCPHTTPEndpoint(runner: runner, sessions: sessions, searches: searches),
            health: ServeHealth(backend: backend, metrics: metrics, stopping: { stopping.isSet }), metrics: metrics,
            web: WebPages(
                token: token, origins: origins, sessions: WebSessions(), searches: searches, joined: joined,
                context: context, operatorOptions: operatorOptions), kept: KeptSearches())
        let server: SocketServer
        do {
            server = try SocketServer(
                configuration: HTTPServerConfiguration(host: listen.host, port: listen.port), responder: router
            ) { record in
                let route = ServeRoute.label(of: record.path)
                // A listening stream lasts as long as its client keeps it: that is no request's latency.
                let listening = route == ServeRoute.mcp.rawValue && record.method == "GET"
                metrics.record(route: route, status: record.status, latency: listening ? nil : record.latency)
                log.access(record)
            }
        } catch {
            console.printError("error: \(error.description)")
            return .failure
        }
        let address = ListenAddress(host: listen.host, port: server.port)
        log.event(
            "listening", "aggregate serve \(AggregateTool.version) is listening on http://\(address)",
            fields: [
                ("address", address.description), ("shared", redisURL == nil ? "local" : "redis"),
                ("token", token == nil ? "none" : "required"),
            ])
        let expiry = Task {
            while (try? await Task.sleep(for: .seconds(30))) != nil { sessions.expire() }
        }
        let signal = await Self.waitForStopSignal()
        stopping.set()
        let grace = settings.deadline + .seconds(2)
        log.event("stopping", "received \(signal): finishing the requests in progress, refusing new ones")
        // Listening streams never finish by themselves: they end now, not when the grace period does.
        sessions.closeStreams()
        await server.shutdown(grace: grace)
        sessions.endAll()
        expiry.cancel()
        log.event("stopped", "aggregate serve stopped")
        return .success
    }

    /// Waits for SIGTERM or SIGINT, which no longer end the process meanwhile.
    /// - Returns: the signal's name.
    private static func waitForStopSignal() async -> String {
        await withCheckedContinuation { continuation in
            let queue = DispatchQueue(label: "aggregate.serve.signals")
            let once = StopFlag()
            let sources = [(SIGTERM, "SIGTERM"), (SIGINT, "SIGINT")].map { number, name in
                // The source gets the signal only once its default action, ending the process, is off.
                signal(number, SIG_IGN)
                let source = DispatchSource.makeSignalSource(signal: number, queue: queue)
                source.setEventHandler {
                    guard once.setFirst() else { return }
                    continuation.resume(returning: name)
                }
                return source
            }
            // Kept until the process ends: a second signal meanwhile is ignored, not fatal.
            SignalSources.keep(sources)
            sources.forEach { $0.resume() }
        }
    }

    /// The command line's settings with the server's store, lifetimes and budgets.
    private static func settings(
        _ base: SearchSettings, cache: any AnswerStore, freshness: Freshness, budgets: [ProviderID: RequestBudget]
    ) throws(AggregatorSetupError) -> SearchSettings {
        try SearchSettings(
            deadline: base.deadline, requestTimeout: base.limits.requestTimeout,
            maxResponseBytes: base.maxResponseBytes,
            endpoints: base.endpoints, credentials: base.credentials, retryPolicy: base.retryPolicy, cache: cache,
            freshness: freshness, budgets: budgets)
    }

    // MARK: - Options

    /// `--budget ID=N/UNIT` values.
    static func budgets(
        _ values: [String], known: Set<ProviderID>, command: String
    ) throws(UsageError) -> [ProviderID: RequestBudget] {
        var budgets: [ProviderID: RequestBudget] = [:]
        for value in values {
            let parts = value.split(separator: "=", maxSplits: 1).map(String.init)
            let shown = PrintableText.excerpt(value, limit: 60)
            guard parts.count == 2, let budget = RequestBudget(parsing: parts[1]) else {
                throw UsageError(
                    "'--budget' takes ID=N/UNIT with a unit of s, m, h or d, got '\(shown)'",
                    hint: "write for example --budget kiwi=2/s", command: command)
            }
            budgets[try provider(parts[0], known: known, option: .budget, command: command)] = budget
        }
        return budgets
    }

    /// `--fresh-for [ID=]SECONDS` values: a bare number sets every provider's lifetime.
    static func freshness(_ values: [String], known: Set<ProviderID>, command: String) throws(UsageError) -> Freshness {
        var freshness = Freshness(standard: standardFreshness)
        for value in values {
            let parts = value.split(separator: "=", maxSplits: 1).map(String.init)
            guard let seconds = Int(parts.last ?? ""), (0...604_800).contains(seconds) else {
                throw UsageError(
                    "'--fresh-for' takes [ID=]SECONDS from 0 to 604800, got '\(PrintableText.excerpt(value, limit: 60))'",
                    hint: "write for example --fresh-for 300 or --fresh-for kiwi=60", command: command)
            }
            if parts.count == 2 {
                freshness.byProvider[try provider(parts[0], known: known, option: .freshFor, command: command)] =
                    .seconds(seconds)
            } else {
                freshness.standard = .seconds(seconds)
            }
        }
        return freshness
    }

    private static func provider(
        _ text: String, known: Set<ProviderID>, option: OptionKey, command: String
    ) throws(UsageError) -> ProviderID {
        let id = ProviderID(rawValue: text.trimmingCharacters(in: .whitespaces))
        guard known.contains(id) else {
            let names = known.map(\.rawValue).sorted()
            throw UsageError(
                "'\(option)' names no installed provider '\(PrintableText.excerpt(text, limit: 40))'",
                hint: "the providers are \(names.joined(separator: ", "))", command: command)
        }
        return id
    }
}

/// A flag set once, from any thread.
private final class StopFlag: @unchecked Sendable {
    private let lock = NSLock()
    private var value = false

    var isSet: Bool { lock.withLock { value } }

    func set() { lock.withLock { value = true } }

    /// Sets the flag; `true` for the call that set it first.
    func setFirst() -> Bool {
        lock.withLock {
            defer { value = true }
            return !value
        }
    }
}

/// The signal sources of the process, kept alive while it runs.
private enum SignalSources {
    nonisolated(unsafe) private static var kept: [any DispatchSourceSignal] = []
    private static let lock = NSLock()

    static func keep(_ sources: [any DispatchSourceSignal]) {
        lock.withLock { kept += sources }
    }
}
