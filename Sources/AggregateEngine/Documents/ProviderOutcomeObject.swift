import AggregatorCore
import Foundation
import ProviderKit

/// How every document writes a provider's outcome: one object, whose members each document picks, in its
/// own order, from ``Member``. This is the one place a member of an outcome is spelt.
///
/// A member every document's outcome should carry is added as a case of ``Member``, spelt in
/// ``write(_:_:to:documentMembers:)``, and listed in ``everyDocument``; a member only some documents carry
/// is listed in those documents' own layouts instead.
package enum ProviderOutcomeObject {
    /// A member of an outcome object.
    package enum Member: Sendable {
        /// `id`: the provider's id.
        case id
        /// `status`: `ok`, `no_results`, `unsupported`, `not_asked`, `timeout`, `rate_limited`, `blocked` or `failed`.
        case status
        /// `offers`: the offers it returned, before the query's filters.
        case offers
        /// `records`: the airline records it delivered.
        case records
        /// `skipped`: the records in its answer it could not read.
        case skipped
        /// `repeats`: the records in its answer that repeated an earlier one and were read once.
        case repeats
        /// `latency_ms`: how long it took, in whole milliseconds.
        case latency
        /// `error`: a one-line message when it failed, else `null`.
        case error
        /// `error_code`: the failure's stable code, else `null`.
        case errorCode
        /// `notes`: the notes about its answer, in words.
        case notes
        /// `stale`: whether the answer came from the cache.
        case stale
        /// `retrieved_at`: when a stale answer was received, else `null`.
        case retrievedAt
        /// `sample`: whether its prices are not real (embedded samples or the service's test mode).
        case sample
        /// `sample_kind`: which of the two (`embedded`, `test_mode`), else `null`.
        case sampleKind
        /// The document's own members about this provider (compare's prices, a check's endpoint), written
        /// by the document where this stands in its layout.
        case documentMembers
    }

    /// The members every document's outcome ends with, after its own layout.
    package static let everyDocument: [Member] = [.sample, .sampleKind]

    /// The JSON Schema of an outcome written with `layout`, from the same members ``write(_:_:to:documentMembers:)``
    /// spells.
    /// - Parameters:
    ///   - layout: the document's members, in its order.
    ///   - documentMembers: the document's own members, where the layout has ``Member/documentMembers``.
    /// - Returns: the object's schema.
    package static func shape(_ layout: [Member], documentMembers: [DocumentSchema.Member] = []) -> DocumentSchema {
        var members: [DocumentSchema.Member] = []
        for member in layout + everyDocument {
            switch member {
            case .id: members.append(.member("id", .string, "The provider's id"))
            case .status:
                members.append(
                    .member(
                        "status", .string,
                        "ok, no_results, unsupported, not_asked, timeout, rate_limited or failed"))
            case .offers: members.append(.member("offers", .integer, "Offers it returned, before the filters"))
            case .records: members.append(.member("records", .integer, "Airline records it delivered"))
            case .skipped: members.append(.member("skipped", .integer, "Records in its answer it could not read"))
            case .repeats: members.append(.member("repeats", .integer, "Records that repeated an earlier one"))
            case .latency: members.append(.member("latency_ms", .integer))
            case .error: members.append(.member("error", DocumentSchema.text, "Why it failed, in one line"))
            case .errorCode: members.append(.member("error_code", DocumentSchema.text))
            case .notes: members.append(.member("notes", DocumentSchema.strings))
            case .stale: members.append(.member("stale", .boolean, "Whether the answer came from the cache"))
            case .retrievedAt: members.append(.member("retrieved_at", .nullable(.dateTime)))
            case .sample: members.append(.member("sample", .boolean, "Whether its prices are not real"))
            case .sampleKind: members.append(.member("sample_kind", DocumentSchema.text))
            case .documentMembers: members += documentMembers
            }
        }
        return .object(members)
    }

    /// Writes an outcome as one object.
    /// - Parameters:
    ///   - outcome: how the provider did.
    ///   - layout: the document's members, in its order.
    ///   - json: the writer.
    ///   - documentMembers: writes the document's own members, where the layout has
    ///     ``Member/documentMembers``.
    package static func write(
        _ outcome: ProviderOutcome, _ layout: [Member], to json: inout JSONWriter,
        documentMembers: (inout JSONWriter) -> Void = { _ in }
    ) {
        json.object { json in
            for member in layout + everyDocument {
                switch member {
                case .id:
                    json.key("id")
                    json.string(outcome.provider.rawValue)
                case .status:
                    json.key("status")
                    json.string(outcome.status.rawValue)
                case .offers:
                    json.key("offers")
                    json.int(outcome.offerCount)
                case .records:
                    json.key("records")
                    json.int(outcome.recordCount)
                case .skipped:
                    json.key("skipped")
                    json.int(outcome.skipped)
                case .repeats:
                    json.key("repeats")
                    json.int(outcome.repeats)
                case .latency:
                    json.key("latency_ms")
                    json.int(Int(outcome.latency.inMilliseconds))
                case .error:
                    json.key("error")
                    json.string(outcome.error.map(Wording.error))
                case .errorCode:
                    json.key("error_code")
                    json.string(outcome.error?.code.rawValue)
                case .notes:
                    json.key("notes")
                    json.strings(outcome.notes.map(Wording.note))
                case .stale:
                    json.key("stale")
                    json.bool(outcome.stale)
                case .retrievedAt:
                    json.key("retrieved_at")
                    json.date(outcome.retrievedAt)
                case .sample:
                    json.key("sample")
                    json.bool(outcome.isSample)
                case .sampleKind:
                    json.key("sample_kind")
                    json.string(outcome.sample?.rawValue)
                case .documentMembers:
                    documentMembers(&json)
                }
            }
        }
    }
}
