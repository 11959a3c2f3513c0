import Foundation

/// One value of Redis's serialization protocol: the RESP2 types, and the RESP3 types a server may send
/// anyway. RESP3's maps and sets arrive as arrays (a map's keys and values alternating), its verbatim
/// strings as bulk strings and its blob errors as errors, so that a caller handles one shape for each.
public enum RESPValue: Sendable, Hashable {
    /// A simple string, such as `OK` or `PONG`.
    case simple(String)
    /// An error reply, such as `ERR unknown command` (and RESP3's blob errors).
    case error(String)
    /// An integer.
    case integer(Int64)
    /// A binary-safe string (and RESP3's verbatim strings, without their format prefix).
    case bulk(Data)
    /// Nothing: RESP2's null bulk string and null array, RESP3's null.
    case null
    /// An array (and RESP3's sets, and maps as keys and values alternating).
    case array([RESPValue])
    /// A RESP3 double.
    case double(Double)
    /// A RESP3 boolean.
    case boolean(Bool)
    /// A RESP3 big number, as its decimal digits.
    case bigNumber(String)
    /// A RESP3 push message: out of band, never the answer to a command.
    case push([RESPValue])

    /// The text of a simple string, or of a bulk string holding UTF-8; `nil` for anything else.
    public var string: String? {
        switch self {
        case .simple(let text): text
        case .bulk(let data): String(data: data, encoding: .utf8)
        default: nil
        }
    }

    /// The bytes of a bulk or simple string; `nil` for anything else.
    public var data: Data? {
        switch self {
        case .bulk(let data): data
        case .simple(let text): Data(text.utf8)
        default: nil
        }
    }

    /// The value of an integer; `nil` for anything else.
    public var integer: Int64? {
        if case .integer(let value) = self { return value }
        return nil
    }

    /// Whether it is ``null``.
    public var isNull: Bool { self == .null }
}
