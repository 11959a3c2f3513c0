import AggregatorTestSupport
import Foundation
import ProviderTestKit
import Testing

/// What a hostile or broken service can make the built binary do, against real servers on loopback:
/// memory stays near the size cap, a key stays with its origin, and nothing is quoted that should not be.
@Suite("The binary against hostile services")
struct HostileServerTests {
    @Test func aGzipBombCostsNoMoreMemoryThanTheCap() async throws {
        // 3 MB on the wire that inflate to 3 GiB. Read whole, as before the cap counted inflated bytes as they
        // came, the binary reached 1.2 to 3.4 GB and ran into the deadline.
        let server = try LoopbackHTTPServer { _ in .gzip(bytes: 3 << 30) }
        defer { server.stop() }
        let run = try await Binary.runBounded(
            [
                "search", "--providers", "kiwi,aviasales", "--endpoint", "kiwi=\(server.baseURL.absoluteString)",
                "--timeout", "120",
            ], limit: .seconds(150))
        #expect(!run.killed)
        #expect(run.status == 2)
        #expect(
            run.stderrLines.first
                == "warning: kiwi failed: the response is over the 33554432-byte limit; reading stopped; "
                + "raise --max-response-size if it is expected")
        // The cap is 32 MiB and the binary itself about as much; gigabytes are what this rules out.
        #expect(run.peakMemory < 256 << 20, "peak memory \(run.peakMemory >> 20) MiB")
    }

    @Test func theAPIKeyIsNotSentToTheOriginARedirectLeadsTo() async throws {
        let key = "secret-key-9d41c7"
        let target = try LoopbackHTTPServer { request in
            request.path == "/v2/search" ? .json(LiveEndpointTests.kiwiBody) : .json("{}", status: 404)
        }
        defer { target.stop() }
        // Same host, another port: another origin.
        let first = try LoopbackHTTPServer { request in
            .redirect(to: target.baseURL.absoluteString + request.target)
        }
        defer { first.stop() }
        let run = try await Binary.run(
            [
                "search", "--providers", "kiwi", "--endpoint", "kiwi=\(first.baseURL.absoluteString)", "--format",
                "json",
            ],
            environment: ["AGGREGATE_KIWI_API_KEY": key])
        #expect(run.status == 0)
        #expect(first.requests.first?.headers["apikey"] == key, "the configured origin gets the key")
        let redirected = try #require(target.requests.first, "the redirect was followed")
        #expect(redirected.headers["apikey"] == nil)
        #expect(!redirected.target.contains(key))
        #expect(!redirected.headers.values.contains { $0.contains(key) })
        #expect((try run.json()["offers"] as? [[String: Any]])?.count == 1)
        #expect(!run.stdout.contains(key) && !run.stderr.contains(key))
    }

    @Test(arguments: ["file:///etc/passwd", "data:application/json,%7B%7D", "javascript:alert(1)"])
    func aRedirectToSomethingThatIsNotAWebLinkIsReportedAsSuch(location: String) async throws {
        let server = try LoopbackHTTPServer { _ in .redirect(to: location) }
        defer { server.stop() }
        let run = try await Binary.run([
            "search", "--providers", "kiwi,aviasales", "--endpoint", "kiwi=\(server.baseURL.absoluteString)",
        ])
        #expect(run.status == 2)
        let scheme = try #require(location.split(separator: ":").first)
        #expect(
            run.stderrLines.first
                == "warning: kiwi failed: the service redirected to a \(scheme): address, not a web link")
        #expect(!run.stdout.contains("root:"), "nothing is read from the file")
    }

    @Test func aServerErrorPageIsNamedNotQuoted() async throws {
        let page = "<html><head><title>500</title></head><body>Internal Server Error at db-7.internal</body></html>"
        let server = try LoopbackHTTPServer { _ in
            .raw(status: 500, headers: ["Content-Type": "text/html"], body: Data(page.utf8))
        }
        defer { server.stop() }
        let run = try await Binary.run([
            "search", "--providers", "kiwi,aviasales", "--endpoint", "kiwi=\(server.baseURL.absoluteString)",
            "--format", "json",
        ])
        #expect(run.status == 2)
        #expect(
            run.stderrLines
                == [
                    "warning: kiwi failed: the service answered HTTP 500 Internal Server Error with an HTML page "
                        + "(after 3 attempts)"
                ])
        for fragment in ["<html", "db-7", "<title>"] {
            #expect(!run.stderr.contains(fragment) && !run.stdout.contains(fragment), "\(fragment)")
        }
    }

    /// Files with secret-looking contents given as a recorded response: none of their contents may be
    /// printed, whatever the decoder makes of them.
    static let secretFiles = [
        "root:$6$Zx9SecretSalt$ab12cd34:19000:0:99999:7:::\ndaemon:*:19000:0:99999:7:::\n",
        "API_TOKEN=sk_live_51SecretToken\nDB_PASSWORD=hunter2-S3cret\n",
        #"{"password": "hunter2-S3cret", "token": "sk_live_51SecretToken"}"#,
        #"{"currency": "EUR", "data": [{"id": "sk_live_51SecretToken", "price": "hunter2-S3cret"}]"#,
        "\u{1B}]0;SecretTitle\u{07}\u{1B}[2J",
    ]

    @Test(arguments: secretFiles)
    func aFileGivenAsAnEndpointIsNeverQuoted(contents: String) async throws {
        let folder = try TemporaryFolder()
        let file = try folder.write("shadow", contents)
        let run = try await Binary.run([
            "search", "--providers", "kiwi,aviasales", "--endpoint", "kiwi=\(file.path)", "--format", "json",
        ])
        #expect(run.status == 2)
        #expect(run.stderrLines.count == 1)
        #expect(run.stderr.hasPrefix("warning: kiwi failed: "))
        for secret in ["Secret", "hunter2", "sk_live", "root:", "daemon", "\u{1B}"] {
            #expect(!run.stderr.contains(secret) && !run.stdout.contains(secret), "\(secret) in \(run.stderr)")
        }
    }
}
