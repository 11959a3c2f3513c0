import Foundation
import ProviderKit

/// A token service's answer to a client-credentials exchange (RFC 6749 section 5.1), read as hostile data:
/// the token is sent in a header, so anything that is not a plain visible-ASCII token is refused.
struct OAuth2Answer {
    /// Why an answer is not a token.
    struct Failure: Error, Sendable {
        var reason: String
    }

    /// The longest token taken: real ones are a few hundred bytes, JWTs a few kilobytes.
    static let maximumTokenLength = 8_192

    /// The bearer token.
    var accessToken: String
    /// How long the token lasts, in seconds, when the service says.
    var lifetime: Double?

    /// Reads an answer.
    /// - Parameter body: the answer's body.
    /// - Throws: ``Failure`` for an answer that is not JSON, has no usable `access_token`, a `token_type`
    ///   other than bearer, or an `expires_in` that is not a positive number of seconds.
    init(_ body: Data) throws(Failure) {
        do {
            (accessToken, lifetime) = try JSONDocument.read(body) { root throws -> (String, Double?) in
                guard let token = try root["access_token"].ifPresent?.string else {
                    throw Failure(reason: "it has no access_token")
                }
                guard (1...Self.maximumTokenLength).contains(token.utf8.count),
                    token.utf8.allSatisfy({ (0x21...0x7E).contains($0) })
                else { throw Failure(reason: "its access_token is not a plain token") }
                if let type = try root["token_type"].ifPresent?.string, type.lowercased() != "bearer" {
                    throw Failure(reason: "its token_type is not bearer")
                }
                guard let expiry = try root["expires_in"].ifPresent else { return (token, nil) }
                // Some services write the number as text.
                let seconds = (try? expiry.double) ?? (try? expiry.string).flatMap(Double.init)
                guard let seconds, seconds.isFinite, seconds > 0, seconds <= 10 * 365 * 86_400 else {
                    throw Failure(reason: "its expires_in is not a number of seconds")
                }
                return (token, seconds)
            }
        } catch let failure as Failure {
            throw failure
        } catch {
            throw Failure(reason: "it is not a JSON object")
        }
    }

    /// The service's own words for a refused exchange: `invalid_client (Client authentication failed)` from
    /// `error` and `error_description`; `nil` when the body does not say.
    /// - Parameter body: the refusal's body.
    /// - Returns: the words, unsanitised.
    static func error(in body: Data) -> String? {
        (try? JSONDocument.read(body) { root -> String? in
            let code = try root["error"].ifPresent?.string
            let description = try root["error_description"].ifPresent?.string
            switch (code, description) {
            case (let code?, let description?): return "\(code) (\(description))"
            case (let code?, nil): return code
            case (nil, let description?): return description
            case (nil, nil): return nil
            }
        }) ?? nil
    }
}
