import AggregatorTestSupport
import Foundation
import ProviderTestKit
import Testing

/// The config file, API keys, the cache and `--offline`, and the progress line, through the built
/// binary against a server on loopback.
@Suite("Settings, cache and offline through the binary")
struct SettingsAndCacheTests {
    private static let kiwiSample = try? String(
        contentsOf: URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("KiwiTests/Fixtures/mixed-numbers.json"), encoding: .utf8)

    private func kiwiServer() throws -> LoopbackHTTPServer {
        let body = try #require(Self.kiwiSample)
        return try LoopbackHTTPServer { _ in .json(body) }
    }

    @Test func aFlagBeatsTheEnvironmentWhichBeatsTheConfigFile() async throws {
        let home = try TemporaryFolder()
        let config = home.url.appendingPathComponent("config/aggregate")
        try FileManager.default.createDirectory(at: config, withIntermediateDirectories: true)
        try Data(
            #"{"endpoints": {"kiwi": "file:///from/config.json", "aviasales": "file:///from/config"}, "timeout": 4}"#
                .utf8
        ).write(to: config.appendingPathComponent("config.json"))
        let environment = [
            "XDG_CONFIG_HOME": home.url.appendingPathComponent("config").path,
            "AGGREGATE_AVIASALES_ENDPOINT": "file:///from/environment",
            "AGGREGATE_SUNWEB_ENDPOINT": "file:///from/environment",
        ]
        let run = try await Binary.run(
            ["providers", "--format", "json", "--endpoint", "sunweb=file:///from/flag"], environment: environment)
        let providers = try #require(try run.json()["providers"] as? [[String: Any]])
        let settings = Dictionary(
            uniqueKeysWithValues: providers.map {
                (
                    $0["id"] as? String ?? "",
                    "\($0["endpoint"] as? String ?? "") \($0["endpoint_source"] as? String ?? "")"
                )
            })
        #expect(settings["kiwi"] == "file:///from/config.json config file")
        #expect(settings["aviasales"] == "file:///from/environment AGGREGATE_AVIASALES_ENDPOINT")
        #expect(settings["sunweb"] == "file:///from/flag --endpoint")
        #expect(settings["carrental"] == "embedded default")
    }

    @Test(arguments: [
        ("{not json", "it is not a JSON object"),
        (
            #"{"endpoint": {}}"#,
            "unknown key 'endpoint' (known: endpoints, timeout, max_response_size, live, directory, external_providers, currency, providers, sort, format, limit)"
        ),
        (#"{"endpoints": {"skyscanner": "live"}}"#, "endpoints.skyscanner names no installed provider"),
        (#"{"timeout": "soon"}"#, "'timeout' must be a number of seconds between 0 and 600"),
        (
            #"{"max_response_size": "lots"}"#,
            "'max_response_size' must be a size such as 32MiB, 500KiB or a number of bytes"
        ),
        (#"{"external_providers": ["/bin/true"]}"#, "'external_providers' must map provider ids to program paths"),
        (
            #"{"external_providers": {"My_Flights": "/bin/true"}}"#,
            "external_providers.My_Flights: the id must be lower-case letters, digits and dashes"
        ),
        (
            #"{"external_providers": {"mine": "bin/mine"}}"#,
            "external_providers.mine must be the program's absolute path"
        ),
        (
            #"{"external_providers": {"kiwi": "/bin/true"}}"#,
            "external_providers.kiwi: an installed provider has the id"
        ),
    ])
    func aBadConfigFileIsAOneLineErrorNamingIt(contents: String, problem: String) async throws {
        let home = try TemporaryFolder()
        let folder = home.url.appendingPathComponent("aggregate")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let file = folder.appendingPathComponent("config.json")
        try Data(contents.utf8).write(to: file)
        let run = try await Binary.run(["search"], environment: ["XDG_CONFIG_HOME": home.url.path])
        #expect(run.status == 64)
        #expect(run.stdout == "")
        #expect(run.stderrLines.count == 1)
        #expect(run.stderr.hasPrefix("error: config file \(file.path): \(problem)"))
    }

    @Test func theAPIKeyIsSentAsKiwisHeaderAndNeverPrinted() async throws {
        let server = try kiwiServer()
        defer { server.stop() }
        let key = "secret-key-5f2c9a"
        let environment = ["AGGREGATE_KIWI_API_KEY": key]
        let search = try await Binary.run(
            ["search", "--providers", "kiwi", "--endpoint", "kiwi=\(server.baseURL.absoluteString)", "--verbose"],
            environment: environment)
        #expect(search.status == 0)
        #expect(server.requests.first?.headers["apikey"] == key)
        #expect(search.stderrLines.contains("kiwi: signs in with AGGREGATE_KIWI_API_KEY (set)"))
        let providers = try await Binary.run(["providers", "--format", "json"], environment: environment)
        let failing = try await Binary.run(
            ["search", "--providers", "kiwi", "--endpoint", "kiwi=http://127.0.0.1:9", "--verbose", "--timeout", "1"],
            environment: environment)
        for run in [search, providers, failing] {
            #expect(!run.stdout.contains(key))
            #expect(!run.stderr.contains(key))
        }
        let kiwi = try #require((try providers.json()["providers"] as? [[String: Any]])?.first)
        #expect(kiwi["api_key"] as? String == "set")
        #expect(kiwi["api_key_variable"] as? String == "AGGREGATE_KIWI_API_KEY")
        #expect(kiwi["credential_variables"] as? [String] == ["AGGREGATE_KIWI_API_KEY"])
    }

    @Test func aLiveAnswerIsCachedOwnerOnlyAndServesOfflineAndWhenTheServiceFails() async throws {
        let server = try kiwiServer()
        let cacheHome = try TemporaryFolder()
        let environment = ["XDG_CACHE_HOME": cacheHome.url.path]
        let endpoint = "kiwi=\(server.baseURL.absoluteString)"
        let live = try await Binary.run(
            ["search", "--providers", "kiwi", "--endpoint", endpoint, "--format", "json"], environment: environment)
        #expect(live.status == 0)
        let liveOffers = try #require(try live.json()["offers"] as? [[String: Any]])
        #expect(!liveOffers.isEmpty)

        let folder = cacheHome.url.appendingPathComponent("aggregate")
        let entries = try FileManager.default.contentsOfDirectory(atPath: folder.appendingPathComponent("kiwi").path)
        #expect(entries.count == 1)
        let entry = folder.appendingPathComponent("kiwi").appendingPathComponent(try #require(entries.first))
        let mode = { (url: URL) in
            (try FileManager.default.attributesOfItem(atPath: url.path)[.posixPermissions] as? Int) ?? -1
        }
        #expect(try mode(folder) == 0o700)
        #expect(try mode(entry) == 0o600)
        server.stop()

        let offline = try await Binary.run(
            ["search", "--providers", "kiwi", "--endpoint", endpoint, "--format", "json", "--offline"],
            environment: environment)
        #expect(offline.status == 0)
        let offlineJSON = try offline.json()
        #expect((offlineJSON["offers"] as? [[String: Any]])?.count == liveOffers.count)
        let outcome = try #require((offlineJSON["providers"] as? [[String: Any]])?.first)
        #expect(outcome["stale"] as? Bool == true)
        #expect(outcome["retrieved_at"] is String)

        // The stopped server refuses the connection at once; the deadline is long enough for a busy machine.
        let fallback = try await Binary.run(
            ["search", "--providers", "kiwi", "--endpoint", endpoint, "--format", "json", "--timeout", "60"],
            environment: environment)
        #expect(fallback.status == 2, "a stale stand-in is not a full answer")
        #expect((try fallback.json()["offers"] as? [[String: Any]])?.count == liveOffers.count)
        #expect(fallback.stderr.contains("warning: kiwi failed: "))
        #expect(fallback.stderr.contains("note: kiwi: its live request failed: answered from the cache retrieved "))

        try Data("garbage".utf8).write(to: entry)
        let corrupt = try await Binary.run(
            ["search", "--providers", "kiwi", "--endpoint", endpoint, "--offline"], environment: environment)
        #expect(corrupt.status == 3)
        #expect(
            corrupt.stderrLines.first?.hasPrefix("warning: kiwi failed: its cached answer cannot be used (") == true)
    }

    @Test func offlineWithNothingCachedSaysWhatToDo() async throws {
        let run = try await Binary.run([
            "search", "--providers", "kiwi,aviasales", "--endpoint", "kiwi=https://api.tequila.kiwi.com", "--offline",
        ])
        #expect(run.status == 2, "aviasales answers from its embedded sample")
        #expect(
            run.stderrLines.first
                == "warning: kiwi failed: has no cached answer for /v2/search; run the search once without --offline")
    }

    @Test func aBadSizeCapIsAUsageError() async throws {
        let run = try await Binary.run(["search", "--max-response-size", "lots"])
        #expect(run.status == 64)
        #expect(
            run.stderr.hasPrefix("error: '--max-response-size' takes a size such as 32MiB, 500KiB or a number of bytes")
        )
    }

    @Test(.enabled(if: FileManager.default.isExecutableFile(atPath: Binary.script), "needs util-linux's script"))
    func theProgressLineShowsOnATerminalOnly() async throws {
        // Kiwi's three attempts take a few seconds, so the line has something to wait for; the deadline is
        // long enough for them on a busy machine, so kiwi fails rather than times out.
        let server = try LoopbackHTTPServer { _ in .slow(seconds: 0.5, then: .json("{}", status: 500)) }
        defer { server.stop() }
        let arguments = [
            "search", "--providers", "kiwi,aviasales", "--endpoint", "kiwi=\(server.baseURL.absoluteString)",
            "--timeout", "60",
        ]
        let piped = try await Binary.run(arguments)
        #expect(!piped.stderr.contains("waiting for"))
        #expect(!piped.stderr.contains("\r"))

        let terminal = try await Binary.runOnTerminal(arguments)
        #expect(terminal.contains("\r\u{1B}[2Kwaiting for kiwi · done: aviasales (1 of 2)"))
        #expect(terminal.contains("warning: kiwi failed: "))
    }
}

extension Binary {
    /// `script` from util-linux, which runs a command on a pseudo-terminal.
    static let script = "/usr/bin/script"

    /// Runs the binary on a pseudo-terminal, as in an interactive shell, through `script`.
    /// - Parameter arguments: the arguments.
    /// - Returns: what the binary wrote to the terminal (standard output and error together).
    static func runOnTerminal(_ arguments: [String]) async throws -> String {
        await slots.acquire()
        let result = await withCheckedContinuation { continuation in
            DispatchQueue.global().async {
                continuation.resume(returning: Result { try runOnTerminalWaiting(arguments) })
            }
        }
        await slots.release()
        return try result.get()
    }

    private static func runOnTerminalWaiting(_ arguments: [String]) throws -> String {
        let quoted = ([url.path] + arguments).map { "'" + $0.replacingOccurrences(of: "'", with: "'\\''") + "'" }
        let home = FileManager.default.temporaryDirectory.appendingPathComponent("aggregate-home-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: home) }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: script)
        process.arguments = ["-qefc", quoted.joined(separator: " "), "/dev/null"]
        process.environment = ["PATH": "/usr/bin:/bin", "LANG": "C.UTF-8", "HOME": home.path, "TERM": "xterm"]
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        process.standardInput = FileHandle.nullDevice
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return String(decoding: data, as: UTF8.self).replacingOccurrences(of: "\r\n", with: "\n")
    }
}
