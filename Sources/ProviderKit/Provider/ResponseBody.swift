import Foundation

/// What kind of body a service sent, judged from its first bytes: enough to say what went wrong
/// without ever quoting a page, a binary blob or the contents of a file.
package enum ResponseBody {
    /// The kinds a message names.
    package enum Kind: Equatable {
        case empty, json, html, xml, binary, text
    }

    /// The body's kind.
    package static func kind(of body: Data) -> Kind {
        let start = body.prefix(512)
        guard let first = start.first(where: { !isWhiteSpace($0) }) else { return .empty }
        if start.contains(where: { $0 == 0 || ($0 < 0x20 && !isWhiteSpace($0)) })
            || String(bytes: start.prefix(256).dropLastIncompleteCharacter(), encoding: .utf8) == nil
        {
            return .binary
        }
        if first == UInt8(ascii: "{") || first == UInt8(ascii: "[") { return .json }
        if first == UInt8(ascii: "<") {
            // Markup is a page unless it declares itself XML: error pages are often bare fragments.
            let lowered = String(decoding: start, as: UTF8.self).lowercased()
            return lowered.contains("<?xml") && !lowered.contains("<html") ? .xml : .html
        }
        return .text
    }

    /// `an HTML page`, `12 bytes of binary data`, …: the body named, never quoted.
    package static func describe(_ body: Data) -> String {
        describe(body, size: body.count)
    }

    /// The body named from its first bytes (at least 512 of them when it has that many) and its size.
    package static func describe(_ start: Data, size: Int) -> String {
        switch kind(of: start) {
        case .empty: "an empty body"
        case .json: "a JSON body"
        case .html: "an HTML page"
        case .xml: "an XML document"
        case .binary: "\(size) bytes of binary data"
        case .text: "a plain-text body"
        }
    }

    /// A service's own message worth quoting: a short printable excerpt of the message a JSON error body
    /// states (`{"error": "…"}`, `{"message": "…"}`, `{"error": {"message": "…"}}`,
    /// `{"errors": [{"message": "…"}]}`), else of a JSON or plain-text body as it is; `nil` for a body that
    /// must not be quoted (HTML, XML, binary) or says nothing.
    package static func quotableMessage(_ body: Data) -> String? {
        let text: String
        switch kind(of: body) {
        case .json: text = statedMessage(in: body) ?? String(decoding: body.prefix(1024), as: UTF8.self)
        case .text: text = String(decoding: body.prefix(1024), as: UTF8.self)
        default: return nil
        }
        let excerpt = PrintableText.excerpt(text, limit: 120)
        return excerpt.isEmpty ? nil : excerpt
    }

    /// The message a small JSON error body states in one of the usual places, when it is valid JSON.
    private static func statedMessage(in body: Data) -> String? {
        // Error bodies are small; a large body is not read just to word a failure.
        guard body.count <= 64 << 10 else { return nil }
        return try? JSONDocument.read(body, maxDepth: 8) { root -> String? in
            guard root.kind == .object else { return nil }
            let candidates = [
                try? root["error"].string, try? root["error"]["message"].string, try? root["message"].string,
                try? root["errors"][0]["message"].string,
            ]
            return candidates.lazy.compactMap { $0 }.first { !$0.allSatisfy(\.isWhitespace) }
        }
    }

    private static func isWhiteSpace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D
    }
}

extension Data {
    /// The bytes without a UTF-8 sequence cut off at the end, so that a prefix of valid text validates.
    fileprivate func dropLastIncompleteCharacter() -> Data {
        var end = endIndex
        var continuation = 0
        while end > startIndex, continuation < 3, self[index(before: end)] & 0xC0 == 0x80 {
            end = index(before: end)
            continuation += 1
        }
        if end > startIndex, self[index(before: end)] >= 0xC0 { end = index(before: end) }
        return self[startIndex..<end]
    }
}
