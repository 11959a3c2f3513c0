/// Why a JSON document, or a value in it, could not be read.
///
/// The description is a sentence a person can act on: `data[3].price is not a number`,
/// `data[3].route is missing`, `the body is not JSON (it starts with '<')`, `the JSON is cut off` or
/// `line 1 column 17: unexpected character`. Input text only ever appears as a short excerpt with control,
/// format and separator characters replaced, so the message is safe to print on a terminal.
public struct JSONError: Error, Sendable, Equatable, CustomStringConvertible {
    /// What kind of problem this is, for code that reacts to it.
    public let code: Code
    /// Where the value is, such as `data[3].price`; empty for the document as a whole and for syntax errors.
    public let path: String
    /// The 1-based line of a syntax error, or `nil` when the problem is not tied to a position.
    public let line: Int?
    /// The 1-based column (in characters) of a syntax error, or `nil` when `line` is `nil`.
    public let column: Int?
    /// The problem in words: a whole sentence for the document (`the body is empty`), otherwise a predicate
    /// that follows the path (`is not a number`) or a position (`unexpected character`).
    public let problem: String

    init(code: Code, path: String = "", line: Int? = nil, column: Int? = nil, problem: String) {
        self.code = code
        self.path = path
        self.line = line
        self.column = column
        self.problem = JSONText.sanitized(problem, limit: 200)
    }

    /// The problem as one sentence, prefixed with its position or path.
    public var description: String {
        if let line, let column { return "line \(line) column \(column): \(problem)" }
        switch code {
        case .missing, .wrongType, .outOfRange, .invalidValue:
            return (path.isEmpty ? "the document" : path) + " " + problem
        case .empty, .notJSON, .truncated, .syntax, .tooDeep, .tooLarge:
            return problem
        }
    }
}
