import Foundation
import Testing

@testable import AggregateCLI
@testable import AggregateEngine
@testable import CommandLineParsing

/// The command lines the README and the manual's pages show are the tool's: each names a command the tool
/// has and only options of that command's table, and one shown with the error it gets gets that error.
@Suite("The manual's examples against the tool's option tables")
struct DocsExamplesTests {
    /// One command line shown in a page's code block.
    struct Example: CustomStringConvertible {
        var page: String
        var line: Int
        /// The words after `aggregate`.
        var words: [String]
        /// The `error:` line shown right after it, if any.
        var error: String?

        var description: String { "\(page):\(line): aggregate \(words.joined(separator: " "))" }
    }

    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    /// The README and every page of `docs/`.
    static func pages() throws -> [URL] {
        let docs = root.appendingPathComponent("docs")
        let names = try FileManager.default.contentsOfDirectory(atPath: docs.path).filter { $0.hasSuffix(".md") }
        return [root.appendingPathComponent("README.md")] + names.sorted().map { docs.appendingPathComponent($0) }
    }

    /// The command lines of a page's code blocks: a line that runs `aggregate` (after any variables set for it,
    /// or `swift run`), continued over `\`, up to a pipe, a redirection or a comment. A synopsis, with its
    /// `[…]` and `a|b` placeholders, is not an example.
    static func examples(in page: URL) throws -> [Example] {
        let lines = try String(contentsOf: page, encoding: .utf8).components(separatedBy: "\n")
        var examples: [Example] = []
        var inCode = false
        var pending = ""
        for (index, raw) in lines.enumerated() {
            if raw.trimmingCharacters(in: .whitespaces).hasPrefix("```") {
                inCode.toggle()
                continue
            }
            guard inCode else { continue }
            if raw.hasSuffix("\\") {
                pending += raw.dropLast() + " "
                continue
            }
            var line = (pending + raw).trimmingCharacters(in: .whitespaces)
            pending = ""
            if line.hasPrefix("$ ") { line.removeFirst(2) }
            var words = split(line)
            while let first = words.first, first.range(of: #"^[A-Z_][A-Z0-9_]*="#, options: .regularExpression) != nil {
                words.removeFirst()
            }
            if words.starts(with: ["swift", "run"]) {
                words.removeFirst(2)
                if words.first == "-c" { words.removeFirst(2) }
            }
            guard words.first == "aggregate" else { continue }
            words.removeFirst()
            if let end = words.firstIndex(where: { ["|", "&&", ";", "#"].contains($0) }) {
                words = Array(words[..<end])
            }
            words.removeAll { $0.hasPrefix(">") || $0.hasPrefix("2>") || $0.hasPrefix("<") }
            let synopsis = words.contains {
                $0.hasPrefix("[") || $0.contains("...")
                    || $0.range(of: "^[a-z]+(\\|[a-z]+)+$", options: .regularExpression) != nil
            }
            guard !synopsis, !words.isEmpty else { continue }
            let next = index + 1 < lines.count ? lines[index + 1] : ""
            examples.append(
                Example(
                    page: page.lastPathComponent, line: index + 1, words: words,
                    error: next.hasPrefix("error:") ? next : nil))
        }
        return examples
    }

    /// Shell words: spaces separate them, quotes keep them together, a backslash keeps the next character.
    static func split(_ line: String) -> [String] {
        var words: [String] = []
        var word = ""
        var quote: Character?
        var escaped = false
        var started = false
        for character in line {
            if escaped {
                word.append(character)
                escaped = false
            } else if character == "\\" && quote != "'" {
                escaped = true
                started = true
            } else if let open = quote {
                if character == open { quote = nil } else { word.append(character) }
            } else if character == "'" || character == "\"" {
                quote = character
                started = true
            } else if character == " " || character == "\t" {
                if started { words.append(word) }
                word = ""
                started = false
            } else {
                word.append(character)
                started = true
            }
        }
        if started { words.append(word) }
        return words
    }

    @Test func everyCommandLineShownIsOneTheToolTakes() throws {
        var checked = 0
        for page in try Self.pages() {
            for example in try Self.examples(in: page) {
                let name = example.words[0]
                if ["help", "version", "--help", "--version", "-V", "-h"].contains(name) { continue }
                guard let command = AggregateTool.command(named: name) else {
                    Issue.record("\(example): no command '\(name)'")
                    continue
                }
                let configuration = command.configuration
                checked += 1
                do {
                    _ = try ParsedOptions.parse(
                        Array(example.words.dropFirst()), specs: configuration.options, command: configuration.name)
                } catch {
                    // An example may show a mistake, and then the line it gets: that line must be the tool's.
                    #expect(example.error == error.description, "\(example)")
                }
            }
        }
        // The README's quick start and the pages hold a couple of dozen; none found means the reading broke.
        #expect(checked >= 20)
    }

    @Test func theReadmeStaysShortAndLinksOnlyToPagesThatExist() throws {
        let readme = try String(contentsOf: Self.root.appendingPathComponent("README.md"), encoding: .utf8)
        #expect(readme.components(separatedBy: "\n").count <= 250)
        let links = readme.matches(of: #/\]\((docs/[a-z-]+\.md)(#[a-z0-9-]+)?\)/#).map { String($0.output.1) }
        #expect(!links.isEmpty)
        for link in Set(links) {
            #expect(FileManager.default.fileExists(atPath: Self.root.appendingPathComponent(link).path), "\(link)")
        }
    }
}
