import Foundation
import Testing

@Suite("aggregate search --kind cars, run as a built binary")
struct CarSearchTests {
    /// The line that says the cars come from the embedded sample, last on standard error after a table.
    static let sampleNote =
        "note: carrental answered from built-in samples, not live prices; add --live to ask the live services\n"

    @Test func theEmbeddedCarsArePricedPerDayCheapestFirst() async throws {
        let run = try await Binary.run(["search", "--kind", "cars", "--providers", "carrental"])
        #expect(run.status == 0)
        #expect(run.stderr == Self.sampleNote)
        // EGP prices are converted at 52.48 per EUR. The Fiat the service sends twice (cars[4] and cars[5])
        // is one row: a plate names one car.
        #expect(
            run.stdout == """
                PRICE EUR/DAY  CAR              COLOR   PLATE     SRC  SOLD BY          TAGS
                        25.00  Fiat 2023        SILVER  9914 LPW    1  carrental 25.00  best, cheapest
                        26.00  Renault 2023     BLUE    7390 LZB    1  carrental 26.00
                        27.50  SEAT 2024        WHITE   4821 MKT    1  carrental 27.50
                        29.50  Peugeot 2024     BLUE    6042 MHJ    1  carrental 29.50
                        41.90  Toyota 2025      RED     2157 NHD    1  carrental 41.90
                        51.00  Volkswagen 2024  BLACK   5603 MFR    1  carrental 51.00
                        95.00  BMW 2025         BLACK   3388 NBC    1  carrental 95.00
                note: carrental answered from built-in samples, not live prices; add --live to ask the live services

                """)
    }

    @Test func jsonCarriesTheCarThePerDayBasisAndTheCarsOwnCurrency() async throws {
        let run = try await Binary.run(["search", "--kind", "cars", "--providers", "carrental", "--format", "json"])
        #expect(run.status == 0)
        let json = try run.json()
        let providers = try #require(json["providers"] as? [[String: Any]])
        #expect(providers.map { $0["status"] as? String } == ["ok"])
        #expect(providers.first?["offers"] as? Int == 8)
        let offers = try #require(json["offers"] as? [[String: Any]])
        #expect(offers.allSatisfy { $0["price_basis"] as? String == "per_day" })
        let bmw = try #require(offers.first { $0["brand"] as? String == "BMW" })
        #expect(bmw["kind"] as? String == "car")
        #expect(bmw["model"] as? String == "2025")
        #expect(bmw["plate_number"] as? String == "3388 NBC")
        #expect(bmw["color"] as? String == "BLACK")
        let price = try #require(bmw["price"] as? [String: Any])
        #expect(price["currency"] as? String == "EUR")
        #expect((price["amount"] as? NSNumber)?.doubleValue == 95)
        let source = try #require((bmw["sources"] as? [[String: Any]])?.first)
        #expect(source["provider"] as? String == "carrental")
        let sourcePrice = try #require(source["price"] as? [String: Any])
        #expect(sourcePrice["currency"] as? String == "EGP")
        #expect((sourcePrice["amount"] as? NSNumber)?.doubleValue == 4985.6)
    }

    @Test(arguments: ["red", "Red", "RED"])
    func colourMatchesInAnyCase(color: String) async throws {
        let run = try await Binary.run(["search", "--kind", "cars", "--providers", "carrental", "--color", color])
        #expect(run.status == 0)
        #expect(run.stderr == Self.sampleNote)
        let rows = run.stdoutLines.dropFirst().filter { !$0.isEmpty && !$0.hasPrefix("note: ") }
        #expect(rows.count == 1)
        let row = try #require(rows.first)
        #expect(row.contains("Toyota 2025") && row.contains(" RED "))
    }

    @Test func maxPriceComparesEachCarInTheSearchCurrency() async throws {
        let run = try await Binary.run([
            "search", "--kind", "cars", "--providers", "carrental", "--max-price", "30", "--format", "csv",
        ])
        #expect(run.status == 0)
        let prices = run.stdoutLines.dropFirst().filter { !$0.isEmpty }.map {
            $0.split(separator: ",", omittingEmptySubsequences: false).dropFirst(10).first.map(String.init)
        }
        #expect(prices == ["25.00", "26.00", "27.50", "29.50"], "the Renault and Peugeot are EGP, converted")
    }

    /// Each CSV row of a car says what the car is: its make, model, colour and plate, as the seller gives them.
    @Test func csvRowsSayWhatEachCarIs() async throws {
        let run = try await Binary.run(["search", "--kind", "cars", "--providers", "carrental", "--format", "csv"])
        #expect(run.status == 0)
        let lines = run.stdoutLines.filter { !$0.isEmpty }
        let header = try #require(lines.first).split(separator: ",").map(String.init)
        #expect(Array(header.suffix(4)) == ["brand", "model", "color", "plate_number"])
        let cars = lines.dropFirst().map { Array($0.split(separator: ",", omittingEmptySubsequences: false).suffix(4)) }
        #expect(cars.contains(["Toyota", "2025", "RED", "2157 NHD"]), "\(cars)")
        #expect(cars.allSatisfy { !$0[0].isEmpty && !$0[1].isEmpty }, "\(cars)")
        #expect(Set(cars).count == cars.count, "no two rows alike: \(cars)")
    }

    @Test func colourAndPriceTogetherFindingNothingSayWhatEachWouldBringBack() async throws {
        let arguments = ["search", "--kind", "cars", "--providers", "carrental", "--color", "red", "--max-price", "30"]
        let run = try await Binary.run(arguments)
        #expect(run.status == 0)
        #expect(run.stdout == "")
        // The red Toyota costs 41.90; four cars (the Fiat sent twice is one) cost 30 or less.
        #expect(run.stderr == "no cars match; without --max-price: 1, without --color: 4\n" + Self.sampleNote)
        let json = try await Binary.run(arguments + ["--format", "json"])
        #expect(json.status == 0)
        let envelope = try json.json()
        #expect((envelope["offers"] as? [Any])?.isEmpty == true)
        let hints = try #require(envelope["hints"] as? [[String: Any]])
        #expect(hints.map { $0["drop"] as? [String] } == [["--max-price"], ["--color"]])
        #expect(hints.map { $0["offers"] as? Int } == [1, 4])
    }

    /// A note about what a provider's answer lacks is said only when it answered: sunweb's dateless offers are
    /// worth a note when they are in the result, not when sunweb failed and sent none.
    @Test func aNoteOnAnAnswerIsSaidOnlyWhenTheProviderAnswered() async throws {
        let folder = try TemporaryFolder()
        let missing = folder.url.appendingPathComponent("missing.json")
        let dated = ["search", "--providers", "kiwi,sunweb", "--from", "VIE", "--to", "BCN", "--date", "2026-12-18"]
        let answered = try await Binary.run(dated)
        #expect(answered.stderr.contains("note: sunweb: its offers carry no dates"), "\(answered.stderr)")
        let failed = try await Binary.run(dated + ["--endpoint", "sunweb=\(missing.absoluteString)"])
        #expect(failed.stderr.contains("sunweb failed"), "\(failed.stderr)")
        #expect(!failed.stderr.contains("carry no dates"), "\(failed.stderr)")
        let json = try await Binary.run(dated + ["--endpoint", "sunweb=\(missing.absoluteString)", "--format", "json"])
        let providers = try #require(try json.json()["providers"] as? [[String: Any]])
        let sunweb = try #require(providers.first { $0["id"] as? String == "sunweb" })
        #expect((sunweb["notes"] as? [String])?.isEmpty == true, "\(sunweb)")
    }

    @Test func allProvidersSearchingFlightsReportCarRentalUnsupportedAndExitZero() async throws {
        let run = try await Binary.run([
            "search", "--providers", "all", "--kind", "flights", "--to", "BCN", "--date", "2026-12-18",
            "--format", "json",
        ])
        #expect(run.status == 0, "a provider of another kind is not a failure")
        // Nobody named carrental, so its note is left to the JSON and --verbose; sunweb's is about --date,
        // and duffel, skiplagged and ryanair, which need an origin, are always told what to add.
        #expect(
            run.stderr
                == "note: sunweb: its offers carry no dates, so it cannot honour --date\n"
                + "note: duffel was not asked: it needs --from\n"
                + "note: skiplagged was not asked: it needs --from\n"
                + "note: ryanair was not asked: it needs --from\n")
        let providers = try #require(try run.json()["providers"] as? [[String: Any]])
        let carRental = try #require(providers.first { $0["id"] as? String == "carrental" })
        #expect(carRental["status"] as? String == "unsupported")
        #expect(carRental["error_code"] as? String == "unsupported")
        #expect(carRental["error"] as? String == "offers cars, not flights")
        #expect(providers.filter { $0["status"] as? String == "ok" }.count == 3)
        #expect((try run.json()["offers"] as? [Any])?.count == 3)
    }

    @Test func namingCarRentalForFlightsNotesItOnStandardError() async throws {
        let run = try await Binary.run([
            "search", "--providers", "kiwi,carrental", "--to", "BCN", "--date", "2026-12-18",
        ])
        #expect(run.status == 0)
        #expect(
            run.stderr
                == "note: carrental unsupported: offers cars, not flights\n"
                + "note: kiwi answered from built-in samples, not live prices; add --live to ask the live services\n")
        #expect(run.stdoutLines.dropFirst().filter { !$0.isEmpty && !$0.hasPrefix("note: ") }.count == 3)
        #expect(run.stdoutLines.filter { !$0.isEmpty }.last?.hasPrefix("note: kiwi answered from built-in") == true)
    }

    @Test func allProvidersSearchingCarsReportTheFlightProvidersUnsupported() async throws {
        let run = try await Binary.run(["search", "--providers", "all", "--kind", "cars", "--format", "json"])
        #expect(run.status == 0)
        let json = try run.json()
        let providers = try #require(json["providers"] as? [[String: Any]])
        let statuses = Dictionary(
            uniqueKeysWithValues: providers.compactMap { provider in
                (provider["id"] as? String).map { ($0, provider["status"] as? String ?? "") }
            })
        #expect(statuses["kiwi"] == "unsupported")
        #expect(statuses["aviasales"] == "unsupported")
        #expect(statuses["carrental"] == "ok")
        #expect(providers.first { $0["id"] as? String == "kiwi" }?["error"] as? String == "offers flights, not cars")
        #expect((json["offers"] as? [Any])?.count == 7, "eight records, the Fiat sent twice")
        let verbose = try await Binary.run(["search", "--providers", "all", "--kind", "cars", "--verbose"])
        #expect(verbose.stderrLines.contains("note: kiwi unsupported: offers flights, not cars"))
        #expect(verbose.stderrLines.contains("note: aviasales unsupported: offers flights, not cars"))
    }

    @Test func aNoContentStatusIsNoCarsNotAFailure() async throws {
        let folder = try TemporaryFolder()
        let file = try folder.write("cars.json", #"{"status":{"code":204,"message":"No Content"}}"#)
        let run = try await Binary.run([
            "search", "--kind", "cars", "--providers", "carrental", "--endpoint", "carrental=file://\(file.path)",
            "--format", "json",
        ])
        #expect(run.status == 0)
        #expect(!run.stderr.contains("warning"))
        let json = try run.json()
        #expect((json["offers"] as? [Any])?.isEmpty == true)
        let provider = try #require((json["providers"] as? [[String: Any]])?.first)
        #expect(provider["status"] as? String == "no_results")
        #expect(provider["offers"] as? Int == 0)
        #expect(provider["error"] is NSNull)
    }

    @Test func anHTMLBodyFailsTheProviderWithOneLineAndNoStackTrace() async throws {
        let folder = try TemporaryFolder()
        let file = try folder.write("cars.html", "<html>oops</html>")
        let arguments = [
            "search", "--kind", "cars", "--providers", "carrental", "--endpoint", "carrental=file://\(file.path)",
        ]
        let run = try await Binary.run(arguments)
        #expect(run.status == 3)
        #expect(run.stdout == "")
        #expect(
            run.stderr
                == "warning: carrental failed: the response is not in the expected format: the body is not JSON "
                + "(it is an HTML page)\n")
        let json = try await Binary.run(arguments + ["--format", "json"])
        #expect(json.status == 3)
        let provider = try #require((try json.json()["providers"] as? [[String: Any]])?.first)
        #expect(provider["status"] as? String == "failed")
        #expect(provider["error_code"] as? String == "malformed_response")
    }
}
