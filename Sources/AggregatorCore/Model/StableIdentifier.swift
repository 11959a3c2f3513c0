/// Builds identifiers that are the same in every run for the same content.
///
/// Swift's `Hasher` is seeded per process, so it cannot make ids that survive a restart; this uses
/// 64-bit FNV-1a over the UTF-8 bytes of the parts, separated by a unit separator so that
/// `["ab", "c"]` and `["a", "bc"]` differ.
public enum StableIdentifier {
    /// A 16-digit lower-case hexadecimal digest of the parts, prefixed with `prefix` and `-`.
    /// - Parameters:
    ///   - prefix: a short readable prefix such as `f` for flights.
    ///   - parts: the content the id is derived from, in a fixed order.
    /// - Returns: for example `f-3a9c0b17d2e4f601`.
    public static func make(prefix: String, _ parts: [String]) -> String {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for (index, part) in parts.enumerated() {
            if index > 0 { hash = (hash ^ 0x1f) &* 0x0000_0100_0000_01b3 }
            for byte in part.utf8 { hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01b3 }
        }
        let hex = String(hash, radix: 16)
        return prefix + "-" + String(repeating: "0", count: 16 - hex.count) + hex
    }
}
