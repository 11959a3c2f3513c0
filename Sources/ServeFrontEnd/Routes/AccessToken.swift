import AggregateEngine
import AggregatorCore
import CommandLineParsing
import Foundation
import ProviderKit

/// The bearer token every request but `/healthz` must carry: from `--token-file` or `AGGREGATE_SERVE_TOKEN`,
/// read once at start and never printed.
package struct AccessToken: Sendable {
    /// The shortest token taken: anything shorter can be guessed.
    package static let minimumLength = 16

    private let bytes: [UInt8]

    /// A token as given.
    /// - Parameters:
    ///   - text: the token, surrounding whitespace and line breaks removed.
    ///   - origin: where it came from, for the error (`--token-file PATH`, the variable's name).
    ///   - command: the command, for the error's hint.
    /// - Throws: ``UsageError`` for a token that is too short or holds characters a header cannot carry.
    package init(_ text: String, origin: String, command: String) throws(UsageError) {
        let token = text.trimmingCharacters(in: .whitespacesAndNewlines)
        guard token.utf8.count >= Self.minimumLength else {
            throw UsageError(
                "the token in \(origin) is shorter than \(Self.minimumLength) characters",
                hint: "make a long random one, such as with: openssl rand -hex 32", command: command)
        }
        guard token.utf8.allSatisfy({ (0x21...0x7E).contains($0) }) else {
            throw UsageError(
                "the token in \(origin) holds spaces or characters a header cannot carry",
                hint: "use letters, digits and punctuation only, such as openssl rand -hex 32 makes", command: command)
        }
        bytes = Array(token.utf8)
    }

    /// The token the options and the environment set: `--token-file` first, then the variable; `nil` for
    /// none.
    /// - Parameters:
    ///   - file: the `--token-file` path, if given.
    ///   - environment: the process environment.
    ///   - command: the command, for errors.
    /// - Returns: the token, or `nil`.
    /// - Throws: ``UsageError`` for a file that cannot be read or a token that cannot be used.
    package static func configured(
        file: String?, environment: [String: String], command: String
    ) throws(UsageError) -> AccessToken? {
        guard
            let given = try SecretSetting.read(
                file: file, variable: EnvironmentNames.serveToken, environment: environment, what: "token",
                command: command)
        else { return nil }
        return try AccessToken(given.text, origin: given.origin, command: command)
    }

    /// Whether a request's `Authorization` field carries the token (`Bearer TOKEN`, the scheme in any case),
    /// compared in time that does not depend on where a wrong token first differs.
    /// - Parameter authorization: the field's value, if any.
    /// - Returns: whether it does.
    package func admits(_ authorization: String?) -> Bool {
        guard let authorization else { return false }
        let parts = authorization.split(separator: " ", maxSplits: 1, omittingEmptySubsequences: true)
        guard parts.count == 2, parts[0].lowercased() == "bearer" else { return false }
        let given = Array(parts[1].trimmingCharacters(in: .whitespaces).utf8)
        var difference = UInt8(given.count == bytes.count ? 0 : 1)
        for index in bytes.indices {
            difference |= bytes[index] ^ (index < given.count ? given[index] : 0)
        }
        return difference == 0
    }
}
