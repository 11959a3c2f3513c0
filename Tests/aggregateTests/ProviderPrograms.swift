import Foundation
import Testing

/// A folder of outside provider programs written for one test: real executables (Python 3 with the
/// standard library), put on the `PATH` of the built binary through the run's environment.
final class ProviderPrograms {
    /// The folder the programs are written into; removed when the test is done with it.
    let folder: TemporaryFolder

    init() throws { folder = try TemporaryFolder() }

    /// The folder's path, for `PATH`.
    var path: String { folder.url.path }

    /// The environment that puts the programs first on `PATH`, before the system's folders.
    var environment: [String: String] { ["PATH": "\(path):/usr/bin:/bin"] }

    /// The spec a program prints unless a test gives another: flights, no required fields, a sample query.
    static func spec(id: String, environment: [String] = []) -> String {
        let variables = environment.map { "\"\($0)\"" }.joined(separator: ", ")
        return """
            {"protocol": "aggregate.provider.v1", "id": "\(id)", "name": "Test \(id)", "offers": ["flights"],
             "capabilities": ["dates"], "environment": [\(variables)],
             "sample_query": {"origins": ["VIE"], "destinations": ["BCN"]}}
            """
    }

    /// Writes `aggregate-provider-<id>`: it prints `spec` for `spec`, and for `search` reads the query into
    /// `query` and runs `search`, Python statements at the top level that may call `offer(...)` (one offer
    /// line's object) and `emit(object)` (one line).
    /// - Parameters:
    ///   - id: the id in its file name.
    ///   - spec: what it prints for `spec`, as JSON text.
    ///   - search: what it does for `search`.
    ///   - fileName: its name, when not `aggregate-provider-<id>`.
    /// - Returns: its path.
    @discardableResult
    func add(_ id: String, spec: String? = nil, search: String, fileName: String? = nil) throws -> String {
        let body = search.split(separator: "\n", omittingEmptySubsequences: false).map { "    " + $0 }
            .joined(separator: "\n")
        let script = """
            #!/usr/bin/env python3
            import json, os, signal, sys, time

            PROVIDER = "\(id)"
            SPEC = r'''\(spec ?? Self.spec(id: id))'''

            def emit(value):
                print(value if isinstance(value, str) else json.dumps(value), flush=True)

            def offer(number, price, carrier="OS", departs="2026-12-20T07:00", arrives="2026-12-20T09:30",
                      currency="EUR", name=None, origin="VIE", destination="BCN"):
                segment = {"carrier": carrier, "flight_number": str(number), "origin": origin,
                           "destination": destination, "departure": departs, "arrival": arrives}
                if name is not None:
                    segment["carrier_name"] = name
                return {"id": PROVIDER + "-" + carrier + str(number) + "-" + departs, "kind": "flight",
                        "legs": [{"segments": [segment]}],
                        "sources": [{"provider": PROVIDER, "price": {"amount": price, "currency": currency},
                                     "deep_link": "https://example.com/" + carrier + str(number)}]}

            def main():
                if sys.argv[1:] == ["spec"]:
                    print(SPEC)
                    return
                query = json.loads(sys.stdin.readline())
            \(body)

            main()

            """
        return try write(fileName ?? "aggregate-provider-\(id)", script)
    }

    /// Writes an executable file as it is.
    /// - Parameters:
    ///   - name: its file name.
    ///   - contents: its text.
    ///   - executable: whether to mark it executable.
    /// - Returns: its path.
    @discardableResult
    func write(_ name: String, _ contents: String, executable: Bool = true) throws -> String {
        let file = try folder.write(name, contents)
        try FileManager.default.setAttributes(
            [.posixPermissions: executable ? 0o755 : 0o644], ofItemAtPath: file.path)
        return file.path
    }
}

/// The outcome one provider had in a search's JSON output.
struct ProviderOutcomeJSON {
    var status: String
    var offers: Int
    var skipped: Int
    var error: String?
    var errorCode: String?
    var notes: [String]

    /// The outcome of `id` in a run's JSON output.
    static func of(_ id: String, in json: [String: Any]) throws -> ProviderOutcomeJSON {
        let providers = try #require(json["providers"] as? [[String: Any]])
        let entry = try #require(providers.first { $0["id"] as? String == id }, "\(id) has an outcome")
        return ProviderOutcomeJSON(
            status: entry["status"] as? String ?? "", offers: entry["offers"] as? Int ?? -1,
            skipped: entry["skipped"] as? Int ?? -1, error: entry["error"] as? String,
            errorCode: entry["error_code"] as? String, notes: entry["notes"] as? [String] ?? [])
    }
}
