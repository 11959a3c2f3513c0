import Foundation
import ProviderKit
import Testing

@testable import AggregateCLI
@testable import CommandLineParsing
@testable import Watches

/// How the watches file keeps a watch's search: as its typed options, and how a file of the earlier version,
/// which kept command-line words, is read.
@Suite("Watches: the search kept as options")
struct WatchStoreFormatTests {
    private static let created = Date(timeIntervalSince1970: 1_796_000_000)

    private static func watch(_ search: [Watch.Option]) -> Watch {
        Watch(name: "vie-bcn", search: search, below: 95, trip: nil, currency: .eur, created: created)
    }

    @Test func aSearchIsWrittenAsAnObjectOfOptionsAndReadBackTheSame() throws {
        let search: [Watch.Option] = [
            .init(key: .providers, value: "kiwi,duffel"), .init(key: .from, value: "VIE"),
            .init(key: .date, value: "2026-12-18..2026-12-20"), .init(key: .roundTrip, value: nil),
            .init(key: .endpoint, value: "kiwi=live"), .init(key: .endpoint, value: "duffel=/tmp/duffel.json"),
            .init(key: .currency, value: "EUR"),
        ]
        let data = WatchStore.encode([Self.watch(search)])
        let text = String(decoding: data, as: UTF8.self)
        #expect(
            text.contains(#""schema" : "aggregate.watches.v2""#) || text.contains(#""schema": "aggregate.watches.v2""#))
        let object = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        let stored = try #require((object["watches"] as? [[String: Any]])?.first?["search"] as? [String: Any])
        #expect(stored["from"] as? String == "VIE")
        #expect(stored["round-trip"] as? Bool == true)
        #expect(stored["endpoint"] as? [String] == ["kiwi=live", "duffel=/tmp/duffel.json"])
        let read = try #require(WatchStore.decode(data))
        #expect(read == [Self.watch(search)])
        // The command line's words of it, for people and the list document, are those an earlier version kept.
        #expect(
            read.first?.words == [
                "--providers=kiwi,duffel", "--from=VIE", "--date=2026-12-18..2026-12-20", "--round-trip",
                "--endpoint=kiwi=live", "--endpoint=duffel=/tmp/duffel.json", "--currency=EUR",
            ])
    }

    @Test func aFileOfTheEarlierVersionIsReadWithNothingLost() throws {
        let earlier = """
            {"schema": "aggregate.watches.v1", "watches": [{"name": "vie-bcn",
             "search": ["--from=VIE", "--to=BCN", "--date=2026-12-18", "--live", "--currency=EUR"],
             "below": 95, "trip": null, "currency": "EUR", "created_at": "2026-11-29T10:13:20Z"}]}
            """
        let read = try #require(WatchStore.decode(Data(earlier.utf8)))
        #expect(
            read.first?.search == [
                .init(key: .from, value: "VIE"), .init(key: .to, value: "BCN"), .init(key: .date, value: "2026-12-18"),
                .init(key: .live, value: nil), .init(key: .currency, value: "EUR"),
            ])
        #expect(read.first?.below == 95)
        // Written again, it is the new form, and reads back the same.
        #expect(WatchStore.decode(WatchStore.encode(read)) == read)
        // Its options fill search's own table as the words did.
        let options = try #require(try read.first?.options(command: "watch run"))
        #expect(options.value(.from) == "VIE")
        #expect(options.has(.live))
    }

    @Test(arguments: [
        #"{"frm": "VIE"}"#, #"{"live": "yes"}"#, #"{"from": true}"#, #"{"from": 3}"#, #"["--frm=VIE"]"#,
        #"["--live=yes"]"#, #"["--from"]"#,
    ])
    func aSearchThisVersionCannotReadIsNotTakenForAnother(search: String) {
        let file = """
            {"schema": "aggregate.watches.v2", "watches": [{"name": "w", "search": \(search),
             "below": null, "trip": null, "currency": "EUR", "created_at": "2026-11-29T10:13:20Z"}]}
            """
        #expect(WatchStore.decode(Data(file.utf8)) == nil)
    }
}
