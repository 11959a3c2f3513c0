import ProviderKit
import Testing

@Suite("Provider text: trimming and upper-casing fields without Foundation round-trips")
struct ProviderTextTests {
    @Test(arguments: [
        ("VIE", "VIE"), ("  VIE\t", "VIE"), ("\n Wien \r\n", "Wien"), ("\u{A0}Zürich\u{2003}", "Zürich"),
        ("", ""), ("   ", ""), ("a b", "a b"), ("\u{3000}東京\u{3000}", "東京"),
    ])
    func trimsWhiteSpaceAtEitherEndOnly(text: String, trimmed: String) {
        #expect(text.trimmedText == trimmed)
    }

    @Test(arguments: [
        ("vie", "VIE"), ("OS", "OS"), ("os7", "OS7"), ("", ""), ("zürich", "ZÜRICH"), ("a-b_c", "A-B_C"),
        // Longer than a string held in the value itself.
        ("ABCDEFGHIJKLMNOPQRSTUVWXYZ", "ABCDEFGHIJKLMNOPQRSTUVWXYZ"),
        ("abcdefghijklmnopqrstuvwxyz", "ABCDEFGHIJKLMNOPQRSTUVWXYZ"),
        ("ABCDEFGHIJKLMNOPQRSTUVWXYZé", "ABCDEFGHIJKLMNOPQRSTUVWXYZÉ"),
    ])
    func upperCasesCodes(text: String, upper: String) {
        #expect(text.uppercasedCode == upper)
    }

    @Test func aBlankFieldIsNoValue() {
        #expect(" OS ".nonBlank == "OS")
        #expect("".nonBlank == nil)
        #expect(" \t\n\u{A0}".nonBlank == nil)
    }
}
