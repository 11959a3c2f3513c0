import Testing

@testable import AggregateCLI
@testable import ServeFrontEnd

/// Whether `aggregate serve` may go without a token is decided on the addresses a listen name resolves to,
/// never on how the name looks. No test here needs a network: a name that does not resolve is not
/// loopback, and `localhost` resolves through `/etc/hosts`.
@Suite("serve --listen: loopback decided on addresses")
struct ListenAddressTests {
    @Test(arguments: ["127.0.0.1", "127.1.2.3", "::1", "localhost", "::ffff:127.0.0.1"])
    func loopbackAddressesAndLocalhostAreLoopback(host: String) {
        #expect(ListenAddress(host: host, port: 0).isLoopback, "\(host)")
    }

    @Test(arguments: [
        "127.lan.example.com", "127.0.0.1.example.com", "localhost.example.com", "0.0.0.0", "::", "10.0.0.1",
        "::ffff:10.0.0.1", "name-that-does-not-resolve.invalid",
    ])
    func namesThatLookLocalAndOtherAddressesAreNot(host: String) {
        #expect(!ListenAddress(host: host, port: 0).isLoopback, "\(host)")
    }

    @Test func everyAddressMustBeLoopback() {
        #expect(ListenAddress.isLoopback([127, 0, 0, 1]))
        #expect(!ListenAddress.isLoopback([128, 0, 0, 1]))
        #expect(ListenAddress.isLoopback([UInt8](repeating: 0, count: 15) + [1]))
        #expect(!ListenAddress.isLoopback([UInt8](repeating: 0, count: 16)))
        #expect(!ListenAddress.isLoopback([]))
    }

    @Test func aNameNeedsTheTokenUnlessItResolvesToLoopbackOnly() async throws {
        let named = try await Binary.run(["serve", "--listen", "127.lan.example.com:0"])
        #expect(named.status == 64)
        #expect(named.stderr.contains("without a token the server listens on loopback only"))
    }
}
