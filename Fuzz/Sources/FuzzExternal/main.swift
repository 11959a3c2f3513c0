import Foundation
import FuzzDriver
import FuzzSupport
import ProviderKit

@testable import AggregateEngine

// The readers of what an outside provider program prints: its spec (`<program> spec`) and its search output
// (offer lines and a status line). The first byte picks which; the rest is what the program printed. Any
// outcome but a crash, a hang or a runaway allocation is a pass: a spec is used or refused, a line read or
// skipped.

let id: ProviderID = "fuzzed"

let spec = """
    {"protocol": "aggregate.provider.v1", "id": "fuzzed", "name": "Fuzzed", "summary": "Flights.",
     "offers": ["flights", "cars"], "currency": "EUR", "capabilities": ["dates", "round_trips"],
     "requires": ["origin"], "environment": ["FUZZED_KEY", "AGGREGATE_KIWI_API_KEY"],
     "sample_query": {"kind": "flights", "origins": ["VIE"], "destinations": ["BCN"], "date": "2026-12-18..2026-12-20",
      "round_trip": true, "return": "2026-12-27", "passengers": {"adults": 2, "children": 1, "infants": 0},
      "cabin": "economy", "currency": "EUR"}}
    """

/// A spec with only what is required and a sample query: the readers' shortest path to the query's party.
let shortSpec = """
    {"protocol": "aggregate.provider.v1", "id": "fuzzed", "name": "F", "offers": ["flights"],
     "sample_query": {"from": "VIE,LNZ", "to": "BCN", "passengers": {"adults": 1, "children": 0, "infants": 0}}}
    """

let output = """
    {"id": "fz-1", "kind": "flight", "price_basis": "total", "legs": [{"duration_minutes": 150, "segments": [{"carrier": "OS", "carrier_name": "Austrian", "flight_number": "395", "origin": "VIE", "origin_city": "VIE", "destination": "BCN", "destination_city": "BCN", "departure": "2026-12-18T07:05", "arrival": "2026-12-18T09:45", "departure_utc": "2026-12-18T06:05:00Z", "arrival_utc": "2026-12-18T09:45:00+01:00"}]}], "sources": [{"provider": "fuzzed", "reference": 12, "price": {"amount": 149.5, "currency": "EUR"}, "deep_link": "https://example.com/book", "retrieved_at": "2026-12-01T10:00:00Z", "seats_left": 4}], "image": "https://example.com/i.jpg", "tags": ["self_transfer"]}
    {"id": "fz-2", "kind": "car", "brand": "Toyota", "model": "Corolla", "plate_number": "W-1", "color": "red", "sources": [{"provider": "fuzzed", "price": {"amount": 30, "currency": "EUR"}}]}
    {"status": "ok", "skipped": 1, "notes": ["a note"], "error": null, "code": null}
    """

if CommandLine.arguments.count == 3, CommandLine.arguments[1] == "--write-seeds" {
    let folder = CommandLine.arguments[2]
    _ = FileManager.default.createFile(atPath: "\(folder)/spec", contents: Data([0]) + Data(spec.utf8))
    _ = FileManager.default.createFile(atPath: "\(folder)/short-spec", contents: Data([2]) + Data(shortSpec.utf8))
    _ = FileManager.default.createFile(atPath: "\(folder)/output", contents: Data([1]) + Data(output.utf8))
    exit(0)
}

JSONMutator.install(prefix: 1)
exit(
    aggregate_run_fuzzer(CommandLine.argc, CommandLine.unsafeArgv) { data, count in
        guard let data, count > 0 else { return 0 }
        let printed = Data(bytes: data + 1, count: count - 1)
        if data[0] % 2 == 0 {
            if let spec = try? ExternalSpec(parsing: printed, expectedID: id) {
                _ = spec.descriptor
                _ = spec.sampleQuery?.passengers.description
            }
        } else {
            let read = ExternalOutput(parsing: printed, provider: id, programID: id, retrievedAt: Date())
            for offer in read.offers { _ = offer.product.itinerary?.duration }
        }
        return 0
    })
