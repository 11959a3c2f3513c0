import AggregatorCore
import CommandLineParsing
import Foundation
import ProviderKit

/// Words the command line's messages for a tool's caller, who writes `max_price`, not `--max-price`.
package enum MCPWording {
    /// `text` with every option it names (`--max-price`) replaced by its property name (`max_price`).
    ///
    /// An option is taken whole (`--to` is not found inside `--timeout`); an option the map does not
    /// know is left as it is.
    /// - Parameters:
    ///   - text: a message or help line from the command line.
    ///   - names: property names by option name, such as `--max-price` → `max_price`.
    /// - Returns: the text in the tool's terms.
    package static func replacingOptions(in text: String, names: [String: String]) -> String {
        var result = ""
        var rest = Substring(text)
        while let dashes = rest.range(of: "--") {
            result += rest[..<dashes.lowerBound]
            let tail = rest[dashes.upperBound...]
            let word = tail.prefix { $0.isLetter || $0.isNumber || $0 == "-" }
            let option = "--" + word
            result += names[option] ?? option
            rest = tail[word.endIndex...]
        }
        return result + rest
    }

    /// A usage error as one line for the tool's caller: `error: unknown argument 'frm'. Did you mean
    /// 'from'?`, without the pointer to `--help`, which a caller of the tool cannot follow.
    /// - Parameters:
    ///   - error: the error.
    ///   - names: property names by option name.
    /// - Returns: the line.
    package static func line(_ error: UsageError, names: [String: String]) -> String {
        var text = "error: \(error.message)."
        if let hint = error.hint, !hint.isEmpty {
            text += " " + hint.uppercasedFirst + (hint.hasSuffix("?") || hint.hasSuffix(".") ? "" : ".")
        }
        return replacingOptions(in: text, names: names)
    }
}
