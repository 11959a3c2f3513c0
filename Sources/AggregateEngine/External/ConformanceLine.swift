import AggregatorCore
import ProviderChecks
import ProviderKit

/// One line of `aggregate provider check`: a check, how it went, and a short reason.
package struct ConformanceLine: Sendable, Hashable {
    /// How a check went.
    package enum Verdict: Sendable, Hashable {
        /// It ran and found nothing wrong.
        case passed
        /// It ran and found something wrong.
        case failed
        /// It could not run, as an earlier check failed.
        case notChecked
    }

    /// How the check went.
    package var verdict: Verdict
    /// What was checked, such as `ids unique and stable across two runs`.
    package var title: String
    /// What it found: a count when it passed, the offending record when it failed; may be empty.
    package var detail: String

    /// Whether the check ran and passed.
    package var passed: Bool { verdict == .passed }

    /// `✓ title: detail`, `✗ title: detail`, or `- title: not checked, …`.
    package var text: String {
        let mark =
            switch verdict {
            case .passed: "✓ "
            case .failed: "✗ "
            case .notChecked: "- "
            }
        return mark + title + (detail.isEmpty ? "" : ": " + detail)
    }

    /// A check that passed.
    package static func pass(_ title: String, _ detail: String = "") -> ConformanceLine {
        ConformanceLine(verdict: .passed, title: title, detail: detail)
    }

    /// A check that failed.
    package static func fail(_ title: String, _ detail: String) -> ConformanceLine {
        ConformanceLine(verdict: .failed, title: title, detail: detail)
    }

    /// A check that could not run, and why.
    package static func notChecked(_ title: String, as reason: String) -> ConformanceLine {
        ConformanceLine(verdict: .notChecked, title: title, detail: "not checked, as \(reason)")
    }

    /// The lines of a core report: one per planned check, in the order planned. A check that failed shows
    /// its first finding (and how many more there are); one that did not run says why.
    /// - Parameters:
    ///   - report: what the checks found.
    ///   - planned: the checks asked for, in the order to print them.
    ///   - provider: the provider's id, left out of the findings' text.
    ///   - unit: what the sample search gives, `offers` or `records`.
    /// - Returns: the lines.
    package static func lines(
        for report: ConformanceCheck.Report, planned: [ConformanceCheck.Aspect], provider: ProviderID,
        unit: String = "offers"
    ) -> [ConformanceLine] {
        planned.map { aspect in
            let title = aspect == .offers && unit == "records" ? "records well formed" : title(of: aspect)
            guard report.checked.contains(aspect) else {
                return .notChecked(title, as: "the sample search failed")
            }
            let findings = report.findings(for: aspect)
            guard let first = findings.first else {
                return .pass(title, passedDetail(of: aspect, report, unit: unit))
            }
            var detail = first.message
            if detail.hasPrefix("\(provider): ") { detail.removeFirst("\(provider): ".count) }
            if findings.count > 1 { detail += " (and \(findings.count - 1) more)" }
            return .fail(title, detail)
        }
    }

    /// What a check is called.
    package static func title(of aspect: ConformanceCheck.Aspect) -> String {
        switch aspect {
        case .descriptor: "descriptor valid"
        case .sampleSearch: "sample search maps"
        case .stableIDs: "ids unique and stable across two runs"
        case .offers: "offers well formed"
        case .prices: "prices positive in known currencies"
        case .timesAndLinks:
            "times within \(LocalDateTime.saneYears.lowerBound)–\(LocalDateTime.saneYears.upperBound) and links web links"
        case .anyProviderID: "offers take the provider id they are run under"
        case .livePaths: "live requests ask for the sample paths"
        case .perRequestValues: "ids ignore the service's per-request values"
        case .nonPositivePrices: "zero and negative prices skipped and counted"
        case .deadline: "deadline honoured"
        case .malformedInput: "broken input handled"
        }
    }

    private static func passedDetail(
        of aspect: ConformanceCheck.Aspect, _ report: ConformanceCheck.Report, unit: String
    ) -> String {
        switch aspect {
        case .sampleSearch: "\(report.sampleCount) \(unit)"
        case .deadline: "finished in \(ExternalProvider.format(report.sampleDuration))"
        default: ""
        }
    }

    /// Creates the value from each of its properties, as the memberwise initializer does.
    package init(verdict: Verdict, title: String, detail: String) {
        self.verdict = verdict
        self.title = title
        self.detail = detail
    }
}
