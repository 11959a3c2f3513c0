import Foundation

/// Recorded responses compiled into a provider module and served for the `embedded` endpoint, so
/// the tool answers offline on a fresh machine. Keys are the last component of the request path
/// (`flights` for `GET …/flights`), exactly like the files of a `file://` folder endpoint.
///
/// A service asked one route at a time answers each route its own way. A sample may therefore be named
/// for the requests it answers: `search?destination=BUD` answers a request named `search` whose
/// parameters (its query items, or a tool call's top-level string and number arguments) hold
/// `destination=BUD`, with every pair its name lists. The sample whose name lists the most pairs wins;
/// `search` alone answers every other request of that name.
public struct EmbeddedResponses: Sendable, Hashable {
    /// Response bodies by request name, some named for the parameters they answer.
    public var bodies: [String: String]

    /// Creates the set of responses.
    /// - Parameter bodies: response bodies keyed by the request path's last component, optionally followed
    ///   by `?name=value&…` for the parameters they answer.
    public init(_ bodies: [String: String]) { self.bodies = bodies }

    /// The name of the sample that answers a request.
    /// - Parameters:
    ///   - name: the request's name: its path's last component, or a tool's name.
    ///   - parameters: the request's parameters.
    /// - Returns: the key in ``bodies``, or `nil` when none answers.
    public func sampleName(for name: String, parameters: [String: String]) -> String? {
        var best: (key: String, pairs: Int)?
        for key in bodies.keys {
            guard let pairs = Self.pairs(of: key, answering: name, parameters: parameters) else { continue }
            // The most specific wins; among equals, the first in key order, so the choice never varies.
            if best.map({ pairs > $0.pairs || (pairs == $0.pairs && key < $0.key) }) ?? true {
                best = (key, pairs)
            }
        }
        return best?.key
    }

    /// The body that answers a request, as ``sampleName(for:parameters:)`` chooses it.
    /// - Parameters:
    ///   - name: the request's name.
    ///   - parameters: the request's parameters.
    /// - Returns: the body, or `nil`.
    public func body(for name: String, parameters: [String: String]) -> String? {
        sampleName(for: name, parameters: parameters).flatMap { bodies[$0] }
    }

    /// How many pairs a key lists when it answers the request, or `nil` when it does not.
    private static func pairs(of key: String, answering name: String, parameters: [String: String]) -> Int? {
        guard key.hasPrefix(name) else { return nil }
        let rest = key.dropFirst(name.count)
        if rest.isEmpty { return 0 }
        guard rest.first == "?" else { return nil }
        let wanted = rest.dropFirst().split(separator: "&", omittingEmptySubsequences: true)
        for pair in wanted {
            let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            guard parts.count == 2, parameters[String(parts[0])] == String(parts[1]) else { return nil }
        }
        return wanted.count
    }

    /// The parameters of a tool call, as samples are named for them: each top-level string or number of its
    /// arguments, by name; other members are left out.
    /// - Parameter arguments: the encoded arguments object.
    /// - Returns: the parameters; empty when the arguments are not a JSON object.
    public static func parameters(ofArguments arguments: Data) -> [String: String] {
        (try? JSONDocument.read(arguments) { root in try parameters(ofArguments: root) }) ?? [:]
    }

    /// The parameters of a tool call whose arguments are read already; as for encoded arguments.
    /// - Parameter arguments: the arguments object; a missing node has none.
    /// - Returns: the parameters.
    /// - Throws: `JSONError` when the arguments are not an object or a member cannot be read.
    public static func parameters(ofArguments arguments: JSONNode) throws -> [String: String] {
        var parameters: [String: String] = [:]
        guard let arguments = arguments.ifPresent else { return parameters }
        for member in try arguments.members {
            switch member.value.kind {
            case .string: parameters[member.name] = try member.value.string
            case .number: parameters[member.name] = try member.value.numberText
            default: continue
            }
        }
        return parameters
    }

    /// The parameters of an HTTP request: its query items, by name (the first of a repeated name).
    /// - Parameter items: the query items.
    /// - Returns: the parameters.
    public static func parameters(ofQuery items: [URLQueryItem]) -> [String: String] {
        var parameters: [String: String] = [:]
        for item in items where parameters[item.name] == nil { parameters[item.name] = item.value ?? "" }
        return parameters
    }
}

extension ProviderRequest {
    /// The parameters an embedded sample may be named for: a tool call's top-level string and number
    /// arguments, or an HTTP request's query items.
    public var sampleParameters: [String: String] {
        isToolCall
            ? EmbeddedResponses.parameters(ofArguments: body ?? Data())
            : EmbeddedResponses.parameters(ofQuery: query)
    }
}
