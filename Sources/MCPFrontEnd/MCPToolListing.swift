import AggregateEngine
import AggregatorCore
import Foundation
import ProviderKit

/// Writes the `tools/list` result: each tool's name, title, description, input schema, output schema and
/// annotations.
///
/// Input schemas are JSON Schema objects that read the same under draft-07 and 2020-12 (MCP's default
/// from 2025-11-25): `type`, `properties`, `required`, `description`, `enum`, `items`, `anyOf` (a list
/// takes an array or one value), `format`, `pattern` and `additionalProperties` only. Only what every call
/// needs is required (`price_history`'s `watch`): otherwise the command decides what a search needs, and
/// its message says what to add. Output schemas are the documents' own (``DocumentSchema``).
package enum MCPToolListing {
    /// Writes the result object.
    /// - Parameters:
    ///   - runner: the tools and their commands.
    ///   - writer: the writer, right after `key("result")`.
    package static func write(_ runner: MCPToolRunner, to writer: inout JSONWriter) {
        writer.object { json in
            json.key("tools")
            json.array { list in
                for tool in runner.tools { write(tool, properties: runner.properties(of: tool), to: &list) }
            }
        }
    }

    private static func write(_ tool: MCPTool, properties: [MCPToolProperty], to writer: inout JSONWriter) {
        writer.object { json in
            json.key("name")
            json.string(tool.name)
            json.key("title")
            json.string(tool.title)
            json.key("description")
            json.string(tool.description)
            json.key("inputSchema")
            json.object { schema in
                schema.key("type")
                schema.string("object")
                schema.key("properties")
                schema.object { members in
                    for property in properties {
                        members.key(property.name)
                        write(property, to: &members)
                    }
                }
                let required = properties.filter(\.isRequired).map(\.name)
                if !required.isEmpty {
                    schema.key("required")
                    schema.array { list in for name in required { list.string(name) } }
                }
                schema.key("additionalProperties")
                schema.bool(false)
            }
            if let name = tool.outputSchema, let shape = DocumentSchema.named(name) {
                json.key("outputSchema")
                shape.write(to: &json, title: name)
            }
            json.key("annotations")
            json.object { hints in
                hints.key("title")
                hints.string(tool.title)
                hints.key("readOnlyHint")
                hints.bool(true)
                hints.key("openWorldHint")
                hints.bool(tool.opensWorld)
            }
        }
    }

    private static func write(_ property: MCPToolProperty, to writer: inout JSONWriter) {
        writer.object { json in
            if property.isList {
                json.key("anyOf")
                json.array { list in
                    list.object { many in
                        many.key("type")
                        many.string("array")
                        many.key("items")
                        many.object { writeType(property.type, to: &$0) }
                    }
                    list.object { one in
                        if property.joinsList {
                            one.key("type")
                            one.string("string")
                        } else {
                            writeType(property.type, to: &one)
                        }
                    }
                }
            } else {
                writeType(property.type, to: &json)
            }
            json.key("description")
            json.string(property.description)
        }
    }

    /// The members that say a value's type: `type`, and `enum` or `format` where they apply.
    private static func writeType(_ type: MCPToolProperty.ValueType, to json: inout JSONWriter) {
        json.key("type")
        switch type {
        case .boolean: json.string("boolean")
        case .string: json.string("string")
        case .integer: json.string("integer")
        case .number: json.string("number")
        case .date:
            json.string("string")
            json.key("format")
            json.string("date")
        case .dateRange:
            json.string("string")
            json.key("pattern")
            json.string(#"^\d{4}-\d{2}-\d{2}(\.\.\d{4}-\d{2}-\d{2})?$"#)
        case .choice(let values):
            json.string("string")
            json.key("enum")
            json.array { list in for value in values { list.string(value) } }
        }
    }
}
