import AggregatorCore
import CommandLineParsing
import Foundation
import ProviderKit

/// A secret the operator gives `serve` in a file (`--token-file`, `--cache-key-file`) or in a variable: its
/// text and where it came from, for messages that name the place and never the secret.
package struct SecretSetting {
    /// The largest file read.
    package static let maxFileBytes = 4096

    /// The text as given.
    package var text: String
    /// `'path'` or the variable's name.
    package var origin: String

    /// The secret from the file when one is named, else from the variable when it is set.
    /// - Parameters:
    ///   - file: the file named by its option, if any.
    ///   - variable: the variable read when no file is named.
    ///   - environment: the process environment.
    ///   - what: what the secret is, for the error (`token`, `cache key`).
    ///   - command: the command, for errors.
    /// - Returns: the secret, or `nil` when neither is given.
    /// - Throws: ``UsageError`` for a file that cannot be read.
    package static func read(
        file: String?, variable: String, environment: [String: String], what: String, command: String
    ) throws(UsageError) -> SecretSetting? {
        if let file {
            let data: Data?
            do {
                data = try RegularFile.read(file, maxBytes: maxFileBytes, missingIsNil: false)
            } catch {
                throw UsageError(
                    "cannot read the \(what) file: \(error.description)",
                    hint: "give a readable file holding one \(what) on a line", command: command)
            }
            return SecretSetting(
                text: String(decoding: data ?? Data(), as: UTF8.self),
                origin: "'\(PrintableText.excerpt(file, limit: 80))'")
        }
        guard let value = environment[variable], !value.isEmpty else { return nil }
        return SecretSetting(text: value, origin: variable)
    }
}
