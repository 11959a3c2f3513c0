import AggregatorTestSupport
import Foundation
import ProviderTestKit
import Testing

@testable import AggregatorCore
@testable import ProviderKit

/// Answers every request with one fixed outcome, so a test can put any status or transport failure in
/// front of the client.
private struct StubTransport: HTTPTransport {
    let outcome: Result<HTTPResponse, any Error>

    func send(_ request: HTTPRequest) async throws -> HTTPResponse { try outcome.get() }
}

private func client(
    _ endpoint: Endpoint, samples: [String: String] = [:], transport: any HTTPTransport = UnreachableTransport(),
    maxResponseBytes: Int = HTTPResponse.defaultSizeCap
) -> ProviderClient {
    // No retry stage: these tests are about how a single answer is read; RetryTests cover retries.
    ProviderClient(
        testing: "probe", on: endpoint, samples: EmbeddedResponses(samples), transport: transport,
        maxResponseBytes: maxResponseBytes)
}

private func client(answering response: HTTPResponse) throws -> ProviderClient {
    client(
        .remote(try #require(URL(string: "https://api.example.com"))),
        transport: StubTransport(outcome: .success(response)))
}

/// Where a remote request goes: the base URL's own path is kept, the request path is appended one
/// component at a time, and query items follow.
@Suite("ProviderClient URL building")
struct ProviderClientURLTests {
    private func requestedURL(base: String, path: String, query: [URLQueryItem] = []) async throws -> String {
        let transport = SampleTransport(samples: EmbeddedResponses(["flights": "[]"]))
        let remote = client(.remote(try #require(URL(string: base))), transport: transport)
        _ = try await remote.get(path, query: query)
        return try #require(transport.requests.first).url.absoluteString
    }

    @Test func baseWithoutPath() async throws {
        let url = try await requestedURL(
            base: "https://api.example.com", path: "v2/flights",
            query: [URLQueryItem(name: "fly_from", value: "VIE"), URLQueryItem(name: "date_from", value: "18/12/2026")])
        #expect(url == "https://api.example.com/v2/flights?fly_from=VIE&date_from=18/12/2026")
    }

    @Test(arguments: ["https://api.example.com/base", "https://api.example.com/base/"])
    func baseWithPathKeepsIt(base: String) async throws {
        let url = try await requestedURL(base: base, path: "/search/flights")
        #expect(url == "https://api.example.com/base/search/flights")
    }

    @Test func queryValuesAreEscaped() async throws {
        let url = try await requestedURL(
            base: "https://api.example.com", path: "flights",
            query: [URLQueryItem(name: "city", value: "São Paulo"), URLQueryItem(name: "q", value: "a&b=c")])
        let components = try #require(URLComponents(string: url))
        #expect(url.hasPrefix("https://api.example.com/flights?city=S%C3%A3o%20Paulo&q=a%26b%3Dc"))
        #expect(components.queryItems?.map(\.value) == ["São Paulo", "a&b=c"])
    }

    @Test func baseQueryIsKeptAndExtended() async throws {
        let url = try await requestedURL(
            base: "https://api.example.com/v1?token=abc", path: "flights", query: [URLQueryItem(name: "n", value: "1")])
        #expect(url == "https://api.example.com/v1/flights?token=abc&n=1")
    }

    @Test func defaultAndPerRequestHeadersAreMerged() async throws {
        let transport = SampleTransport(samples: EmbeddedResponses(["flights": "[]"]))
        let remote = ProviderClient(
            testing: "probe", on: .remote(try #require(URL(string: "https://api.example.com"))),
            transport: transport, fixedHeaders: ["apikey": "default", "Accept": "application/json"],
            requestTimeout: .seconds(3))
        _ = try await remote.get("flights", headers: ["apikey": "override"])
        let sent = try #require(transport.requests.first)
        #expect(sent.headers == ["apikey": "override", "Accept": "application/json"])
        #expect(sent.timeout == .seconds(3))
        #expect(sent.method == .get)
    }
}

/// How statuses and transport failures become `ProviderError`s.
@Suite("ProviderClient failures")
struct ProviderClientFailureTests {
    @Test func successfulBodyIsReturned() async throws {
        let body = try await client(answering: HTTPResponse(status: 204, body: Data("ok".utf8))).get("flights")
        #expect(body == Data("ok".utf8))
    }

    @Test func rateLimitedMentionsRetryAfter() async throws {
        let limited = try client(
            answering: HTTPResponse(status: 429, headers: ["Retry-After": "30"], body: Data("slow down".utf8)))
        let error = await #expect(throws: ProviderError.self) { try await limited.get("flights") }
        #expect(error?.code == .rateLimited)
        #expect(error?.provider == "probe")
        #expect(error?.message.contains("Retry-After: 30") == true)
    }

    @Test func rateLimitedWithoutRetryAfter() async throws {
        let limited = try client(answering: HTTPResponse(status: 429, body: Data()))
        let error = await #expect(throws: ProviderError.self) { try await limited.get("flights") }
        #expect(error?.code == .rateLimited)
        #expect(error?.message.contains("Retry-After") == false)
    }

    @Test func serverErrorSummarisesAnHTMLBodyOnOneLine() async throws {
        let html = """
            <html>
            <head><title>500 Internal Server Error</title></head>
            <body>
            <center><h1>500 Internal Server Error</h1></center>
            <hr><center>nginx</center>
            <p>\(String(repeating: "padding ", count: 40))</p>
            </body>
            </html>
            """
        let failing = try client(answering: HTTPResponse(status: 500, body: Data(html.utf8)))
        let error = try #require(await #expect(throws: ProviderError.self) { try await failing.get("flights") })
        #expect(error.code == .httpStatus)
        // A page is named, never quoted: its markup says nothing the status does not.
        #expect(error.message == "the service answered HTTP 500 Internal Server Error with an HTML page")
    }

    @Test func shortErrorBodyIsQuotedWholeAndEmptyBodyLeftOut() async throws {
        let notFound = try client(answering: HTTPResponse(status: 404, body: Data("no such route\n".utf8)))
        let error = await #expect(throws: ProviderError.self) { try await notFound.get("flights") }
        #expect(error?.code == .httpStatus)
        #expect(error?.message == "the service answered HTTP 404 Not Found: no such route")

        let empty = try client(answering: HTTPResponse(status: 503, body: Data()))
        let emptyError = await #expect(throws: ProviderError.self) { try await empty.get("flights") }
        #expect(emptyError?.message == "the service answered HTTP 503 Service Unavailable")
    }

    @Test(arguments: [
        (#"{"error": "Invalid date"}"#, "Invalid date"), (#"{"message": "Unknown route"}"#, "Unknown route"),
        (#"{"error": {"code": 7, "message": "Quota spent"}}"#, "Quota spent"),
        (#"{"errors": [{"type": "x", "message": "Field missing"}]}"#, "Field missing"),
        (#"{"error": 42, "detail": "no"}"#, #"{"error": 42, "detail": "no"}"#),
    ])
    func aJSONErrorBodyIsQuotedByTheMessageItStates(body: String, quoted: String) async throws {
        let failing = try client(answering: HTTPResponse(status: 400, body: Data(body.utf8)))
        let error = await #expect(throws: ProviderError.self) { try await failing.get("flights") }
        #expect(error?.message == "the service answered HTTP 400 Bad Request: \(quoted)")
    }

    @Test func aServiceMessageIsQuotedAsAShortPrintableExcerpt() async throws {
        // DEL and the C1 control CSI (U+009B) are printable bytes as far as a body's kind goes, but never text.
        let hostile = "\u{9B}2J\u{7F}maintenance " + String(repeating: "spam ", count: 100)
        let failing = try client(answering: HTTPResponse(status: 502, body: Data(hostile.utf8)))
        let error = try #require(await #expect(throws: ProviderError.self) { try await failing.get("flights") })
        #expect(!error.message.unicodeScalars.contains { $0.value < 0x20 || (0x7F...0x9F).contains($0.value) })
        #expect(error.message.hasSuffix("…"))
        #expect(error.message.count <= 44 + 120, "the status line and at most 120 characters of the message")
    }

    @Test func binaryBodiesAreNamedNotQuoted() async throws {
        let failing = try client(answering: HTTPResponse(status: 500, body: Data([0x89, 0x50, 0x4E, 0x47, 0, 1, 2])))
        let error = await #expect(throws: ProviderError.self) { try await failing.get("flights") }
        #expect(error?.message == "the service answered HTTP 500 Internal Server Error with 7 bytes of binary data")
    }

    @Test(arguments: [
        (TransportError.Kind.timedOut, ProviderError.Code.timeout),
        (.cancelled, .timeout),
        (.responseTooLarge, .responseTooLarge),
        (.connectionFailed, .transport),
        (.tooManyRedirects, .transport),
    ])
    func transportErrorKindsMapToCodes(kind: TransportError.Kind, code: ProviderError.Code) async throws {
        let cause = TransportError(kind, "detail for \(kind.rawValue)")
        let remote = client(
            .remote(try #require(URL(string: "https://api.example.com"))),
            transport: StubTransport(outcome: .failure(cause)))
        let error = await #expect(throws: ProviderError.self) { try await remote.get("flights") }
        #expect(error?.code == code)
        #expect(error?.message == "detail for \(kind.rawValue)")
        #expect(error?.underlying as? TransportError == cause)
    }

    @Test func otherTransportErrorsAreTransportFailures() async throws {
        struct Odd: Error {}
        let remote = client(
            .remote(try #require(URL(string: "https://api.example.com"))),
            transport: StubTransport(outcome: .failure(Odd())))
        let error = await #expect(throws: ProviderError.self) { try await remote.get("flights") }
        #expect(error?.code == .transport)
        #expect(error?.underlying is Odd)
    }

    @Test func remoteBodyOverTheClientCapIsRefused() async throws {
        // The client's cap holds for live bodies too, whatever the transport's own cap.
        let remote = client(
            .remote(try #require(URL(string: "https://api.example.com"))),
            transport: StubTransport(outcome: .success(HTTPResponse(status: 200, body: Data(count: 2048)))),
            maxResponseBytes: 1024)
        let error = await #expect(throws: ProviderError.self) { try await remote.get("flights") }
        #expect(error?.code == .responseTooLarge)
    }
}

/// The offline endpoints: compiled-in samples and recordings on disk.
@Suite("ProviderClient embedded and file endpoints")
struct ProviderClientRecordingTests {
    /// Runs `body` with a fresh folder under the temporary directory, and removes the folder afterwards.
    private func withTemporaryFolder(_ body: (URL) async throws -> Void) async throws {
        let folder = FileManager.default.temporaryDirectory
            .appendingPathComponent("ProviderClientTests-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        try await body(folder)
    }

    @Test func embeddedServesByLastPathComponent() async throws {
        let embedded = client(.embedded, samples: ["flights": #"{"a":1}"#, "prices": "[]"])
        #expect(try await embedded.get("api/v2/flights") == Data(#"{"a":1}"#.utf8))
        #expect(try await embedded.get("prices", query: [URLQueryItem(name: "x", value: "1")]) == Data("[]".utf8))
    }

    @Test func missingEmbeddedSampleIsAConfigurationError() async throws {
        let embedded = client(.embedded, samples: ["flights": "[]"])
        let error = await #expect(throws: ProviderError.self) { try await embedded.get("v1/hotels") }
        #expect(error?.code == .configuration)
        #expect(error?.message.contains("'hotels'") == true)
    }

    @Test func fileEndpointServesTheFileForAnyPath() async throws {
        try await withTemporaryFolder { folder in
            let file = folder.appendingPathComponent("recorded.json")
            try Data(#"{"recorded":true}"#.utf8).write(to: file)
            let recorded = client(.file(file))
            #expect(try await recorded.get("flights") == Data(#"{"recorded":true}"#.utf8))
            #expect(try await recorded.get("api/anything/else") == Data(#"{"recorded":true}"#.utf8))
        }
    }

    @Test func folderEndpointServesTheFileNamedAfterTheLastComponent() async throws {
        try await withTemporaryFolder { folder in
            try Data("[1]".utf8).write(to: folder.appendingPathComponent("flights.json"))
            try Data("[2]".utf8).write(to: folder.appendingPathComponent("prices.json"))
            let recorded = client(.file(folder))
            #expect(try await recorded.get("v2/search/flights") == Data("[1]".utf8))
            #expect(try await recorded.get("prices") == Data("[2]".utf8))
        }
    }

    @Test func missingFileNamesThePath() async throws {
        try await withTemporaryFolder { folder in
            let missing = folder.appendingPathComponent("nothing-here.json")
            let error = await #expect(throws: ProviderError.self) { try await client(.file(missing)).get("flights") }
            #expect(error?.code == .configuration)
            #expect(error?.message.contains(missing.path) == true)
        }
    }

    @Test func missingFolderEntryNamesTheFileAndTheFolder() async throws {
        try await withTemporaryFolder { folder in
            try Data("[]".utf8).write(to: folder.appendingPathComponent("flights.json"))
            let error = await #expect(throws: ProviderError.self) { try await client(.file(folder)).get("v1/prices") }
            #expect(error?.code == .configuration)
            #expect(error?.message.contains("prices.json") == true)
            #expect(error?.message.contains(folder.path) == true)
        }
    }

    @Test func recordingOverTheCapIsRefused() async throws {
        try await withTemporaryFolder { folder in
            let file = folder.appendingPathComponent("big.json")
            try Data(repeating: UInt8(ascii: " "), count: 4096).write(to: file)
            let error = await #expect(throws: ProviderError.self) {
                try await client(.file(file), maxResponseBytes: 1024).get("flights")
            }
            #expect(error?.code == .responseTooLarge)
            #expect(error?.message.contains("4096") == true)
            #expect(try await client(.file(file), maxResponseBytes: 4096).get("flights").count == 4096)
        }
    }

    /// An answer of `count` records of about 150 bytes, over a megabyte from 8,000 on: a size read in two
    /// passes.
    private static func answer(records count: Int) -> String {
        let records = (0..<count).map { index in
            #"{"id": "r\#(index)", "price": \#(index).5, "note": "\#(String(repeating: "x", count: 100))"}"#
        }
        return #"{"data": ["# + records.joined(separator: ",") + #"], "currency": "EUR"}"#
    }

    @Test func aLargeRecordingReadInOneCallGivesWhatItsBodyGives() async throws {
        try await withTemporaryFolder { folder in
            let file = folder.appendingPathComponent("flights.json")
            let text = Self.answer(records: 9_000).replacingOccurrences(of: #""price": 7.5"#, with: #""price": "?""#)
            try Data(text.utf8).write(to: file)
            #expect(text.utf8.count > 1 << 20)
            let recorded = client(.file(folder), maxResponseBytes: 8 << 20)
            let read = { (root: JSONNode) throws -> [String] in
                let records = try root["data"].decodeRecords { "\(try $0["id"].string) \(try $0["price"].decimal)" }
                return records.records + ["\(records.skipped) \(try root["currency"].string)"]
            }
            let streamed = try await recorded.read(.get("v2/flights")) { root in
                // Read in two passes: the records are in the file, not in the skeleton.
                #expect(root.context.pointee.deferred?.entries.count ?? 0 > 8_000)
                return try read(root)
            }
            let whole = try recorded.read(try await recorded.get("v2/flights"), read)
            #expect(streamed == whole)
            #expect(streamed.count == 9_000)
            #expect(streamed.last == "1 EUR")
        }
    }

    @Test func aLargeRecordingThatIsNotValidJSONIsWordedAsItsBodyWouldBe() async throws {
        try await withTemporaryFolder { folder in
            let file = folder.appendingPathComponent("flights.json")
            let recorded = client(.file(file), maxResponseBytes: 8 << 20)
            let damaged = [
                Self.answer(records: 9_000).replacingOccurrences(of: #""r8000""#, with: #""r8000\q""#),
                String(Self.answer(records: 9_000).dropLast(3)),
                "<html>" + String(repeating: "<p>no</p>", count: 200_000) + "</html>",
            ]
            for text in damaged {
                try Data(text.utf8).write(to: file)
                let streamed = await #expect(throws: ProviderError.self) {
                    try await recorded.read(.get("flights")) { root in try root["data"].decodeRecords { $0.kind } }
                }
                let whole = await #expect(throws: ProviderError.self) {
                    try recorded.read(try await recorded.get("flights")) { _ in }
                }
                #expect(streamed?.code == .malformedResponse)
                #expect(streamed?.message == whole?.message, "\(text.prefix(40))")
            }
        }
    }

    @Test func aLargeRecordingOverTheCapIsRefusedBeforeItIsRead() async throws {
        try await withTemporaryFolder { folder in
            let file = folder.appendingPathComponent("flights.json")
            try Data(Self.answer(records: 9_000).utf8).write(to: file)
            let error = await #expect(throws: ProviderError.self) {
                try await client(.file(file), maxResponseBytes: 1 << 20).read(.get("flights")) { _ in }
            }
            #expect(error?.code == .responseTooLarge)
            #expect(error?.remedy == .raiseSizeCap)
        }
    }
}

/// Parsing endpoint settings from the command line and the environment.
@Suite("Endpoint parsing")
struct EndpointParsingTests {
    @Test(arguments: ["embedded", " Embedded ", "EMBEDDED"])
    func embedded(text: String) throws {
        #expect(try Endpoint(parsing: text) == .embedded)
    }

    @Test func fileURL() throws {
        let endpoint = try Endpoint(parsing: "file:///x")
        #expect(endpoint == .file(URL(fileURLWithPath: "/x")))
        #expect(!endpoint.isRemote)
        #expect(endpoint.description == "file:///x")
    }

    @Test func barePaths() throws {
        #expect(
            try Endpoint(parsing: "/var/recordings/kiwi.json")
                == .file(URL(fileURLWithPath: "/var/recordings/kiwi.json")))
        #expect(try Endpoint(parsing: "recordings/kiwi") == .file(URL(fileURLWithPath: "recordings/kiwi")))
    }

    @Test func httpsURL() throws {
        let endpoint = try Endpoint(parsing: "https://h/p")
        #expect(endpoint == .remote(try #require(URL(string: "https://h/p"))))
        #expect(endpoint.isRemote)
        #expect(endpoint.description == "https://h/p")
    }

    @Test func unsupportedSchemeIsRefused() {
        let error = #expect(throws: EndpointError.self) { try Endpoint(parsing: "ftp://x") }
        #expect(error?.text == "ftp://x")
        #expect(error?.reason.contains("'ftp'") == true)
        #expect(error?.description.contains("'ftp://x' is not a usable endpoint") == true)
    }

    @Test(arguments: ["", "   "])
    func emptyIsRefused(text: String) {
        let error = #expect(throws: EndpointError.self) { try Endpoint(parsing: text) }
        #expect(error?.reason == "it is empty")
    }

    @Test func httpWithoutHostIsRefused() {
        #expect(throws: EndpointError.self) { try Endpoint(parsing: "https://") }
    }
}

/// The whole live path: a client on a `.remote` endpoint, the real transport, a real socket.
@Suite("ProviderClient end to end")
struct ProviderClientEndToEndTests {
    @Test func fetchesFromTheLoopbackServer() async throws {
        let server = try LoopbackHTTPServer { request in
            request.path == "/api/v2/flights" ? .json(#"{"data":[]}"#) : .json("{}", status: 404)
        }
        defer { server.stop() }
        let live = ProviderClient(
            testing: "probe", on: .remote(server.baseURL.appendingPathComponent("api")),
            samples: EmbeddedResponses([:]), transport: URLSessionTransport(), fixedHeaders: ["apikey": "k-123"],
            requestTimeout: .seconds(5))
        let body = try await live.get("v2/flights", query: [URLQueryItem(name: "fly_from", value: "VIE")])
        #expect(body == Data(#"{"data":[]}"#.utf8))
        let received = try #require(server.requests.first)
        #expect(received.path == "/api/v2/flights")
        #expect(received.queryItems == [URLQueryItem(name: "fly_from", value: "VIE")])
        #expect(received.headers["apikey"] == "k-123")
    }

    @Test func rateLimitOverTheWireKeepsRetryAfter() async throws {
        let server = try LoopbackHTTPServer { _ in .json("{}", status: 429, headers: ["Retry-After": "300"]) }
        defer { server.stop() }
        let live = ProviderClient(
            testing: "probe", on: .remote(server.baseURL), samples: EmbeddedResponses([:]),
            transport: RetryingTransport(URLSessionTransport()), requestTimeout: .seconds(5))
        let started = ContinuousClock.now
        let error = await #expect(throws: ProviderError.self) { try await live.get("flights") }
        #expect(error?.code == .rateLimited)
        // Five minutes is longer than a request may take, so the retry stage reports at once instead of waiting.
        #expect(error?.message == "the service is rate limiting requests (Retry-After: 300)")
        #expect(ContinuousClock.now - started < .seconds(60))
        #expect(server.requests.count == 1)
    }
}

@Suite("Endpoint parsing: file URLs")
struct FileEndpointParsingTests {
    @Test func aFileURLWithAHostIsRefusedRatherThanReadAsAnotherPath() throws {
        #expect(throws: EndpointError.self) { try Endpoint(parsing: "file://recordings/kiwi.json") }
        #expect(
            try Endpoint(parsing: "file://localhost/tmp/kiwi.json") == .file(URL(fileURLWithPath: "/tmp/kiwi.json")))
    }
}
