import Foundation
import ProviderKit
import Testing

/// What a refused request becomes, by status and by whether the service was asked with credentials.
@Suite("A refused answer's error")
struct RejectedAnswerTests {
    static let wall = Data("<html><body>Access denied</body></html>".utf8)

    static func error(_ status: Int, credentials: [CredentialName] = []) -> ProviderError {
        RejectedAnswer(HTTPResponse(status: status, body: wall), provider: "public", credentials: credentials)
            .error(quoting: nil)
    }

    @Test(arguments: [403, 409])
    func aKeylessServiceThatTurnsARequestAwayBlocksIt(status: Int) {
        let error = Self.error(status)
        #expect(error.code == .blocked, "there is no key to check, and the search was not empty")
        #expect(error.message.contains("HTTP \(status)") && error.message.contains("with an HTML page"))
        #expect(error.message.contains("not an empty answer; try again later"), "\(error.message)")
        #expect(error.remedy == nil)
        #expect((error.underlying as? RejectedAnswer)?.status == status)
    }

    @Test func aRefusalOfCredentialsAsksToCheckThem() {
        let forbidden = Self.error(403, credentials: [.apiKey])
        #expect(forbidden.code == .unauthorized)
        #expect(forbidden.remedy == .checkCredentials([.apiKey]))
        #expect(Self.error(401).code == .unauthorized, "401 asks for credentials, keyless or not")
        #expect(Self.error(409, credentials: [.apiKey]).code == .httpStatus, "a conflict is no refusal of a key")
    }
}
