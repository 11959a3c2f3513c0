import Testing

@testable import HTTPServer

@Suite("The request parser")
struct RequestParserTests {
    static let limits = HTTPLimits(requestLineBytes: 64, headerCount: 4, headerBytes: 256, bodyBytes: 32)

    private func parse(_ text: String, limits: HTTPLimits = limits) -> RequestParser.Outcome {
        var parser = RequestParser(limits: limits, remoteAddress: "test")
        return parser.parse(Array(text.utf8))
    }

    private func status(_ text: String) -> Int? {
        if case .failure(let error) = parse(text) { return error.status }
        return nil
    }

    @Test("reads a request whole, whichever way its bytes are split")
    func splitAnywhere() throws {
        let text = "POST /a/b?x=1&y=%20z HTTP/1.1\r\nHost: h\r\nContent-Length: 5\r\nX-A:  v  \r\n\r\nhelloGET"
        let bytes = Array(text.utf8)
        for cut in 1..<bytes.count {
            var parser = RequestParser(limits: Self.limits, remoteAddress: "test")
            #expect(parser.parse(Array(bytes[..<cut])) == .needMore(sendContinue: false) || cut >= bytes.count - 3)
            guard case .request(let request, let consumed) = parser.parse(bytes) else {
                Issue.record("no request after a cut at \(cut)")
                return
            }
            #expect(consumed == bytes.count - 3)
            #expect(request.method == "POST")
            #expect(request.path == "/a/b")
            #expect(request.queryItems.map(\.value) == ["1", " z"])
            #expect(request.headers["x-a"] == "v")
            #expect(request.body == Array("hello".utf8))
        }
    }

    @Test("decodes a chunked body with extensions and trailers")
    func chunked() {
        let text =
            "POST / HTTP/1.1\r\nHost: h\r\nTransfer-Encoding: chunked\r\n\r\n"
            + "3;name=value\r\nabc\r\n2\r\nde\r\n0\r\nX-Trailer: 1\r\n\r\nNEXT"
        guard case .request(let request, let consumed) = parse(text) else {
            Issue.record("not read")
            return
        }
        #expect(request.body == Array("abcde".utf8))
        #expect(consumed == text.utf8.count - 4)
    }

    @Test("skips empty lines before the request line")
    func leadingEmptyLines() {
        guard case .request(let request, _) = parse("\r\n\r\nGET / HTTP/1.1\r\nHost: h\r\n\r\n") else {
            Issue.record("not read")
            return
        }
        #expect(request.method == "GET")
    }

    @Test(
        "answers a malformed head with its status",
        arguments: [
            ("GET / HTTP/1.1\nHost: h\r\n\r\n", 400),  // bare LF
            ("GET / HTTP/1.1\r\nHost: h\rX: y\r\n\r\n", 400),  // bare CR
            ("GET / HTTP/1.1\r\n\r\n", 400),  // no Host
            ("GET / HTTP/1.1\r\nHost: a\r\nHost: b\r\n\r\n", 400),  // two Hosts
            ("GET  / HTTP/1.1\r\nHost: h\r\n\r\n", 400),  // two spaces
            ("G(T / HTTP/1.1\r\nHost: h\r\n\r\n", 400),  // method not a token
            ("GET /\u{7F} HTTP/1.1\r\nHost: h\r\n\r\n", 400),  // control character in the target
            ("GET x HTTP/1.1\r\nHost: h\r\n\r\n", 400),  // not a path
            ("GET / HTTP/2.0\r\nHost: h\r\n\r\n", 505),
            ("GET / HTTP/1.1x\r\nHost: h\r\n\r\n", 400),
            ("GET / HTTP/1.1\r\nHost: h\r\n folded\r\n\r\n", 400),
            ("GET / HTTP/1.1\r\nHost : h\r\n\r\n", 400),  // space before the colon
            ("GET / HTTP/1.1\r\nHost h\r\n\r\n", 400),  // no colon
            ("GET / HTTP/1.1\r\nHost: h\u{01}\r\n\r\n", 400),  // control character in a value
            ("POST / HTTP/1.1\r\nHost: h\r\nContent-Length: 1\r\nTransfer-Encoding: chunked\r\n\r\n", 400),
            ("POST / HTTP/1.1\r\nHost: h\r\nTransfer-Encoding: gzip\r\n\r\n", 400),
            ("POST / HTTP/1.1\r\nHost: h\r\nTransfer-Encoding: gzip, chunked\r\n\r\n", 501),
            ("POST / HTTP/1.0\r\nTransfer-Encoding: chunked\r\n\r\n", 400),
            ("POST / HTTP/1.1\r\nHost: h\r\nContent-Length: -1\r\n\r\n", 400),
            ("POST / HTTP/1.1\r\nHost: h\r\nContent-Length: 1, 2\r\n\r\n", 400),
            ("POST / HTTP/1.1\r\nHost: h\r\nContent-Length: 0x10\r\n\r\n", 400),
            ("GET / HTTP/1.1\r\nHost: h\r\nExpect: magic\r\n\r\n", 417),
            ("POST / HTTP/1.1\r\nHost: h\r\nTransfer-Encoding: chunked\r\n\r\nzz\r\n", 400),
            ("POST / HTTP/1.1\r\nHost: h\r\nTransfer-Encoding: chunked\r\n\r\n2\r\nabc\r\n", 400),
        ])
    func malformed(text: String, expected: Int) {
        #expect(status(text) == expected, "\(text.debugDescription)")
    }

    @Test(
        "answers a request over a limit with its status before the rest arrives",
        arguments: [
            ("GET /" + String(repeating: "a", count: 80), 414),  // a request line that does not end
            ("GET /" + String(repeating: "a", count: 80) + " HTTP/1.1\r\n", 414),
            ("GET / HTTP/1.1\r\nHost: h\r\n" + String(repeating: "X-A: 1\r\n", count: 4), 431),
            ("GET / HTTP/1.1\r\nHost: h\r\nX-A: " + String(repeating: "a", count: 300), 431),
            ("POST / HTTP/1.1\r\nHost: h\r\nContent-Length: 33\r\n\r\n", 413),
            ("POST / HTTP/1.1\r\nHost: h\r\nContent-Length: 99999999999999999999\r\n\r\n", 400),
            ("POST / HTTP/1.1\r\nHost: h\r\nTransfer-Encoding: chunked\r\n\r\n21\r\n", 413),
            (
                "POST / HTTP/1.1\r\nHost: h\r\nTransfer-Encoding: chunked\r\n\r\n10\r\n"
                    + String(repeating: "a", count: 16)
                    + "\r\n11\r\n", 413
            ),
            ("POST / HTTP/1.1\r\nHost: h\r\nTransfer-Encoding: chunked\r\n\r\n123456789\r\n", 413),
            (String(repeating: "\r\n", count: 40), 400),
        ])
    func overLimit(text: String, expected: Int) {
        #expect(status(text) == expected, "\(text.prefix(60).debugDescription)")
    }

    @Test("asks for 100 Continue once the head is in and the body is not")
    func expectContinue() {
        let head = "POST / HTTP/1.1\r\nHost: h\r\nExpect: 100-continue\r\nContent-Length: 2\r\n\r\n"
        var parser = RequestParser(limits: Self.limits, remoteAddress: "test")
        #expect(parser.parse(Array(head.utf8)) == .needMore(sendContinue: true))
        guard case .request(let request, _) = parser.parse(Array((head + "ok").utf8)) else {
            Issue.record("not read")
            return
        }
        #expect(request.body == Array("ok".utf8))
    }

    @Test("reads HTTP/1.0 without Host, and knows when a connection is to close")
    func connectionOptions() throws {
        guard case .request(let old, _) = parse("GET / HTTP/1.0\r\n\r\n"),
            case .request(let kept, _) = parse("GET / HTTP/1.0\r\nConnection: Keep-Alive\r\n\r\n"),
            case .request(let closing, _) = parse("GET / HTTP/1.1\r\nHost: h\r\nConnection: foo, close\r\n\r\n")
        else {
            Issue.record("not read")
            return
        }
        #expect(old.wantsClose)
        #expect(!kept.wantsClose)
        #expect(closing.wantsClose)
    }

    @Test("decodes query items, keeping what is not UTF-8 as written")
    func queryItems() {
        let request = ServerRequest(method: "GET", target: "/v1/search?from=VIE&to=B%43N&empty&bad=%ff&plus=a+b")
        #expect(request.queryItems.map(\.name) == ["from", "to", "empty", "bad", "plus"])
        #expect(request.queryItems.map(\.value) == ["VIE", "BCN", "", "%ff", "a b"])
        #expect(ServerRequest(method: "GET", target: "http://host:1/p?q").path == "/p")
    }
}
