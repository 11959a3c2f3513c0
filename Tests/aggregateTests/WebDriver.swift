import Foundation
import Testing

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// `chromedriver` running as a child process on a free loopback port, driving headless Chromium through the
/// W3C WebDriver protocol over plain HTTP: sessions, navigation, elements, keys, clicks, scripts and
/// screenshots, nothing more than the browser tests need.
///
/// Every wait is bounded by ``patience``, which rules out a hang and measures nothing; ``stop()`` ends every
/// session it opened and then the driver.
final class ChromeDriver: @unchecked Sendable {
    /// How long any wait lasts before the test gives up.
    static let patience: Duration = .seconds(60)

    /// The Chromium binary, if one is installed.
    static var chromium: String? {
        ["/usr/bin/chromium", "/usr/bin/chromium-browser", "/usr/bin/google-chrome"].first {
            FileManager.default.isExecutableFile(atPath: $0)
        }
    }

    /// The driver binary, if one is installed.
    static var driverPath: String? {
        ["/usr/bin/chromedriver", "/usr/lib/chromium/chromedriver"].first {
            FileManager.default.isExecutableFile(atPath: $0)
        }
    }

    /// Whether both are installed; when not, the browser tests skip and say so.
    static var isInstalled: Bool { chromium != nil && driverPath != nil }

    private let process = Process()
    private let profiles: URL
    private let lock = NSLock()
    private var sessions: [String] = []
    /// `http://127.0.0.1:PORT`.
    let baseURL: URL

    /// Starts the driver and waits until it is ready.
    static func start() async throws -> ChromeDriver {
        let driver = try ChromeDriver()
        let deadline = ContinuousClock.now + patience
        while ContinuousClock.now < deadline {
            if let status = try? await driver.call("GET", "/status"),
                (status["value"] as? [String: Any])?["ready"] as? Bool == true
            {
                return driver
            }
            guard driver.process.isRunning else { break }
            try await Task.sleep(for: .milliseconds(100))
        }
        await driver.stop()
        throw WebDriverFailure(description: "chromedriver did not become ready within \(patience)")
    }

    private init() throws {
        guard let path = Self.driverPath else { throw WebDriverFailure(description: "chromedriver is not installed") }
        let port = try Self.freePort()
        var components = URLComponents()
        components.scheme = "http"
        components.host = "127.0.0.1"
        components.port = port
        baseURL = components.url ?? URL(fileURLWithPath: "/")
        profiles = FileManager.default.temporaryDirectory.appendingPathComponent(
            "aggregate-chromium-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: profiles, withIntermediateDirectories: true)
        process.executableURL = URL(fileURLWithPath: path)
        process.arguments = ["--port=\(port)", "--allowed-ips=127.0.0.1", "--log-level=OFF"]
        process.environment = ["PATH": "/usr/bin:/bin", "HOME": profiles.path, "LANG": "C.UTF-8"]
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
    }

    deinit {
        if process.isRunning {
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
        }
        try? FileManager.default.removeItem(at: profiles)
    }

    /// Ends every session (and so its browser), then the driver.
    func stop() async {
        for session in lock.withLock({ sessions }) { _ = try? await call("DELETE", "/session/\(session)") }
        lock.withLock { sessions = [] }
        if process.isRunning {
            process.terminate()
            let deadline = ContinuousClock.now + .seconds(10)
            while process.isRunning, ContinuousClock.now < deadline { try? await Task.sleep(for: .milliseconds(50)) }
            if process.isRunning { kill(process.processIdentifier, SIGKILL) }
        }
    }

    /// Opens a headless browser.
    /// - Parameter javascript: whether pages may run scripts.
    /// - Returns: the session.
    func session(javascript: Bool = true) async throws -> BrowserSession {
        guard let chromium = Self.chromium else { throw WebDriverFailure(description: "chromium is not installed") }
        let profile = profiles.appendingPathComponent(UUID().uuidString).path
        var options: [String: Any] = [
            "binary": chromium,
            "args": [
                "--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage", "--no-first-run",
                "--no-default-browser-check", "--disable-background-networking", "--disable-component-update",
                "--disable-sync", "--disable-default-apps", "--disable-extensions", "--metrics-recording-only",
                "--disable-domain-reliability", "--disable-client-side-phishing-detection",
                "--safebrowsing-disable-auto-update", "--window-size=1280,900", "--user-data-dir=\(profile)",
                // Every name but loopback's fails to resolve: no request can leave the machine.
                "--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1, EXCLUDE localhost",
            ],
        ]
        if !javascript {
            options["prefs"] = ["profile.managed_default_content_settings.javascript": 2]
        }
        let answer = try await call(
            "POST", "/session",
            body: ["capabilities": ["alwaysMatch": ["browserName": "chrome", "goog:chromeOptions": options]]])
        guard let value = answer["value"] as? [String: Any], let id = value["sessionId"] as? String else {
            throw WebDriverFailure(description: "no session: \(answer)")
        }
        lock.withLock { sessions.append(id) }
        let session = BrowserSession(driver: self, id: id)
        _ = try await session.command(
            "POST", "timeouts", body: ["pageLoad": 60_000, "script": 30_000, "implicit": 0])
        return session
    }

    /// One WebDriver command.
    /// - Returns: the answer's JSON object.
    /// - Throws: ``WebDriverFailure`` for an error the driver answered, or one of HTTP.
    func call(_ method: String, _ path: String, body: [String: Any]? = nil) async throws -> [String: Any] {
        let payload = try body.map { try JSONSerialization.data(withJSONObject: $0) }
        let port = baseURL.port ?? 80
        let (status, data) = try await withCheckedThrowingContinuation { continuation in
            // The exchange blocks on its socket: off the tasks' threads, which other tests share.
            DispatchQueue.global().async {
                continuation.resume(with: Result { try PlainHTTP.exchange(port: port, method, path, body: payload) })
            }
        }
        let object = (try? JSONSerialization.jsonObject(with: data) as? [String: Any]) ?? [:]
        if status >= 400 {
            let value = object["value"] as? [String: Any]
            throw WebDriverFailure(
                description: "\(method) \(path): \(status) \(value?["error"] ?? "") \(value?["message"] ?? "")")
        }
        return object
    }

    /// A port nothing listens on now: bound and released at once.
    private static func freePort() throws -> Int {
        let socket = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard socket >= 0 else { throw WebDriverFailure(description: "no socket") }
        defer { close(socket) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = 0
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                bind(socket, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        guard bound == 0 else { throw WebDriverFailure(description: "cannot bind a loopback port") }
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        _ = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(socket, $0, &length) }
        }
        return Int(UInt16(bigEndian: address.sin_port))
    }
}

/// One browser, driven by ``ChromeDriver``.
struct BrowserSession: Sendable {
    /// The key of an element reference in WebDriver's answers.
    static let elementKey = "element-6066-11e4-a52e-4f735466cecf"

    let driver: ChromeDriver
    let id: String

    /// One command of this session.
    @discardableResult
    func command(_ method: String, _ path: String, body: [String: Any]? = nil) async throws -> Any? {
        try await driver.call(method, "/session/\(id)/\(path)", body: body ?? (method == "POST" ? [:] : nil))["value"]
    }

    /// Goes to an address and waits for the page to load.
    func navigate(_ url: String) async throws {
        try await command("POST", "url", body: ["url": url])
    }

    /// The address shown.
    func currentURL() async throws -> String { try await command("GET", "url") as? String ?? "" }

    /// The page's source as the browser holds it now.
    func source() async throws -> String { try await command("GET", "source") as? String ?? "" }

    /// The page's title.
    func title() async throws -> String { try await command("GET", "title") as? String ?? "" }

    /// The elements a CSS selector finds now.
    func elements(_ selector: String) async throws -> [String] {
        let value = try await command("POST", "elements", body: ["using": "css selector", "value": selector])
        return (value as? [[String: Any]] ?? []).compactMap { $0[Self.elementKey] as? String }
    }

    /// The first element a CSS selector finds, waiting for it up to the driver's patience.
    func element(_ selector: String) async throws -> String {
        let deadline = ContinuousClock.now + ChromeDriver.patience
        while ContinuousClock.now < deadline {
            if let first = try await elements(selector).first { return first }
            try await Task.sleep(for: .milliseconds(100))
        }
        throw WebDriverFailure(description: "no element matches \(selector) in \(try await currentURL())")
    }

    /// Waits until the page's text holds a string, up to the driver's patience.
    func waitForText(_ text: String, in selector: String = "body") async throws {
        let deadline = ContinuousClock.now + ChromeDriver.patience
        while ContinuousClock.now < deadline {
            if let element = try await elements(selector).first, try await self.text(element).contains(text) {
                return
            }
            try await Task.sleep(for: .milliseconds(100))
        }
        throw WebDriverFailure(description: "'\(text)' never appeared in \(selector) of \(try await currentURL())")
    }

    /// An element's rendered text.
    func text(_ element: String) async throws -> String {
        try await command("GET", "element/\(element)/text") as? String ?? ""
    }

    /// An element's attribute.
    func attribute(_ element: String, _ name: String) async throws -> String? {
        try await command("GET", "element/\(element)/attribute/\(name)") as? String
    }

    /// Clicks an element.
    func click(_ element: String) async throws {
        try await command("POST", "element/\(element)/click")
    }

    /// Clears a field.
    func clear(_ element: String) async throws {
        try await command("POST", "element/\(element)/clear")
    }

    /// Types into a field.
    func type(_ text: String, into element: String) async throws {
        try await command("POST", "element/\(element)/value", body: ["text": text])
    }

    /// Runs a script in the page and returns its value.
    func run(_ script: String) async throws -> Any? {
        try await command("POST", "execute/sync", body: ["script": script, "args": [Any]()])
    }

    /// Sets the window's size.
    func resize(width: Int, height: Int) async throws {
        try await command("POST", "window/rect", body: ["width": width, "height": height])
    }

    /// Saves a screenshot of the viewport as PNG.
    /// - Returns: the file.
    @discardableResult
    func screenshot(_ name: String) async throws -> URL {
        let encoded = try await command("GET", "screenshot") as? String ?? ""
        let data = try #require(Data(base64Encoded: encoded), "the screenshot is not base64")
        let folder = WebScreenshots.folder
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let file = folder.appendingPathComponent("\(name).png")
        try data.write(to: file)
        return file
    }
}

/// Where the browser tests write their screenshots: `.build/web-screenshots` of the package when the
/// tests run from it, else a temporary folder; never committed.
enum WebScreenshots {
    static var folder: URL {
        let package = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
        let build = package.appendingPathComponent(".build")
        if FileManager.default.fileExists(atPath: build.path) { return build.appendingPathComponent("web-screenshots") }
        return FileManager.default.temporaryDirectory.appendingPathComponent("aggregate-web-screenshots")
    }
}

/// Why the browser could not be driven.
struct WebDriverFailure: Error, CustomStringConvertible {
    var description: String
}

/// One HTTP/1.1 exchange with a server on loopback over a plain socket. chromedriver writes its header lines
/// with no space after the colon (`Content-Length:250`), which FoundationNetworking's URLSession refuses
/// ("Failed writing header"); HTTP allows it.
enum PlainHTTP {
    /// The longest one exchange may take: a new session starts a browser.
    static let timeout = 120

    /// Sending to a closed connection fails the call rather than raising SIGPIPE (Linux's flag; Darwin has none).
    #if os(Linux)
        private static let noSignal = Int32(MSG_NOSIGNAL)
    #else
        private static let noSignal: Int32 = 0
    #endif

    /// Sends one request and reads its response.
    /// - Parameters:
    ///   - port: the loopback port.
    ///   - method: the method.
    ///   - path: the path.
    ///   - body: a JSON body, if any.
    /// - Returns: the status and the body.
    static func exchange(port: Int, _ method: String, _ path: String, body: Data?) throws -> (Int, Data) {
        let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard descriptor >= 0 else { throw WebDriverFailure(description: "no socket") }
        defer { close(descriptor) }
        var wait = timeval(tv_sec: timeout, tv_usec: 0)
        setsockopt(descriptor, SOL_SOCKET, SO_RCVTIMEO, &wait, socklen_t(MemoryLayout<timeval>.size))
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        guard connected == 0 else { throw WebDriverFailure(description: "nothing listens on port \(port)") }
        var request = Data(
            ("\(method) \(path) HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\nConnection: close\r\n"
                + "Content-Type: application/json\r\nContent-Length: \(body?.count ?? 0)\r\n\r\n").utf8)
        request.append(body ?? Data())
        try request.withUnsafeBytes { bytes in
            guard let start = bytes.baseAddress else { return }
            var sent = 0
            while sent < bytes.count {
                let written = send(descriptor, start + sent, bytes.count - sent, noSignal)
                guard written > 0 else { throw WebDriverFailure(description: "\(method) \(path): cannot send") }
                sent += written
            }
        }
        var response = Data()
        var buffer = [UInt8](repeating: 0, count: 65_536)
        while true {
            let count = recv(descriptor, &buffer, buffer.count, 0)
            if count <= 0 { break }
            response.append(contentsOf: buffer[0..<count])
            if let (status, body) = complete(response) { return (status, body) }
        }
        if let (status, body) = complete(response, ended: true) { return (status, body) }
        throw WebDriverFailure(description: "\(method) \(path): no complete answer")
    }

    /// The status and body of a response read so far, once it is complete: its body as long as its
    /// `Content-Length` says, or all of it when the connection ended.
    private static func complete(_ response: Data, ended: Bool = false) -> (Int, Data)? {
        guard let split = response.range(of: Data("\r\n\r\n".utf8)) else { return nil }
        let head = String(decoding: response[..<split.lowerBound], as: UTF8.self).split(separator: "\r\n")
        guard let first = head.first, let status = first.split(separator: " ").dropFirst().first.flatMap({ Int($0) })
        else { return nil }
        let body = response[split.upperBound...]
        let length = head.dropFirst().compactMap { line -> Int? in
            let parts = line.split(separator: ":", maxSplits: 1)
            guard parts.count == 2, parts[0].lowercased() == "content-length" else { return nil }
            return Int(parts[1].trimmingCharacters(in: .whitespaces))
        }.first
        if let length { return body.count >= length ? (status, Data(body.prefix(length))) : nil }
        return ended ? (status, Data(body)) : nil
    }
}
