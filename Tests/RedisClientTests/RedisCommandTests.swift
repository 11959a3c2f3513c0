import Foundation
import RedisClient
import Testing

@Suite("Writing commands: RESP arrays of bulk strings, and descriptions that keep arguments to themselves")
struct RedisCommandTests {
    @Test func aCommandIsAnArrayOfBulkStrings() {
        let command = RedisCommand.set("claim:a", Data("me".utf8), expiry: .seconds(30), condition: .ifAbsent)
        let expected = "*6\r\n$3\r\nSET\r\n$7\r\nclaim:a\r\n$2\r\nme\r\n$2\r\nNX\r\n$2\r\nPX\r\n$5\r\n30000\r\n"
        #expect(String(decoding: command.encoded, as: UTF8.self) == expected)
    }

    @Test func anArgumentMayHoldAnyByte() throws {
        let value = Data([0, 13, 10, 36, 42, 255])
        let command = RedisCommand.set("k", value)
        let decoded = try #require(try RESPDecoder().decode(command.encoded))
        #expect(decoded.value == .array([.bulk(Data("SET".utf8)), .bulk(Data("k".utf8)), .bulk(value)]))
    }

    @Test func anExpiryIsAtLeastOneMillisecond() {
        let command = RedisCommand.pexpire("k", .microseconds(10))
        #expect(command.words.last == Data("1".utf8))
        #expect(RedisCommand.pexpire("k", .milliseconds(1500)).words.last == Data("1500".utf8))
    }

    @Test func aDescriptionNamesTheCommandOnly() {
        let auth = RedisCommand.auth(password: "hunter2", username: "team")
        #expect(auth.description == "AUTH (2 arguments)")
        #expect(RedisCommand.ping.description == "PING (0 arguments)")
        #expect(RedisCommand.get("k").description == "GET (1 argument)")
    }
}
