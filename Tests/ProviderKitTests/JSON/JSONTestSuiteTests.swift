import Foundation
import ProviderKit
import Testing

/// The parsing cases of JSONTestSuite (MIT licence, see `Fixtures/JSONTestSuite/LICENSE`), copied into the
/// repository so that a fresh clone tests the same corpus.
enum JSONTestSuite {
    static let directory = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent()
        .deletingLastPathComponent()
        .appendingPathComponent("Fixtures/JSONTestSuite/test_parsing")

    /// The names of the cases whose names start with `prefix`, sorted.
    static func cases(_ prefix: String) -> [String] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
        return names.filter { $0.hasPrefix(prefix) && $0.hasSuffix(".json") }.sorted()
    }

    static func contents(_ name: String) throws -> Data {
        try Data(contentsOf: directory.appendingPathComponent(name))
    }
}

@Suite("JSONTestSuite: accept every y_ case, reject every n_ case, survive every i_ case")
struct JSONTestSuiteTests {
    @Test func theCorpusIsThere() {
        #expect(JSONTestSuite.cases("y_").count == 95)
        #expect(JSONTestSuite.cases("n_").count == 188)
        #expect(JSONTestSuite.cases("i_").count == 35)
    }

    @Test(arguments: JSONTestSuite.cases("y_"))
    func acceptsValidDocument(_ name: String) throws {
        let data = try JSONTestSuite.contents(name)
        let visited = try JSONDocument.read(data) { root in JSONWalker.visit(root) }
        #expect(visited > 0)
    }

    @Test(arguments: JSONTestSuite.cases("n_"))
    func rejectsInvalidDocument(_ name: String) throws {
        let data = try JSONTestSuite.contents(name)
        let error = #expect(throws: JSONError.self) {
            try JSONDocument.read(data) { root in JSONWalker.visit(root) }
        }
        if let error {
            #expect(TerminalText.isSafe(error.description), "\(error.description.debugDescription)")
        }
    }

    @Test(arguments: JSONTestSuite.cases("i_"))
    func readsOrRejectsImplementationDefinedDocument(_ name: String) throws {
        let data = try JSONTestSuite.contents(name)
        do {
            _ = try JSONDocument.read(data) { root in JSONWalker.visit(root) }
        } catch let error as JSONError {
            #expect(TerminalText.isSafe(error.description))
        }
    }

    @Test func acceptsHugeAndTinyNumbersButReadsThemSafely() throws {
        for name in ["i_number_huge_exp.json", "i_number_real_pos_overflow.json", "i_number_too_big_pos_int.json"] {
            try JSONDocument.read(try JSONTestSuite.contents(name)) { root in
                let number = try root[0]
                #expect(throws: JSONError.self) { try number.int64 }
                #expect((try? number.double)?.isFinite != false)
            }
        }
    }

    @Test func rejectsTheHundredThousandOpeningBracketsWithoutOverflowingTheStack() throws {
        let data = try JSONTestSuite.contents("n_structure_100000_opening_arrays.json")
        let error = #expect(throws: JSONError.self) { try JSONDocument.read(data) { _ in } }
        #expect(error?.code == .tooDeep)
        #expect(error?.description == "line 1 column 257: the JSON nests arrays and objects more than 256 deep")
    }
}

/// Reads every value of a document through every accessor, to show that none of them crashes.
enum JSONWalker {
    /// Visits `node` and everything in it; returns how many values it saw.
    static func visit(_ node: JSONNode) -> Int {
        _ = node.path
        _ = try? node.string
        _ = try? node.decimal
        _ = try? node.int64
        _ = try? node.int
        _ = try? node.double
        _ = try? node.bool
        _ = try? node.numberText
        _ = try? node.lenientDecimal
        _ = try? node.lenientInt
        _ = try? node.lenientString
        _ = try? node.lenientBool
        _ = node.error("is checked").description
        var count = 1
        if let elements = try? node.elements {
            for element in elements { count += visit(element) }
        }
        if let members = try? node.members {
            for member in members {
                _ = member.name
                _ = member.hasName("a")
                count += visit(member.value)
            }
        }
        return count
    }
}

/// Checks on text that reaches a terminal.
enum TerminalText {
    /// Whether `text` holds no control characters (C0, DEL, C1) and no format characters.
    static func isSafe(_ text: String) -> Bool {
        text.unicodeScalars.allSatisfy { scalar in
            scalar.value >= 0x20 && !(0x7F...0x9F).contains(scalar.value)
                && scalar.properties.generalCategory != .format
        }
    }
}
