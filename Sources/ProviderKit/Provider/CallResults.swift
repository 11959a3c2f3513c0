import Foundation

/// The results of a search made of several calls (one per route and day, say), in call order: the pages that
/// came back and the calls that failed, folded the one way every such provider folds them.
///
/// When every call failed the search fails with the first call's error; when only some did, the others
/// count and ``failureNote(unit:describing:)`` says so. Offers repeated across pages (a recording answers
/// every call alike) are kept once.
public struct CallResults<Call: Sendable, Page: Sendable>: Sendable {
    /// The calls that answered, with their pages, in call order.
    public let pages: [(call: Call, page: Page)]
    /// The calls that failed, with their errors, in call order.
    public let failures: [(call: Call, error: ProviderError)]

    /// Folds the results of the calls.
    /// - Parameters:
    ///   - calls: the calls, in the order they were planned.
    ///   - results: each call's result, in the same order.
    /// - Throws: the first call's error when every call failed.
    public init(calls: [Call], results: [Result<Page, ProviderError>]) throws(ProviderError) {
        var pages: [(call: Call, page: Page)] = []
        var failures: [(call: Call, error: ProviderError)] = []
        for (call, result) in zip(calls, results) {
            switch result {
            case .success(let page): pages.append((call, page))
            case .failure(let error): failures.append((call, error))
            }
        }
        if pages.isEmpty, let first = failures.first { throw first.error }
        self.pages = pages
        self.failures = failures
    }

    /// The offers of every page in call order. An offer two calls both gave is there twice: the runner
    /// drops exact repeats from every answer and counts them.
    /// - Parameter offers: a page's offers.
    /// - Returns: the offers.
    public func offers(_ offers: (Page) -> [Offer]) -> [Offer] {
        pages.flatMap { offers($0.page) }
    }

    /// A count summed over the pages.
    /// - Parameter count: a page's count.
    /// - Returns: the sum.
    public func sum(_ count: (Page) -> Int) -> Int {
        pages.reduce(0) { $0 + count($1.page) }
    }

    /// `1 of its 4 calls failed, the first for VIE→BCN on 2026-12-18: <the error>`, or `nil` when none failed.
    /// - Parameters:
    ///   - unit: what a call is called, `call` or `request`.
    ///   - describing: what the first failed call asked for.
    /// - Returns: the note.
    public func failureNote(unit: String = "call", describing: (Call) -> String) -> String? {
        guard let first = failures.first else { return nil }
        let total = pages.count + failures.count
        return "\(failures.count) of its \(total) \(unit)s failed, the first for \(describing(first.call)): "
            + first.error.message
    }
}
