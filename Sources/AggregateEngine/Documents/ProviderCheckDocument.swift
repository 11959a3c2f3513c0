import AggregatorCore
import Foundation
import ProviderKit

/// `aggregate.providers.check.v1`: the answer of `aggregate providers --check --format json`.
///
/// ```
/// {"schema": "aggregate.providers.check.v1",
///  "providers": [{"id", "endpoint", "status", "latency_ms", "offers", "error"}…]}
/// ```
///
/// Each entry is the provider's outcome (``outcomeLayout``, see ``ProviderOutcomeObject``) with the endpoint
/// it was asked at.
package struct ProviderCheckDocument: OutputDocument {
    /// The schema's name; bump the version on an incompatible change.
    package static let schema = "aggregate.providers.check.v1"

    /// The members of each entry, in order; the endpoint stands after the id.
    package static let outcomeLayout: [ProviderOutcomeObject.Member] = [
        .id, .documentMembers, .status, .latency, .offers, .error,
    ]

    /// What each provider's check found, in the order asked.
    package let results: [ProviderCheck.Result]

    package func write(to json: inout JSONWriter) {
        json.object { json in
            json.key("schema")
            json.string(Self.schema)
            json.key("providers")
            json.array { json in
                for result in results {
                    ProviderOutcomeObject.write(result.outcome, Self.outcomeLayout, to: &json) { json in
                        json.key("endpoint")
                        json.string(result.endpoint.description)
                    }
                }
            }
        }
    }

    /// Creates the value from each of its properties, as the memberwise initializer does.
    package init(results: [ProviderCheck.Result]) {
        self.results = results
    }
}

// MARK: - Schema

extension ProviderCheckDocument {
    /// The JSON Schema of the document: the members ``write(to:)`` writes.
    package static var shape: DocumentSchema {
        let entry = ProviderOutcomeObject.shape(outcomeLayout, documentMembers: [.member("endpoint", .string)])
        return .document(schema, [.member("providers", .array(entry))])
    }
}
