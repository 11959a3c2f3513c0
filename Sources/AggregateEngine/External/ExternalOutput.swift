import AggregatorCore
import Foundation
import ProviderKit

/// What an outside program wrote on standard output when asked to search, read line by line: offer
/// lines, then one status line.
///
/// Rules:
/// - Each non-blank line is one JSON object, read with the core's ``JSONDocument``. A line with a
///   `status` member is the status line; any other is an offer (see ``ExternalOfferReader``).
/// - A line that is not JSON, not an object, not a readable offer, or that comes after the status line
///   is skipped and counted, and its problem kept (the first few), naming the line and, when it could be
///   read, the offer's id.
/// - The status line is `{"status": "ok"|"no_results"|"failed", "skipped": N, "notes": ["…"],
///   "error": "…", "code": "…"}`; every member but `status` may be left out.
package struct ExternalOutput: Sendable {
    /// The final status line.
    package struct Status: Sendable, Hashable {
        /// What the program says of its search.
        package enum Kind: String, Sendable, Hashable {
            /// It answered, with offers.
            case ok
            /// It answered, with none.
            case noResults = "no_results"
            /// It could not answer.
            case failed
        }

        /// What it says.
        package var kind: Kind
        /// Records it could not read, by its own count.
        package var skipped: Int
        /// Remarks for the user, sanitised.
        package var notes: [String]
        /// Why it failed, sanitised.
        package var error: String?
        /// The kind of failure, when it names one of the codes programs may use.
        package var code: ProviderError.Code?
    }

    /// The codes a program may give a failure: those that say something about its service.
    package static let failureCodes: [ProviderError.Code] = [
        .transport, .httpStatus, .rateLimited, .timeout, .unauthorized, .configuration, .malformedResponse,
    ]

    /// The offers read, in the program's order.
    package var offers: [Offer] = []
    /// Lines skipped because they could not be read.
    package var brokenLines = 0
    /// The problems of the first few skipped lines: `line 3 (offer py-1): sources[0].price is missing`.
    package var problems: [String] = []
    /// The status line, when there was one.
    package var status: Status?

    /// How many problems are kept.
    package static let keptProblems = 5

    /// Reads a program's output.
    /// - Parameters:
    ///   - data: its standard output.
    ///   - provider: the id its offers' sources get (the client's).
    ///   - programID: the id the program must name as its offers' provider.
    ///   - retrievedAt: when the answer arrived.
    package init(parsing data: Data, provider: ProviderID, programID: ProviderID, retrievedAt: Date) {
        var number = 0
        var start = data.startIndex
        while start < data.endIndex {
            let end = data[start...].firstIndex(of: 0x0A) ?? data.endIndex
            number += 1
            var line = data[start..<end]
            start = end < data.endIndex ? data.index(after: end) : end
            if line.last == 0x0D { line = line.dropLast() }
            guard line.contains(where: { $0 != 0x20 && $0 != 0x09 }) else { continue }
            read(Data(line), number: number, provider: provider, programID: programID, retrievedAt: retrievedAt)
        }
    }

    private mutating func read(
        _ line: Data, number: Int, provider: ProviderID, programID: ProviderID, retrievedAt: Date
    ) {
        var offerID: String?
        do {
            let parsed = try JSONDocument.read(line) { root -> Parsed in
                guard root.kind == .object else { throw root.error("is not a JSON object") }
                if let status = try root.member("status") { return .status(try Self.status(status, in: root)) }
                offerID = try? root["id"].ifPresent?.string
                return .offer(
                    try ExternalOfferReader.offer(
                        from: root, provider: provider, programID: programID, retrievedAt: retrievedAt))
            }
            guard status == nil else {
                skip(number, offerID: offerID, "it comes after the status line")
                return
            }
            switch parsed {
            case .offer(let offer): offers.append(offer)
            case .status(let status): self.status = status
            }
        } catch let error as JSONError {
            switch error.code {
            case .empty, .notJSON, .truncated, .syntax, .tooDeep, .tooLarge:
                skip(number, offerID: nil, "it is not JSON (\(error))")
            default:
                skip(number, offerID: offerID, error.description)
            }
        } catch {
            skip(number, offerID: offerID, "\(error)")
        }
    }

    private enum Parsed {
        case offer(Offer)
        case status(Status)
    }

    private mutating func skip(_ number: Int, offerID: String?, _ problem: String) {
        brokenLines += 1
        guard problems.count < Self.keptProblems else { return }
        let offer = offerID.map { " (offer \(PrintableText.excerpt($0, limit: 40)))" } ?? ""
        problems.append("line \(number)\(offer): \(PrintableText.excerpt(problem, limit: 160))")
    }

    private static func status(_ node: JSONNode, in root: JSONNode) throws -> Status {
        guard let kind = Status.Kind(rawValue: try node.string) else {
            throw node.error("is not ok, no_results or failed")
        }
        var skipped = 0
        if let count = try root["skipped"].ifPresent {
            skipped = try count.int
            guard skipped >= 0 else { throw count.error("is negative") }
            skipped = min(skipped, 1_000_000_000)
        }
        var notes: [String] = []
        if let list = try root["notes"].ifPresent {
            for element in try list.elements where notes.count < 20 {
                let note = PrintableText.excerpt(try element.string, limit: 200)
                if !note.isEmpty { notes.append(note) }
            }
        }
        let error = try root["error"].ifPresent.map { PrintableText.excerpt(try $0.string, limit: 200) }
        let code = try root["code"].ifPresent.map { node in
            let text = try node.string
            return failureCodes.first { $0.rawValue == text }
        }
        return Status(kind: kind, skipped: skipped, notes: notes, error: error, code: code ?? nil)
    }
}
