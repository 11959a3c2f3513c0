import Foundation
import Testing

/// Prices and rates at the edges of decimal arithmetic, through the built binary: conversion never
/// traps and never writes "not a number", so the JSON output stays strictly valid.
@Suite("Absurd prices and rates through the binary")
struct PriceArithmeticTests {
    /// The one-itinerary Kiwi answer with its price replaced.
    static func kiwiAnswer(price: String) -> String {
        let body = LiveEndpointTests.kiwiBody.replacingOccurrences(of: #""price": 155"#, with: #""price": \#(price)"#)
        precondition(body != LiveEndpointTests.kiwiBody, "the sample's price is where it was")
        return body
    }

    /// Checks that `stdout` is JSON any strict parser reads, with no `NaN` or infinity written as a number.
    static func expectStrictJSON(_ stdout: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let object = try JSONSerialization.jsonObject(with: Data(stdout.utf8))
        #expect(object is [String: Any], sourceLocation: sourceLocation)
        for word in ["NaN", "nan", "Infinity", "inf"] {
            let asNumber = try NSRegularExpression(pattern: #"[:\[,]\s*-?\#(word)\b"#)
            let range = NSRange(stdout.startIndex..., in: stdout)
            #expect(
                asNumber.firstMatch(in: stdout, range: range) == nil, "\(word) in the output",
                sourceLocation: sourceLocation)
        }
    }

    @Test(arguments: ["JPY", "RUB", "EUR"])
    func aPriceOf1eMinus120IsLeftOutWithANote(currency: String) async throws {
        let folder = try TemporaryFolder()
        let file = try folder.write("kiwi.json", Self.kiwiAnswer(price: "1e-120"))
        let run = try await Binary.run([
            "search", "--providers", "kiwi,aviasales", "--endpoint", "kiwi=\(file.path)", "--currency", currency,
            "--format", "json",
        ])
        #expect(run.status == 0)
        try Self.expectStrictJSON(run.stdout)
        let json = try run.json()
        let offers = try #require(json["offers"] as? [[String: Any]])
        #expect(!offers.isEmpty, "aviasales's offers are all there")
        #expect(
            !offers.contains {
                ($0["sources"] as? [[String: Any]])?.contains { $0["provider"] as? String == "kiwi" } == true
            })
        let note =
            "1 price in EUR has no sensible amount in \(currency) (too small or too large to convert) and was left out"
        // The document's notes end with what its standard error leaves to the JSON: aviasales's are samples.
        #expect(
            json["notes"] as? [String] == [
                note,
                "aviasales answered from built-in samples, not live prices; add --live to ask the live services",
            ])
        #expect(run.stderr == "note: \(note)\n")
    }

    @Test(arguments: ["JPY", "RUB"])
    func aPriceOf1e120IsConvertedExactlyAndWrittenAsAValidNumber(currency: String) async throws {
        let folder = try TemporaryFolder()
        let file = try folder.write("kiwi.json", Self.kiwiAnswer(price: "1e120"))
        let run = try await Binary.run([
            "search", "--providers", "kiwi", "--endpoint", "kiwi=\(file.path)", "--currency", currency, "--format",
            "json",
        ])
        #expect(run.status == 0)
        try Self.expectStrictJSON(run.stdout)
        let offer = try #require((try run.json()["offers"] as? [[String: Any]])?.first)
        let amount = try #require((offer["price"] as? [String: Any])?["amount"] as? NSNumber)
        #expect(amount.doubleValue > 1e120 && amount.doubleValue.isFinite)
    }

    @Test func aConversionThatOverflowsIsLeftOutNotWrittenAsNaN() async throws {
        let folder = try TemporaryFolder()
        // About 1e165, the largest a decimal holds; times the largest rate a table may hold, it overflows.
        let file = try folder.write(
            "kiwi.json", Self.kiwiAnswer(price: #""99999999999999999999999999999999999999e127""#))
        let rates = try folder.write(
            "rates.json", #"{"base": "EUR", "date": "2026-11-20", "rates": {"RUB": 1000000000, "USD": 0.000001}}"#)
        for currency in ["RUB", "USD"] {
            let run = try await Binary.run([
                "search", "--providers", "kiwi", "--endpoint", "kiwi=\(file.path)", "--rates", rates.path,
                "--currency", currency, "--format", "json",
            ])
            #expect(run.status == 0, "\(currency)")
            try Self.expectStrictJSON(run.stdout)
            let json = try run.json()
            if currency == "RUB" {
                #expect((json["offers"] as? [[String: Any]])?.isEmpty == true)
                #expect(
                    (json["notes"] as? [String])?.first?.hasPrefix("1 price in EUR has no sensible amount in RUB")
                        == true)
            } else {
                #expect((json["offers"] as? [[String: Any]])?.count == 1, "1e159 dollars is large, but a number")
            }
        }
    }

    @Test(arguments: [
        (#"{"JPY": 1e-120}"#, "JPY"), (#"{"RUB": 1e300}"#, "RUB"), (#"{"USD": "1e12"}"#, "USD"),
        (#"{"USD": 1.06, "GBP": 0.0000001}"#, "GBP"),
    ])
    func anAbsurdRatesFileIsAUsageErrorNamingTheCurrency(rates: String, currency: String) async throws {
        let folder = try TemporaryFolder()
        let file = try folder.write("rates.json", #"{"base": "EUR", "date": "2026-11-20", "rates": \#(rates)}"#)
        let run = try await Binary.run(["search", "--rates", file.path, "--format", "json"])
        #expect(run.status == 64)
        #expect(run.stdout == "")
        #expect(
            run.stderr.hasPrefix(
                "error: the rates file '\(file.path)' is unusable: the rate for \(currency) is outside 0.000001 to "
                    + "1000000000 units per EUR"), "\(run.stderr)")
    }

    @Test func extremeButPlausibleRatesGiveValidJSONForEveryProvider() async throws {
        let folder = try TemporaryFolder()
        let rates = try folder.write(
            "rates.json",
            #"{"base": "EUR", "date": "2026-11-20", "rates": {"RUB": 0.000001, "USD": 1000000000, "EGP": 0.000001}}"#)
        for currency in ["EUR", "RUB", "USD"] {
            let run = try await Binary.run([
                "search", "--providers", "all", "--rates", rates.path, "--currency", currency, "--format", "json",
            ])
            #expect(run.status == 0, "\(currency): \(run.stderr)")
            try Self.expectStrictJSON(run.stdout)
        }
    }
}
