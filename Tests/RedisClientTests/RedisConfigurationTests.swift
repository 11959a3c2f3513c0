import Foundation
import RedisClient
import Testing

@Suite("Reading redis:// URLs, and never showing a password")
struct RedisConfigurationTests {
    @Test func aPlainURLNamesHostPortAndDatabase() throws {
        let configuration = try RedisConfiguration(url: "redis://cache.internal:6380/2")
        #expect(configuration.host == "cache.internal")
        #expect(configuration.port == 6380)
        #expect(configuration.database == 2)
        #expect(configuration.password == nil)
        #expect(configuration.username == nil)
    }

    @Test(arguments: [
        ("redis://localhost", "localhost", 6379, 0),
        ("redis://localhost/", "localhost", 6379, 0),
        ("REDIS://127.0.0.1:7000", "127.0.0.1", 7000, 0),
        ("redis://[::1]:6390/3", "::1", 6390, 3),
        ("redis://[::1]", "::1", 6379, 0),
    ])
    func portAndDatabaseHaveDefaults(url: String, host: String, port: Int, database: Int) throws {
        let configuration = try RedisConfiguration(url: url)
        #expect(configuration.host == host)
        #expect(configuration.port == port)
        #expect(configuration.database == database)
    }

    @Test(arguments: [
        ("redis://:s3cret@host:6379/0", nil, "s3cret"),
        ("redis://team:s3cret@host", "team", "s3cret"),
        ("redis://s3cret@host", nil, "s3cret"),
        ("redis://:p%40ss%3Aword@host", nil, "p@ss:word"),
        ("redis://:p@ss@host", nil, "p@ss"),
    ])
    func aPasswordAndUserAreReadFromTheURL(url: String, user: String?, password: String) throws {
        let configuration = try RedisConfiguration(url: url)
        #expect(configuration.username == user)
        #expect(configuration.password == password)
        #expect(configuration.host == "host")
    }

    @Test func aPasswordGivenApartIsUsedWhenTheURLHasNone() throws {
        #expect(try RedisConfiguration(url: "redis://host", password: "from-env").password == "from-env")
        #expect(try RedisConfiguration(url: "redis://:in-url@host", password: "from-env").password == "in-url")
        #expect(try RedisConfiguration(url: "redis://host", password: "").password == nil)
    }

    @Test(arguments: [
        ("http://host:6379", "is not a redis:// URL"),
        ("host:6379", "has no scheme"),
        ("rediss://:pw@host:6379", "TLS"),
        ("redis://", "has no host"),
        ("redis://:pw@", "has no host"),
        ("redis://host:0", "port that is not a number from 1 to 65535 (0)"),
        ("redis://host:65536", "port that is not a number from 1 to 65535"),
        ("redis://host:abc", "port that is not a number from 1 to 65535 (abc)"),
        ("redis://host:", "port that is not a number"),
        ("redis://host/x", "database that is not a number from 0 (x)"),
        ("redis://host/-1", "database that is not a number"),
        ("redis://host/1/2", "database that is not a number"),
        ("redis://host/0?timeout=5", "takes no query"),
        ("redis://ho st:6379", "spaces or control characters"),
        ("redis://[::1:6379", "unclosed ["),
        ("redis://:%zz@host", "not percent-encoded properly"),
    ])
    func aBadURLSaysWhatIsWrong(url: String, says: String) {
        do {
            _ = try RedisConfiguration(url: url)
            Issue.record("\(url) was accepted")
        } catch {
            #expect(error.kind == .configuration)
            #expect(error.message.contains(says), "\(error.message)")
            #expect(!error.message.contains("pw"), "never the password")
            #expect(!error.message.contains("\n"))
        }
    }

    @Test func noPrintedFormShowsThePassword() throws {
        let configuration = try RedisConfiguration(url: "redis://team:hunter2@cache:6380/1")
        #expect(configuration.description == "redis://team:•••@cache:6380/1")
        #expect(!String(reflecting: configuration).contains("hunter2"))
        #expect(!"\(configuration)".contains("hunter2"))
        var dumped = ""
        dump(configuration, to: &dumped)
        #expect(!dumped.contains("hunter2"))
        #expect(dumped.contains("cache"))
        #expect(try RedisConfiguration(url: "redis://cache").description == "redis://cache:6379/0")
    }

    @Test func valuesThatCannotBeUsedAreRefused() {
        #expect(throws: RedisError.self) { try RedisConfiguration(port: 70_000).validate() }
        #expect(throws: RedisError.self) { try RedisConfiguration(commandTimeout: .zero).validate() }
        #expect(throws: RedisError.self) { try RedisConfiguration(maxConnections: 0).validate() }
        #expect(throws: RedisError.self) { try RedisClient(RedisConfiguration(host: "a b")) }
    }
}
