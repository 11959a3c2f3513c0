import Foundation
import Testing

@testable import MCPWire

@Suite("MCP's protocol revisions, one list for the client and the servers")
struct MCPRevisionTests {
    @Test func theRevisionsAreOldestFirstAndTheNewestIsLast() {
        #expect(MCPRevision.supported == MCPRevision.supported.sorted())
        #expect(Set(MCPRevision.supported).count == MCPRevision.supported.count)
        #expect(MCPRevision.latest == MCPRevision.supported.last)
        #expect(MCPRevision.listed == "2025-03-26, 2025-06-18 and 2025-11-25")
    }

    @Test(arguments: MCPRevision.supported)
    func aSupportedRevisionIsAgreedAsAsked(revision: String) {
        #expect(MCPRevision.isSupported(revision))
        #expect(MCPRevision.negotiate(revision) == revision)
    }

    @Test(arguments: ["2024-11-05", "2026-01-01", "", "2025-06-18 ", "latest"])
    func anyOtherIsOfferedTheNewest(revision: String) {
        #expect(!MCPRevision.isSupported(revision))
        #expect(MCPRevision.negotiate(revision) == MCPRevision.latest)
    }

    @Test func aServersAnswerToInitializeCarriesTheAgreedRevisionWhichTheClientUnderstands() throws {
        let asked = MCPServerMessage.parse(
            Array(#"{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-06-18"}}"#.utf8))
        guard case .initialize(let id, let params) = asked else {
            Issue.record("not an initialize: \(asked)")
            return
        }
        let requested = try MCPServerMessage.requestedRevision(params).get()
        let server = MCPServerInfo(name: "s", version: "1")
        let answer = String(
            decoding: server.initializeResult(id: id, revision: MCPRevision.negotiate(requested)), as: UTF8.self)
        #expect(
            answer
                == #"{"jsonrpc":"2.0","id":1,"result":{"protocolVersion":"2025-06-18","capabilities":{"tools":{"listChanged":false}},"serverInfo":{"name":"s","version":"1"}}}"#
        )
        #expect(MCPRevision.isSupported("2025-06-18"), "what the client checks the answer against")
    }
}
