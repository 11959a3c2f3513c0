import Foundation
import ProviderKit

/// A tool call as it travels down a provider's transport stack: `POST` to the server's URL of
/// `{"name": TOOL, "arguments": {…}}`, the `params` of `tools/call`. Written the same way for the same call,
/// so that the response cache keys it by tool and arguments, never by the JSON-RPC ids and session ids the
/// exchange with the server is made of.
struct MCPToolCall: Sendable, Equatable {
    /// The tool's name.
    var name: String
    /// The arguments: a JSON object, encoded.
    var arguments: Data

    /// The call's body.
    var body: Data {
        var json = JSONWriter(style: .compact)
        write(to: &json)
        return Data(json.bytes)
    }

    /// Writes `{"name": …, "arguments": …}` as the value of the writer's current place.
    /// - Parameter json: the writer.
    func write(to json: inout JSONWriter) {
        json.object { json in
            json.key("name")
            json.string(name)
            json.key("arguments")
            if (try? JSONDocument.read(arguments, { root in json.copy(root) })) == nil {
                json.beginObject()
                json.endObject()
            }
        }
    }

    /// The call a body holds.
    /// - Parameters:
    ///   - body: a body written by ``body``.
    ///   - provider: the provider, for the error.
    /// - Throws: ``ProviderError`` `configuration` for a body that is not a tool call.
    init(body: Data, provider: ProviderID) throws(ProviderError) {
        let read = try? JSONDocument.read(body) { root -> (String, Data)? in
            guard let name = try root["name"].ifPresent?.string, try root["arguments"].kind == .object else {
                return nil
            }
            var arguments = JSONWriter(style: .compact)
            arguments.copy(try root["arguments"])
            return (name, Data(arguments.bytes))
        }
        guard let found = read else {
            throw ProviderError(.configuration, provider: provider, "a request to an MCP server must be a tool call")
        }
        name = found.0
        arguments = found.1
    }

    /// A call.
    /// - Parameters:
    ///   - name: the tool's name.
    ///   - arguments: the arguments, an encoded JSON object.
    init(name: String, arguments: Data) {
        self.name = name
        self.arguments = arguments
    }
}
