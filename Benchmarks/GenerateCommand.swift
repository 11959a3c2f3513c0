import Foundation

/// `AggregateBenchmarks generate ITINERARIES FILE`: writes one realistic Kiwi response
/// (``KiwiResponseGenerator`` with its default seed) and nothing else, so that a script comparing builds
/// (`side_by_side.py`) runs every build on the same bytes.
enum GenerateCommand {
    /// The usage line, printed with every error.
    static let usage = "usage: AggregateBenchmarks generate ITINERARIES FILE"

    /// Runs the mode.
    /// - Parameter arguments: the arguments after `generate`.
    /// - Returns: 0 when the file was written, 1 when it could not be, 64 for a usage error.
    static func run(arguments: [String]) -> Int32 {
        guard arguments.count == 2, let itineraries = Int(arguments[0]), itineraries > 0 else {
            FileHandle.standardError.write(Data("a positive count and a file are needed\n\(usage)\n".utf8))
            return 64
        }
        var generator = KiwiResponseGenerator()
        do {
            let bytes = try generator.write(itineraries: itineraries, to: URL(fileURLWithPath: arguments[1]))
            print("\(itineraries) itineraries, \(bytes) bytes: \(arguments[1])")
            return 0
        } catch {
            FileHandle.standardError.write(Data("cannot write \(arguments[1]): \(error)\n".utf8))
            return 1
        }
    }
}
