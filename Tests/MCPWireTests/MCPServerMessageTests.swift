import Foundation
import ProviderKit
import Testing

@testable import MCPWire

@Suite("What a message asks of an MCP server")
struct MCPServerMessageTests {
    static func asked(_ line: String) -> MCPServerMessage {
        MCPServerMessage.parse(Array(line.utf8))
    }

    @Test func theMethodsAServerAnswersAreToldApart() {
        #expect(Self.asked(#"{"jsonrpc":"2.0","id":1,"method":"ping"}"#) == .ping(id: .number("1")))
        #expect(Self.asked(#"{"jsonrpc":"2.0","id":"a","method":"tools/list"}"#) == .listTools(id: .string("a")))
        #expect(
            Self.asked(#"{"jsonrpc":"2.0","id":2,"method":"tools/call","params":{"name":"t"}}"#)
                == .callTool(id: .number("2"), params: .object([("name", .string("t"))])))
        #expect(
            Self.asked(#"{"jsonrpc":"2.0","id":3,"method":"initialize"}"#) == .initialize(id: .number("3"), params: nil)
        )
        #expect(
            Self.asked(#"{"jsonrpc":"2.0","id":4,"method":"resources/list"}"#)
                == .unknownMethod(id: .number("4"), method: "resources/list"))
        #expect(
            Self.asked(#"{"jsonrpc":"2.0","id":5,"method":"notifications/cancelled"}"#)
                == .unknownMethod(id: .number("5"), method: "notifications/cancelled"),
            "a request is never a notification, whatever its method")
    }

    @Test func aCancellationNamesItsRequestAndReason() {
        #expect(
            Self.asked(
                #"{"jsonrpc":"2.0","method":"notifications/cancelled","params":{"requestId":"x","reason":"late"}}"#)
                == .cancelled(.string("x"), reason: "late"))
        #expect(
            Self.asked(#"{"jsonrpc":"2.0","method":"notifications/cancelled","params":{"requestId":7,"reason":1}}"#)
                == .cancelled(.number("7"), reason: nil))
        #expect(
            Self.asked(#"{"jsonrpc":"2.0","method":"notifications/cancelled","params":{"requestId":null}}"#)
                == .ignored, "no request to cancel")
    }

    @Test func notificationsAndResponsesNeedNothing() {
        #expect(Self.asked(#"{"jsonrpc":"2.0","method":"notifications/initialized"}"#) == .ignored)
        #expect(Self.asked(#"{"jsonrpc":"2.0","method":"ping"}"#) == .ignored)
        #expect(Self.asked(#"{"jsonrpc":"2.0","id":1,"result":{}}"#) == .ignored)
    }

    @Test func aMessageThatCannotBeReadIsAnsweredWithItsError() {
        guard case .invalid(let id, let error) = Self.asked("{") else {
            Issue.record("not invalid")
            return
        }
        #expect(id == nil)
        #expect(error.code == -32700)
        #expect(
            Self.asked(#"{"jsonrpc":"1.0","id":"k","method":"ping"}"#)
                == .invalid(id: .string("k"), .invalidRequest("\"jsonrpc\" must be \"2.0\"")))
    }

    @Test func parametersAreCheckedWithTheErrorsBothServersGive() {
        #expect(
            MCPServerMessage.requestedRevision(.object([]))
                == .failure(.invalidParams("initialize needs params.protocolVersion, a string")))
        #expect(MCPServerMessage.requestedRevision(.object([("protocolVersion", .string("x"))])) == .success("x"))
        #expect(
            MCPServerMessage.toolName(.object([("name", .number("1"))]))
                == .failure(.invalidParams("tools/call needs params.name, a string")))
        #expect(MCPServerMessage.toolName(.object([("name", .string("search"))])) == .success("search"))
        guard case .failure(let error) = MCPServerMessage.toolArguments(.object([("arguments", .array([]))])) else {
            Issue.record("arguments that are not an object were taken")
            return
        }
        #expect(error == .invalidParams("params.arguments must be an object"))
        for params in [nil, .object([]), .object([("arguments", .null)])] as [MCPValue?] {
            #expect((try? MCPServerMessage.toolArguments(params).get())?.isEmpty == true)
        }
    }

    @Test func responsesKeepTheIdAsWrittenAndAreOneLine() {
        let result = JSONRPCEncoding.result(id: .number("1.50e3")) { $0.object { _ in } }
        #expect(String(decoding: result, as: UTF8.self) == #"{"jsonrpc":"2.0","id":1.50e3,"result":{}}"#)
        let error = JSONRPCEncoding.error(id: .string("a\nb"), .methodNotFound("x"))
        #expect(
            String(decoding: error, as: UTF8.self)
                == #"{"jsonrpc":"2.0","id":"a\nb","error":{"code":-32601,"message":"Method not found: x"}}"#)
        #expect(
            String(decoding: JSONRPCEncoding.notification(method: "notifications/initialized"), as: UTF8.self)
                == #"{"jsonrpc":"2.0","method":"notifications/initialized"}"#)
        let request = JSONRPCEncoding.request(id: .number("2"), method: "tools/call") { json in
            MCPValue.object([("name", .string("fares")), ("arguments", .object([("n", .number("1.0"))]))])
                .write(to: &json)
        }
        #expect(
            String(decoding: request, as: UTF8.self)
                == #"{"jsonrpc":"2.0","id":2,"method":"tools/call","params":{"name":"fares","arguments":{"n":1.0}}}"#)
    }

    @Test func theServersIdentityIsWrittenWithWhatItHas() {
        let info = MCPServerInfo(name: "a", title: "A", version: "2", instructions: "Use it.")
        #expect(
            String(decoding: info.initializeResult(id: .number("1"), revision: "2025-11-25"), as: UTF8.self)
                == #"{"jsonrpc":"2.0","id":1,"result":{"protocolVersion":"2025-11-25","capabilities":{"tools":{"listChanged":false}},"serverInfo":{"name":"a","title":"A","version":"2"},"instructions":"Use it."}}"#
        )
    }
}
