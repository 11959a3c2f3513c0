import AggregatorCore
import Foundation
import ProviderKit
import Testing

@testable import AggregateCLI
@testable import MCPFrontEnd
@testable import MCPWire

/// How one line from an MCP client is read: JSON-RPC 2.0's rules, before any method runs.
@Suite("aggregate mcp: reading JSON-RPC messages")
struct MCPMessageTests {
    static func parse(_ line: String) -> JSONRPCMessage {
        JSONRPCMessage.parse(Array(line.utf8))
    }

    static func code(_ message: JSONRPCMessage) -> Int? {
        guard case .invalid(_, let error) = message else { return nil }
        return error.code
    }

    @Test func requestsKeepTheirIdsExactly() {
        #expect(
            Self.parse(#"{"jsonrpc": "2.0", "id": 7, "method": "ping"}"#)
                == .request(id: .number("7"), method: "ping", params: nil))
        #expect(
            Self.parse(#"{"jsonrpc": "2.0", "id": "a-1", "method": "tools/call", "params": {"name": "x"}}"#)
                == .request(id: .string("a-1"), method: "tools/call", params: .object([("name", .string("x"))])))
        // A large id is held exactly, never through a floating-point number.
        var writer = JSONWriter(style: .compact)
        guard case .request(let id, _, _) = Self.parse(#"{"jsonrpc":"2.0","id":9007199254740993,"method":"ping"}"#)
        else {
            Issue.record("not a request")
            return
        }
        id.write(to: &writer)
        #expect(writer.text == "9007199254740993")
    }

    @Test func idsAreEchoedAsWrittenAndTwoDifferentTextsAreTwoIds() throws {
        func id(_ text: String) throws -> JSONRPCID {
            guard case .request(let id, _, _) = Self.parse(#"{"jsonrpc":"2.0","id":\#(text),"method":"ping"}"#) else {
                throw MCPTestTimeout(waitingFor: "a request with id \(text)")
            }
            return id
        }
        for text in [
            "123456789012345678901234567890123456789012", "1.0", "1E+2", "-0", "0.1000", #""\ud800""#, #""\udbff""#,
            #""a\u0062c""#, #""caf\u00e9""#,
        ] {
            var writer = JSONWriter(style: .compact)
            try id(text).write(to: &writer)
            #expect(writer.text == text)
        }
        #expect(try id(#""\ud800""#) != id(#""\udbff""#), "lone surrogates are two ids, not one replacement character")
        #expect(
            try id("123456789012345678901234567890123456789012") != id("123456789012345678901234567890123456789013"))
    }

    @Test func aMessageWithoutAnIdIsANotification() {
        #expect(
            Self.parse(#"{"jsonrpc": "2.0", "method": "notifications/initialized"}"#)
                == .notification(method: "notifications/initialized", params: nil))
    }

    @Test func responsesFromTheClientAreRecognised() {
        #expect(Self.parse(#"{"jsonrpc": "2.0", "id": 1, "result": {}}"#) == .response)
        #expect(Self.parse(#"{"jsonrpc": "2.0", "id": 1, "error": {"code": 1, "message": "x"}}"#) == .response)
    }

    @Test(arguments: [
        (#"{"jsonrpc": "2.0", "id": 1, "method": "ping""#, -32700),
        ("not json", -32700),
        (#"[{"jsonrpc": "2.0", "id": 1, "method": "ping"}]"#, -32600),
        (#""ping""#, -32600),
        (#"{"id": 1, "method": "ping"}"#, -32600),
        (#"{"jsonrpc": "2.0", "id": null, "method": "ping"}"#, -32600),
        (#"{"jsonrpc": "2.0", "id": {"a": 1}, "method": "ping"}"#, -32600),
        (#"{"jsonrpc": "2.0", "id": 1, "method": 5}"#, -32600),
        (#"{"jsonrpc": "2.0", "id": 1}"#, -32600),
        (#"{"jsonrpc": "2.0", "id": 1, "method": "ping", "params": "x"}"#, -32600),
    ])
    func badMessagesGetTheStandardCodes(line: String, code: Int) {
        #expect(Self.code(Self.parse(line)) == code)
    }

    @Test func anInvalidRequestKeepsItsIdWhenItCanBeRead() {
        guard case .invalid(let id, _) = Self.parse(#"{"jsonrpc": "1.0", "id": "k", "method": "ping"}"#) else {
            Issue.record("not invalid")
            return
        }
        #expect(id == .string("k"))
    }

    @Test func errorResponsesAreOneLineWithANullIdWhenUnknown() {
        let bytes = JSONRPCEncoding.error(id: nil, .parseError("line 1 column 2: unexpected character\n"))
        let text = String(decoding: bytes, as: UTF8.self)
        #expect(!text.contains("\n"))
        #expect(text.hasPrefix(#"{"jsonrpc":"2.0","id":null,"error":{"code":-32700,"#))
    }
}
