import Foundation
import Testing

@testable import MCPWire

@Suite("Event streams, as the HTML standard reads them")
struct EventStreamTests {
    @Test func eventsAreSplitOnBlankLinesAndTheirDataJoined() {
        let stream = EventStream(
            Data(": comment\r\n\r\nevent: message\r\ndata: {\"a\":\r\ndata:1}\r\nid: 7\r\n\r\ndata: x\n\n".utf8))
        #expect(
            stream.events == [
                EventStream.Event(type: "message", data: "{\"a\":\n1}", id: "7"),
                EventStream.Event(type: "message", data: "x", id: "7"),
            ])
    }

    @Test func anUnfinishedLastEventCountsOnlyWhenItsDataIsWholeJSON() {
        #expect(EventStream(Data("data: {\"id\": 1}".utf8)).events.map(\.data) == ["{\"id\": 1}"])
        #expect(EventStream(Data("data: {\"id\": 1,".utf8)).events.isEmpty)
        #expect(EventStream(Data("event: ping\n\n".utf8)).events.isEmpty, "an event without data is not dispatched")
    }

    /// A stream with every kind of line break, comments, a multi-line event, a named event, a field the
    /// reader ignores and a character of several bytes.
    static let mixed = Array(
        (": keep-alive\r\n\r\nevent: message\r\ndata: {\"a\":\r\ndata: 1}\r\nid: 7\r\n\r\n"
            + ": the search is running\n\nretry: 10\ndata: caf\u{E9} \u{1F686}\r\r"
            + "event: notice\ndata:x\ndata\n\n").utf8)

    static let mixedEvents = [
        EventStream.Event(type: "message", data: "{\"a\":\n1}", id: "7"),
        EventStream.Event(type: "message", data: "caf\u{E9} \u{1F686}", id: "7"),
        EventStream.Event(type: "notice", data: "x\n", id: "7"),
    ]

    @Test func aWholeStreamReadsIntoItsEvents() {
        #expect(EventStream(Data(Self.mixed)).events == Self.mixedEvents)
    }

    @Test func aStreamCutInTwoAnywhereReadsTheSame() {
        for cut in 0...Self.mixed.count {
            var reader = EventStream.Reader()
            let events =
                reader.read(Self.mixed[..<cut]) + reader.read(Self.mixed[cut...]) + reader.finish()
            #expect(events == Self.mixedEvents, "cut at byte \(cut)")
        }
    }

    @Test func aStreamReadOneByteAtATimeReadsTheSame() {
        var reader = EventStream.Reader()
        var events: [EventStream.Event] = []
        for byte in Self.mixed { events += reader.read([byte]) }
        #expect(events + reader.finish() == Self.mixedEvents)
    }

    @Test func anEventIsDispatchedByTheBlankLineThatEndsItNotBefore() {
        var reader = EventStream.Reader()
        #expect(reader.read(Array("data: {\"id\": 1}\r".utf8)).isEmpty)
        // The LF after a CR belongs to the same line break: it ends no second line, so no event yet.
        #expect(reader.read(Array("\n".utf8)).isEmpty)
        #expect(reader.read(Array("\r\n".utf8)) == [EventStream.Event(data: "{\"id\": 1}")])
    }

    @Test func aCommentIsNeverAnEvent() {
        #expect(EventStream(Data(EventStream.comment("waiting\nstill waiting"))).events.isEmpty)
        #expect(EventStream.comment("keep-alive") == Array(": keep-alive\n\n".utf8))
        #expect(EventStream.comment("a\r\nb") == Array(": a\n: b\n\n".utf8))
    }

    @Test func aOneLineMessageIsWrittenAsOneDataLine() {
        let message = Array(#"{"jsonrpc":"2.0","id":1,"result":{}}"#.utf8)
        #expect(
            EventStream.encode(data: message)
                == Array("event: message\ndata: {\"jsonrpc\":\"2.0\",\"id\":1,\"result\":{}}\n\n".utf8))
        #expect(EventStream.encode(id: "1", data: message).starts(with: Array("event: message\nid: 1\ndata: ".utf8)))
    }

    @Test func dataOfSeveralLinesIsWrittenAsADataLineEachAndReadBackJoined() {
        let event = EventStream.Event(type: "message", data: "{\"a\":\r\n1,\r\"b\":\n2}\n", id: "9")
        #expect(
            event.encoded
                == Array("event: message\nid: 9\ndata: {\"a\":\ndata: 1,\ndata: \"b\":\ndata: 2}\ndata: \n\n".utf8))
        #expect(
            EventStream(Data(event.encoded)).events == [
                EventStream.Event(type: "message", data: "{\"a\":\n1,\n\"b\":\n2}\n", id: "9")
            ], "every line break reads back as a line feed")
    }

    @Test func whatIsWrittenReadsBackAsItWas() {
        let events = [
            EventStream.Event(type: "message", data: #"{"jsonrpc":"2.0","method":"notifications/message"}"#),
            EventStream.Event(type: "message", data: "{\n  \"id\": 2\n}", id: "2"),
            EventStream.Event(type: "ping", data: "", id: "3"),
        ]
        let stream = EventStream.comment("listening") + events.flatMap(\.encoded)
        #expect(EventStream(Data(stream)).events == events)
    }
}
