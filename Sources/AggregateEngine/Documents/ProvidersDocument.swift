import AggregatorCore
import Foundation
import ProviderKit

/// `aggregate.providers.v1`: the answer of `aggregate providers --format json`.
///
/// ```
/// {"schema": "aggregate.providers.v1",
///  "providers": [{"id", "name", "summary", "offers", "modes", "currency", "capabilities", "endpoint",
///                 "endpoint_source", "live_url", "live_endpoint", "api_key", "api_key_variable",
///                 "credential_variables", "found_in"}…]}
/// ```
package struct ProvidersDocument: OutputDocument {
    /// The schema's name; bump the version on an incompatible change.
    package static let schema = "aggregate.providers.v1"

    /// One provider as the command found it set up.
    package struct Entry {
        /// Who the provider is and what it offers.
        package var descriptor: ProviderDescriptor
        /// The endpoint it uses now: `embedded`, a `file://` recording or a live URL.
        package var endpoint: String
        /// Where that endpoint setting came from: `default`, a flag, a variable or the config file.
        package var endpointSource: String
        /// What `--live` would ask, or why it cannot.
        package var liveEndpoint: String
        /// `set`, `not set`, or `-` for a provider that takes no credentials: never a credential itself.
        package var apiKey: String
        /// The variable its key is read from, when it takes one.
        package var apiKeyVariable: String?
        /// Every variable its credentials are read from.
        package var credentialVariables: [String]
        /// `installed`, or where an outside program was found.
        package var foundIn: String

        /// Creates the value from each of its properties, as the memberwise initializer does.
        package init(
            descriptor: ProviderDescriptor, endpoint: String, endpointSource: String, liveEndpoint: String,
            apiKey: String, apiKeyVariable: String? = nil, credentialVariables: [String], foundIn: String
        ) {
            self.descriptor = descriptor
            self.endpoint = endpoint
            self.endpointSource = endpointSource
            self.liveEndpoint = liveEndpoint
            self.apiKey = apiKey
            self.apiKeyVariable = apiKeyVariable
            self.credentialVariables = credentialVariables
            self.foundIn = foundIn
        }
    }

    /// The providers, in the order listed.
    package let entries: [Entry]

    package func write(to json: inout JSONWriter) {
        json.object { json in
            json.key("schema")
            json.string(Self.schema)
            json.key("providers")
            json.array { json in
                for entry in entries { Self.write(entry, to: &json) }
            }
        }
    }

    /// One provider.
    private static func write(_ entry: Entry, to json: inout JSONWriter) {
        let descriptor = entry.descriptor
        json.object { json in
            json.key("id")
            json.string(descriptor.id.rawValue)
            json.key("name")
            json.string(descriptor.displayName)
            json.key("summary")
            json.string(descriptor.summary)
            json.key("offers")
            json.strings(descriptor.categories.sorted().map(\.rawValue))
            json.key("modes")
            json.strings(descriptor.modes.sorted().map(\.rawValue))
            json.key("currency")
            json.string(descriptor.nativeCurrency?.rawValue)
            json.key("capabilities")
            json.strings(descriptor.capabilities.map(\.rawValue).sorted())
            json.key("endpoint")
            json.string(entry.endpoint)
            json.key("endpoint_source")
            json.string(entry.endpointSource)
            json.key("live_url")
            json.string(descriptor.live.first?.url.absoluteString)
            json.key("live_endpoint")
            json.string(entry.liveEndpoint)
            json.key("api_key")
            json.string(entry.apiKey)
            json.key("api_key_variable")
            json.string(entry.apiKeyVariable)
            json.key("credential_variables")
            json.strings(entry.credentialVariables)
            json.key("found_in")
            json.string(entry.foundIn)
        }
    }

    /// Creates the value from each of its properties, as the memberwise initializer does.
    package init(entries: [Entry]) {
        self.entries = entries
    }
}

// MARK: - Schema

extension ProvidersDocument {
    /// The JSON Schema of the document: the members ``write(to:)`` writes.
    package static var shape: DocumentSchema {
        let text = DocumentSchema.text
        let entry = DocumentSchema.object([
            .member("id", .string), .member("name", .string), .member("summary", .string),
            .member("offers", DocumentSchema.strings), .member("modes", DocumentSchema.strings),
            .member("currency", text), .member("capabilities", DocumentSchema.strings), .member("endpoint", .string),
            .member("endpoint_source", .string), .member("live_url", text), .member("live_endpoint", .string),
            .member("api_key", .string, "set, not set, or - for a provider that takes no key"),
            .member("api_key_variable", text), .member("credential_variables", DocumentSchema.strings),
            .member("found_in", .string),
        ])
        return .document(schema, [.member("providers", .array(entry))])
    }
}
