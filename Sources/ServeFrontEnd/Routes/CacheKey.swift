import AggregatorCore
import CommandLineParsing
import Foundation
import ProviderKit
import RedisSharing

/// The key the instances sharing one Redis sign their answers with (``SharedSecret``): from
/// `--cache-key-file` or `AGGREGATE_CACHE_KEY`, read once at start and never printed. `--cache` needs one,
/// the same on every instance, and it must not be the Redis password: whoever may write to Redis must not
/// be able to write an answer.
package enum CacheKey {
    /// The variable that holds the key when `--cache-key-file` is not given.
    package static let variable = "AGGREGATE_CACHE_KEY"

    /// The key the options and the environment set, for a server that shares through Redis.
    /// - Parameters:
    ///   - file: the `--cache-key-file` path, if given.
    ///   - environment: the process environment.
    ///   - redisPassword: the Redis password, which the key must not be.
    ///   - command: the command, for errors.
    /// - Returns: the key.
    /// - Throws: ``UsageError`` for no key, a file that cannot be read, or a key that cannot be used.
    package static func configured(
        file: String?, environment: [String: String], redisPassword: String?, command: String
    ) throws(UsageError) -> SharedSecret {
        guard
            let given = try SecretSetting.read(
                file: file, variable: variable, environment: environment, what: "cache key", command: command)
        else {
            throw UsageError(
                "'--cache' needs the key the instances sign their shared answers with",
                hint: "set \(variable) or --cache-key-file to the same long random key on every instance, "
                    + "such as openssl rand -hex 32 makes", command: command)
        }
        let (text, origin) = (given.text, given.origin)
        guard let secret = SharedSecret(text) else {
            throw UsageError(
                "the cache key in \(origin) is shorter than \(SharedSecret.minimumBytes) characters",
                hint: "make a long random one, such as with: openssl rand -hex 32", command: command)
        }
        if let redisPassword, text.trimmingCharacters(in: .whitespacesAndNewlines) == redisPassword {
            throw UsageError(
                "the cache key in \(origin) is the Redis password, so whoever may write to Redis could sign answers",
                hint: "make a key of its own, such as with: openssl rand -hex 32", command: command)
        }
        return secret
    }
}
