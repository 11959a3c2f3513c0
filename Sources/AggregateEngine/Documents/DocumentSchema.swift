import AggregatorCore
import Foundation
import ProviderKit

/// The JSON Schema of a document the tool prints, in the small part of JSON Schema the documents need:
/// `type` (one or with `null`), `properties`, `required`, `additionalProperties: false`, `items`, `enum`,
/// `const` and `format: date-time`, which read the same under draft-07 and 2020-12.
///
/// Each document states its shape next to the code that writes it (``SearchDocument/shape`` beside
/// ``SearchDocument/write(to:)``), from the same member names, so that a member added to a writer without its
/// schema fails the tests that check real documents against their schemas. MCP's tools give these as their
/// `outputSchema`, and docs/schemas.md publishes them.
package indirect enum DocumentSchema: Sendable {
    /// A string.
    case string
    /// A whole number.
    case integer
    /// A number.
    case number
    /// `true` or `false`.
    case boolean
    /// A time in UTC as RFC 3339, such as `2026-12-18T06:05:00Z`.
    case dateTime
    /// This string and no other.
    case constant(String)
    /// One of these strings.
    case choice([String])
    /// An array of values of one shape.
    case array(DocumentSchema)
    /// An object with these members and no others.
    case object([Member])
    /// A value of the shape, or `null`.
    case nullable(DocumentSchema)

    /// One member of an object.
    package struct Member: Sendable {
        /// The member's name.
        package var name: String
        /// Its value's shape.
        package var schema: DocumentSchema
        /// Whether every object of the shape has it.
        package var isRequired: Bool
        /// What it holds, when the name does not say it.
        package var description: String?

        /// A member every object has.
        package static func member(_ name: String, _ schema: DocumentSchema, _ description: String? = nil) -> Member {
            Member(name: name, schema: schema, isRequired: true, description: description)
        }

        /// A member some objects have.
        package static func conditional(
            _ name: String, _ schema: DocumentSchema, _ description: String? = nil
        ) -> Member {
            Member(name: name, schema: schema, isRequired: false, description: description)
        }
    }

    /// `{"amount": 94.43, "currency": "EUR"}`, as ``JSONWriter/money(_:)`` writes it.
    package static let money = DocumentSchema.object([.member("amount", .number), .member("currency", .string)])

    /// A string or `null`.
    package static let text = DocumentSchema.nullable(.string)

    /// A list of strings.
    package static let strings = DocumentSchema.array(.string)

    /// A document: an object whose first member `schema` names it.
    /// - Parameters:
    ///   - name: the document's schema name, such as `aggregate.search.v1`.
    ///   - members: its other members.
    package static func document(_ name: String, _ members: [Member]) -> DocumentSchema {
        .object([.member("schema", .constant(name), "The document's name and version")] + members)
    }

    /// Every document's schema, by name, in the order docs/schemas.md lists them.
    package static var published: [(name: String, schema: DocumentSchema)] {
        [
            (SearchDocument.schema, SearchDocument.shape),
            (CompareDocument.schema, CompareDocument.shape),
            (DatesDocument.schema, DatesDocument.shape),
            (ProvidersDocument.schema, ProvidersDocument.shape),
            (ProviderCheckDocument.schema, ProviderCheckDocument.shape),
            (HistoryDocument.schema, HistoryDocument.shape),
        ]
    }

    /// The published schema of the document with this name.
    package static func named(_ name: String) -> DocumentSchema? {
        published.first { $0.name == name }?.schema
    }

    /// Writes the schema as a JSON Schema object.
    /// - Parameters:
    ///   - json: the writer.
    ///   - title: the schema's `title`, written with `$schema` for a document's root.
    package func write(to json: inout JSONWriter, title: String? = nil) {
        json.object { json in
            if let title {
                json.key("$schema")
                json.string("https://json-schema.org/draft/2020-12/schema")
                json.key("title")
                json.string(title)
            }
            writeMembers(nullable: false, to: &json)
        }
    }

    /// The schema's keywords, inside its object.
    private func writeMembers(nullable: Bool, to json: inout JSONWriter) {
        func type(_ name: String) {
            json.key("type")
            if nullable {
                json.strings([name, "null"])
            } else {
                json.string(name)
            }
        }
        switch self {
        case .string: type("string")
        case .integer: type("integer")
        case .number: type("number")
        case .boolean: type("boolean")
        case .dateTime:
            type("string")
            json.key("format")
            json.string("date-time")
        case .constant(let value):
            type("string")
            json.key("const")
            json.string(value)
        case .choice(let values):
            type("string")
            json.key("enum")
            json.array { list in
                for value in values { list.string(value) }
                if nullable { list.null() }
            }
        case .array(let items):
            type("array")
            json.key("items")
            items.write(to: &json)
        case .object(let members):
            type("object")
            json.key("properties")
            json.object { properties in
                for member in members {
                    properties.key(member.name)
                    properties.object { property in
                        if let description = member.description {
                            property.key("description")
                            property.string(description)
                        }
                        member.schema.writeMembers(nullable: false, to: &property)
                    }
                }
            }
            let required = members.filter(\.isRequired).map(\.name)
            if !required.isEmpty {
                json.key("required")
                json.strings(required)
            }
            json.key("additionalProperties")
            json.bool(false)
        case .nullable(let inner):
            inner.writeMembers(nullable: true, to: &json)
        }
    }

    /// The schema as JSON text, as docs/schemas.md prints it.
    /// - Parameter title: the document's name.
    package func printed(title: String) -> String {
        JSONWriter.printed(capacity: 8192) { write(to: &$0, title: title) }
    }

    /// docs/schemas.md: every document's JSON Schema, made from ``published``.
    package static var page: String {
        var text = """
            # JSON Schemas of the documents

            Every JSON document the tool prints names itself in its first member, `schema`. These are their JSON
            Schemas (draft 2020-12; they read the same under draft-07), made from the code that writes the
            documents, so they cannot drift apart: a test checks real documents against them, and this page
            against the code. MCP's tools give the same schemas as their `outputSchema`. [Output](output.md)
            says what each member means.

            An object has the members listed and no others; a member missing from `required` is there only in
            some documents (a trip's segment has `mode`, a car has `brand`). A new member is a compatible
            change; removing or retyping one bumps the version in the name.

            """
        for (name, schema) in published {
            text += "\n## `\(name)`\n\n```json\n\(schema.printed(title: name))```\n"
        }
        return text
    }
}
