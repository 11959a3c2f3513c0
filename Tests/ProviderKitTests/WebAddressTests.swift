import AggregatorTestSupport
import Foundation
import Testing

@testable import ProviderKit

@Suite("Links kept as text until shown")
struct WebAddressTests {
    /// Links the plain check takes: each must be a `URL` that prints as written and is a web link.
    static let plain = [
        "https://www.kiwi.com/deep?from=VIE&to=BCN&booking_token=AbC-123_x~y.z",
        "http://a",
        "https://a.b-c.example/",
        "https://host?only=query",
        "https://host#only-fragment?with=question/and/slash",
        "https://host/%41%7e%2F?x=%00#%ff",
        "https://host/!$&'()*+,;=:@/path",
        "https://-odd-.host../..",
        "https://1.2.3.4/x",
    ]

    /// Plain links with characters `URL` escapes, and the text it prints for them.
    static let escaped = [
        (
            "https://www.kiwi.com/deep?flightsId=a_0|b_0&x={y}",
            "https://www.kiwi.com/deep?flightsId=a_0%7Cb_0&x=%7By%7D"
        ),
        ("https://host/%zz%4", "https://host/%25zz%254"),
        ("https://host/#a#b", "https://host/#a%23b"),
        // A part with anything to escape has its percent signs escaped too; the other parts stay as they are.
        ("https://host/p%4F|?q=%4f#%4f", "https://host/p%254F%7C?q=%4f#%4f"),
        ("https://host/[x]^`\\\"<>", "https://host/%5Bx%5D%5E%60%5C%22%3C%3E"),
    ]

    /// Web links the plain check leaves to `URL`, which takes them.
    static let parsed = [
        "HTTPS://www.kiwi.com/deep", "https://host:8443/x", "https://user@host/x", "https://host/a b",
        "https://hôst.example/ü", "https://[::1]/x", "https://host/a\u{7F}",
    ]

    @Test("Plain links are kept as the text their URL prints, and are web links", arguments: plain)
    func plainLinksKeepTheirText(text: String) throws {
        let address = try #require(WebAddress(webText: text))
        let url = try #require(URL(string: text))
        #expect(address.text == text)
        #expect(url.absoluteString == text)
        #expect(WebLink.isWebLink(url))
        #expect(address.isWebLink)
        #expect(address.url == url)
        #expect(address == WebAddress(url))
        #expect(address.hashValue == WebAddress(url).hashValue)
        #expect(WebLink.address(text) == address)
    }

    @Test("Characters URL escapes are escaped as it escapes them", arguments: escaped)
    func escapedAsURLEscapes(text: String, printed: String) throws {
        let address = try #require(WebAddress(webText: text))
        #expect(address.text == printed)
        #expect(address.isWebLink)
        if let url = URL(string: text) {
            #expect(url.absoluteString == printed)
            #expect(address.url == url)
        }
    }

    @Test("Text the plain check does not take is parsed as before", arguments: parsed)
    func otherTextIsParsed(text: String) {
        #expect(WebAddress(webText: text) == nil)
        let address = WebLink.address(text)
        #expect(address?.text == WebLink.url(text)?.absoluteString)
        #expect(address?.url == WebLink.url(text))
    }

    @Test(
        "What is not a web link stays out",
        arguments: [
            "javascript:alert(1)", "file:///etc/passwd", "data:text/html,x", "/relative", "https://", "https:///x",
            "https://host/\u{1B}[31m", "https://host/\u{85}", "ftp://host/x", "",
        ])
    func nonWebLinksStayOut(text: String) {
        #expect(WebAddress(webText: text) == nil)
        #expect(WebLink.address(text) == nil)
    }

    @Test("Links read as bytes give what the same text gives")
    func bytesReadAsText() {
        let texts =
            Self.plain + Self.escaped.map(\.0) + Self.parsed
            + ["javascript:alert(1)", "file:///etc/passwd", "https://", "https://host/\u{1B}[31m", "", "ftp://host/x"]
        for text in texts {
            Array(text.utf8).withUnsafeBufferPointer { bytes in
                #expect(WebAddress(webBytes: bytes) == WebAddress(webText: text), "\(text)")
                #expect(WebLink.address(bytes: bytes) == WebLink.address(text), "\(text)")
                #expect(WebLink.address(bytes: bytes, maximumLength: 10) == WebLink.address(text, maximumLength: 10))
            }
        }
    }

    @Test("A link over the length limit is refused either way")
    func tooLong() {
        let text = "https://host/" + String(repeating: "a", count: 100)
        #expect(WebLink.address(text, maximumLength: 50) == nil)
        #expect(WebLink.address(text, maximumLength: 200)?.text == text)
    }

    @Test("A URL from elsewhere is judged once: a web link or not")
    func urlsFromElsewhere() throws {
        #expect(!WebAddress(try #require(URL(string: "javascript:alert(1)"))).isWebLink)
        #expect(!WebAddress(try #require(URL(string: "mailto:a@b.example"))).isWebLink)
        #expect(WebAddress(try #require(URL(string: "https://host:8443/x"))).isWebLink)
    }

    @Test("The path characters' bit table is the list of them")
    func pathTable() {
        for byte in UInt8.min...UInt8.max {
            #expect(WebAddress.takesInPath(byte) == WebAddress.pathCharacters.contains(byte), "\(byte)")
        }
    }

    @Test("Thousands of random links print as their URLs do")
    func randomLinks() throws {
        var generator = SplitMix64(seed: 0x5eed)
        // Every printable ASCII character, with more of those that start escapes and components.
        let alphabet = Array((0x21...0x7E).map(UInt8.init) + Array("%%%##??//".utf8))
        var taken = 0
        for _ in 0..<5_000 {
            var bytes = Array("https://h.example".utf8)
            let first: [UInt8] = [UInt8(ascii: "/"), UInt8(ascii: "?"), UInt8(ascii: "#")]
            bytes.append(first[Int(generator.next() % 3)])
            for _ in 0..<Int(generator.next() % 40) {
                let byte = alphabet[Int(generator.next() % UInt64(alphabet.count))]
                bytes.append(byte)
                // A percent sign mostly starts an escape, sometimes not.
                if byte == UInt8(ascii: "%"), generator.next() % 4 != 0 { bytes += Array("4f".utf8) }
            }
            let text = String(decoding: bytes, as: UTF8.self)
            let address = try #require(WebAddress(webText: text), "\(text)")
            guard let url = URL(string: text) else { continue }
            taken += 1
            #expect(address.text == url.absoluteString, "\(text)")
            #expect(WebLink.isWebLink(url), "\(text)")
        }
        #expect(taken > 1_000)
    }
}
