import Foundation

/// A JSON document built by hand, so that output has a fixed key order, exact decimal numbers and
/// explicit `null`s — things a documented, versioned envelope needs and `JSONEncoder` does not promise.
enum JSONValue: Sendable, Equatable {
    case object([(String, JSONValue)])
    case array([JSONValue])
    case string(String)
    case number(Decimal)
    case bool(Bool)
    case null

    static func == (lhs: JSONValue, rhs: JSONValue) -> Bool {
        lhs.serialized() == rhs.serialized()
    }

    /// A string, or `null` for `nil`.
    static func string(_ value: String?) -> JSONValue { value.map(JSONValue.string) ?? .null }
    /// An integer, or `null` for `nil`.
    static func int(_ value: Int?) -> JSONValue { value.map { .number(Decimal($0)) } ?? .null }

    /// The document as text: two-space indentation when `pretty`, else on one line.
    func serialized(pretty: Bool = true) -> String {
        var output = ""
        write(to: &output, indent: pretty ? 0 : nil)
        return output
    }

    private func write(to output: inout String, indent: Int?) {
        let newline = indent == nil ? "" : "\n"
        let pad = { (level: Int) in String(repeating: "  ", count: level) }
        switch self {
        case .null: output += "null"
        case .bool(let value): output += value ? "true" : "false"
        case .number(let value): output += "\(value)"
        case .string(let value): Self.escape(value, into: &output)
        case .array(let values):
            guard !values.isEmpty else {
                output += "[]"
                return
            }
            output += "[" + newline
            for (index, value) in values.enumerated() {
                if let indent { output += pad(indent + 1) }
                value.write(to: &output, indent: indent.map { $0 + 1 })
                output += (index < values.count - 1 ? "," : "") + newline
            }
            if let indent { output += pad(indent) }
            output += "]"
        case .object(let members):
            guard !members.isEmpty else {
                output += "{}"
                return
            }
            output += "{" + newline
            for (index, (key, value)) in members.enumerated() {
                if let indent { output += pad(indent + 1) }
                Self.escape(key, into: &output)
                output += indent == nil ? ":" : ": "
                value.write(to: &output, indent: indent.map { $0 + 1 })
                output += (index < members.count - 1 ? "," : "") + newline
            }
            if let indent { output += pad(indent) }
            output += "}"
        }
    }

    private static func escape(_ text: String, into output: inout String) {
        output += "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": output += "\\\""
            case "\\": output += "\\\\"
            case "\n": output += "\\n"
            case "\r": output += "\\r"
            case "\t": output += "\\t"
            case _ where scalar.value < 0x20:
                output += String(format: "\\u%04x", scalar.value)
            default: output.unicodeScalars.append(scalar)
            }
        }
        output += "\""
    }
}
