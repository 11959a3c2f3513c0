import AggregatorCore
import AggregatorTestSupport
import Foundation
import ProviderKit
import Testing

@testable import AggregateCLI
@testable import AggregateEngine

/// The writers every output goes through: terminal widths, table cells, tables that narrow, CSV fields
/// and the JSON envelope's escaping.
@Suite("output writers")
struct OutputWritersTests {
    @Test func widthsCountWideCharactersTwiceAndMarksNotAtAll() {
        #expect(DisplayWidth.of("VIE→BCN") == 7)
        #expect(DisplayWidth.of("中国国际航空") == 12)
        #expect(DisplayWidth.of("대한항공") == 8)
        #expect(DisplayWidth.of("ＪＡＬ") == 6)
        #expect(DisplayWidth.of("Türk") == 4)
        #expect(DisplayWidth.of("Tu\u{308}rk") == 4, "a combining diaeresis takes no column")
        #expect(DisplayWidth.of("a\u{200D}b") == 2, "a zero-width joiner takes none")
        #expect(DisplayWidth.of("★ OS 395") == 8, "ambiguous characters count as one, as outside East Asia")
        #expect(DisplayWidth.of("🛫") == 2)
    }

    @Test func cellsAreSanitisedAndCutWhereItReadsBest() {
        let hostile = TableCell("\u{1B}]0;title\u{07}OS\n395\u{9B}\u{202E}")
        #expect(hostile.text == "\u{FFFD}]0;title\u{FFFD}OS 395\u{FFFD}\u{FFFD}")
        #expect(hostile.width == 18)

        let long = TableCell(String(repeating: "Z", count: 1 << 20))
        #expect(long.text == String(repeating: "Z", count: 39) + "…")
        #expect(long.width == 40)

        let wide = TableCell(String(repeating: "航", count: 30))
        #expect(wide.text == String(repeating: "航", count: 19) + "…", "19 wide characters and … fill 39 columns")
        #expect(wide.width == 39)

        #expect(TableCell("LX 1577, LX 1952, LX 2000").shortened(to: 12).text == "LX 1577, …", "after a whole item")
        #expect(TableCell("aviasales 94.43, kiwi 98.00").shortened(to: 12).text == "aviasales …", "after a word")
        #expect(TableCell("Transavia Airlines").shortened(to: 8).text == "Transav…", "inside a word")
        #expect(TableCell("kiwi 98.00").shortened(to: 12).text == "kiwi 98.00", "what fits stays whole")
    }

    @Test func aTableNarrowsInItsOrderAndGivesSpareColumnsBack() {
        var table = TextTable(columns: [
            .init(title: "PRICE", alignRight: true), .init(title: "ROUTE"), .list("SOLD BY"), .list("TAGS"),
        ])
        table.append(["94.43", "VIE→BCN", "aviasales 94.43, kiwi 98.00", "best, cheapest, fastest"])
        table.append(["121.00", "大阪→東京", "kiwi 121.00", ""])
        let full = table.render(bold: false)
        #expect(
            full == """
                 PRICE  ROUTE      SOLD BY                      TAGS
                 94.43  VIE→BCN    aviasales 94.43, kiwi 98.00  best, cheapest, fastest
                121.00  大阪→東京  kiwi 121.00
                """)
        let narrowing: [TextTable.Narrowing] = [.leaveOut("TAGS"), .shorten("SOLD BY", to: 12)]
        #expect(table.render(bold: false, fitting: 80, narrowing: narrowing) == full, "it fits: nothing changes")
        let fitted = table.render(bold: false, fitting: 40, narrowing: narrowing)
        #expect(
            fitted == """
                 PRICE  ROUTE      SOLD BY
                 94.43  VIE→BCN    aviasales 94.43, …
                121.00  大阪→東京  kiwi 121.00
                """, "TAGS out, SOLD BY cut to 12, then given back the columns to spare")
        for line in fitted.split(separator: "\n") { #expect(DisplayWidth.of(String(line)) <= 40) }
    }

    @Test func csvFieldsAreSanitisedAndQuoted() {
        #expect(
            CSV.line(["a,b", "say \"hi\"", "line\nbreak", "\u{1B}[2J"])
                == "\"a,b\",\"say \"\"hi\"\"\",line break,\u{FFFD}[2J")
    }

    @Test func jsonEscapesWhatWouldSteerATerminalAndWritesNoNaN() throws {
        let text = JSONWriter.printed { json in
            json.object { json in
                json.key("name")
                json.string("\u{1B}]0;t\u{07}\u{7F}\u{9B}\u{202E}\u{2028}\u{200F}é日本")
                json.key("price")
                json.money(Money(Decimal.nan, .eur))
            }
        }
        #expect(
            text == """
                {
                  "name": "\\u001b]0;t\\u0007\\u007f\\u009b\\u202e\\u2028\\u200fé日本",
                  "price": {
                    "amount": null,
                    "currency": "EUR"
                  }
                }

                """)
        let parsed = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
        #expect(parsed["name"] as? String == "\u{1B}]0;t\u{07}\u{7F}\u{9B}\u{202E}\u{2028}\u{200F}é日本")
    }

    @Test func theRendererReturnsTheWholeJSONDocument() throws {
        let offer = OfferFactory.flight(
            provider: "kiwi", carrier: "OS", flightNumber: "395", from: "VIE", to: "BCN", departure: "2026-12-18 07:05",
            price: 169)
        let result = SearchResult(
            query: SearchQuery(), outcomes: [ProviderOutcome(provider: "kiwi", status: .ok, offerCount: 1)],
            offers: [offer], matched: 1, rates: .embedded)
        let text = SearchRenderer(result: result).render(.json, colors: false)
        #expect(text.hasSuffix("}\n"))
        let json = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
        let offers = try #require(json["offers"] as? [[String: Any]])
        let source = try #require((offers.first?["sources"] as? [[String: Any]])?.first)
        #expect(source["retrieved_at"] as? String == "2026-09-21T14:13:20Z")
        #expect(offers.first?["departure_utc"] as? String == "2026-12-18T06:05:00Z")
    }
}
