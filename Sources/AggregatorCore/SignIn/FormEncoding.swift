/// `application/x-www-form-urlencoded` bodies, as OAuth2 token requests are written (RFC 6749 appendix B).
enum FormEncoding {
    /// `name=value&name=value`, each byte outside letters, digits and `-._~` percent-encoded as UTF-8, a space
    /// as `+`.
    /// - Parameter fields: the fields, in order.
    /// - Returns: the body's text.
    static func encode(_ fields: [(String, String)]) -> String {
        fields.map { "\(escape($0.0))=\(escape($0.1))" }.joined(separator: "&")
    }

    private static func escape(_ text: String) -> String {
        var escaped = ""
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
                UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"),
                UInt8(ascii: "~"):
                escaped.unicodeScalars.append(Unicode.Scalar(byte))
            case UInt8(ascii: " "):
                escaped += "+"
            default:
                let hex = Array("0123456789ABCDEF".unicodeScalars)
                escaped.unicodeScalars.append("%")
                escaped.unicodeScalars.append(hex[Int(byte >> 4)])
                escaped.unicodeScalars.append(hex[Int(byte & 0x0F)])
            }
        }
        return escaped
    }
}
