import Foundation
import ProviderKit
import Testing

@Suite("WebLink: the one check of links from provider answers")
struct WebLinkTests {
    @Test(arguments: ["https://www.kiwi.com/deep?id=1", "HTTP://Example.com/a", "http://x.example:8080/p?q=1#f"])
    func webLinksWithAHostAreTaken(text: String) {
        #expect(WebLink.url(text)?.absoluteString == text)
    }

    /// Characters that are not controls although their UTF-8 looks close: `©` is C2 A9 (C1 controls are
    /// C2 80–9F), `Â` is C3 82.
    @Test(arguments: ["https://a.example/\u{A9}", "https://a.example/\u{C2}"])
    func printableCharactersBesideControlsAreTaken(text: String) {
        #expect(WebLink.url(text) != nil)
    }

    @Test(arguments: [
        "javascript:alert(1)", "file:///etc/passwd", "data:text/html,hi", "https:///nohost", "//host/path",
        "https://a.example/ b", "https://a.example/\u{1B}[2J", "https://a.example/\u{9B}31m", "ftp://a.example/",
        "https://a.example/\u{7F}", "https://a.example/\u{85}", "https://a.example/\u{A9}\u{9F}",
        "https://a.example/" + String(repeating: "token", count: 200) + "\t",
        "https://a.example/" + String(repeating: "x", count: 5000),
    ])
    func anythingElseIsRefused(text: String) {
        #expect(WebLink.url(text) == nil)
    }

    @Test func aFieldIsAbsentRefusedOrAWebLink() throws {
        let kinds = try JSONDocument.read(
            Array(#"{"a": null, "b": "  ", "c": 7, "d": "javascript:x", "e": " https://a.example/logo.png "}"#.utf8)
        ) { root in
            try ["a", "b", "c", "d", "e", "missing"].map { WebLink(try root[$0]) }
        }
        #expect(kinds[0...2].allSatisfy { $0 == .absent } && kinds[5] == .absent)
        #expect(kinds[3] == .refused)
        #expect(kinds[4].url?.absoluteString == "https://a.example/logo.png")
        #expect(WebLink.url("https://a.example/" + String(repeating: "x", count: 5000), maximumLength: 16_384) != nil)
    }
}
