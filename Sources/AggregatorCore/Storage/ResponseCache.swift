import Foundation
import ProviderKit

/// The last good answer to every live request, on disk: what `--offline` reads, and what a search
/// falls back to when a live provider fails.
///
/// Rules:
/// - One entry per provider and request: `<folder>/<provider>/<name>-<digest>.response`, the digest
///   taken over the method, the full request URL with its query, and a digest of the body. Header fields
///   are not part of the key, and credentials are added below the cache, so an API key never reaches
///   the disk.
/// - An entry is one line of JSON metadata (`schema`, `request`, `retrieved_at`, `bytes`, `checksum`),
///   a newline, then the body exactly as received. The length and checksum catch a truncated or
///   altered file; such an entry reads as ``Lookup/corrupt(_:)``, is never fatal, and the next good
///   answer replaces it.
/// - Writes go to a temporary file in the same folder and are renamed into place, so a reader sees the
///   old entry or the new one, never half of one; folders are created `0700` and files `0600`, since
///   searches are personal.
/// - An entry is read only when it is a regular file no larger than the size cap, checked before reading,
///   and only when neither it nor a folder up to the cache's root could have been written by another user
///   (``PrivateFolder``): such an entry reads as ``Lookup/untrusted(_:)``, and nothing is stored there.
/// - Only answers the provider could use are stored: a search's bodies are stored after the provider
///   mapped them without an error, so a well-formed error page never replaces a good entry.
public struct ResponseCache: Sendable {
    /// One stored answer.
    public struct Entry: Sendable, Hashable {
        /// The body as received.
        public var body: Data
        /// When it was received.
        public var retrievedAt: Date

        /// Creates an entry.
        /// - Parameters:
        ///   - body: the body as received.
        ///   - retrievedAt: when it was received.
        public init(body: Data, retrievedAt: Date) {
            self.body = body
            self.retrievedAt = retrievedAt
        }
    }

    /// What a lookup found.
    public enum Lookup: Sendable, Hashable {
        /// A usable entry.
        case hit(Entry)
        /// Nothing stored for the request.
        case missing
        /// Something stored that cannot be trusted, with the reason.
        case corrupt(String)
        /// Something stored where another user could have written it, with the reason; the entry is not
        /// read, and no answer is stored there until the folder is the user's alone.
        case untrusted(String)
    }

    /// The cache's root folder, such as `~/.cache/aggregate`.
    public let folder: URL

    /// Creates a cache rooted at a folder; nothing is touched until the first store.
    /// - Parameter folder: the root folder.
    public init(folder: URL) { self.folder = folder }

    /// Where the entry for a request lives.
    /// - Parameters:
    ///   - provider: the provider.
    ///   - request: the request, without credentials.
    /// - Returns: the entry's file.
    public func file(provider: ProviderID, request: HTTPRequest) -> URL {
        let name = request.url.lastPathComponent.filter { $0.isLetter || $0.isNumber || $0 == "-" || $0 == "_" }
        let digest = StableIdentifier.make(prefix: name.isEmpty ? "request" : name, [Self.key(for: request)])
        return folder.appendingPathComponent(provider.rawValue, isDirectory: true)
            .appendingPathComponent(digest + ".response")
    }

    /// Where the entry for a `GET` of a URL lives.
    /// - Parameters:
    ///   - provider: the provider.
    ///   - url: the full request URL.
    /// - Returns: the entry's file.
    public func file(provider: ProviderID, url: URL) -> URL {
        file(provider: provider, request: HTTPRequest(url: url))
    }

    /// Reads the entry for a request.
    /// - Parameters:
    ///   - provider: the provider.
    ///   - request: the request, without credentials.
    ///   - maxBytes: the largest entry read; a larger file is refused before it is read.
    /// - Returns: the entry, `missing`, or `corrupt` with the reason.
    public func load(provider: ProviderID, request: HTTPRequest, maxBytes: Int = HTTPResponse.defaultSizeCap) -> Lookup
    {
        let file = file(provider: provider, request: request)
        if let problem = PrivateFolder.problem(with: file.path, under: folder.path) { return .untrusted(problem) }
        let data: Data
        do {
            // The header line is small; the cap is the body's.
            guard let read = try RegularFile.read(file.path, maxBytes: maxBytes + 4096) else { return .missing }
            data = read
        } catch {
            return .corrupt(error.description)
        }
        guard let newline = data.firstIndex(of: UInt8(ascii: "\n")) else {
            return .corrupt("\(file.path) has no header line")
        }
        let header = data[data.startIndex..<newline]
        let body = Data(data[data.index(after: newline)...])
        guard let metadata = try? JSONDecoder().decode(Metadata.self, from: header),
            metadata.schema == Metadata.currentSchema
        else {
            return .corrupt("\(file.path) has an unreadable header")
        }
        guard metadata.request == Self.key(for: request) else {
            return .corrupt("\(file.path) belongs to another request")
        }
        guard metadata.bytes == body.count, metadata.checksum == Self.checksum(body),
            let retrievedAt = Self.parseDate(metadata.retrievedAt)
        else {
            return .corrupt("\(file.path) is truncated or altered")
        }
        return .hit(Entry(body: body, retrievedAt: retrievedAt))
    }

    /// Reads the entry for a `GET` of a URL.
    /// - Parameters:
    ///   - provider: the provider.
    ///   - url: the full request URL.
    /// - Returns: the entry, `missing`, or `corrupt` with the reason.
    public func load(provider: ProviderID, url: URL) -> Lookup {
        load(provider: provider, request: HTTPRequest(url: url))
    }

    /// Stores the answer to a request, replacing any entry before it.
    /// - Parameters:
    ///   - body: the body as received.
    ///   - provider: the provider.
    ///   - request: the request, without credentials.
    ///   - retrievedAt: when it was received.
    /// - Throws: ``CacheError`` when the folder or file cannot be written.
    public func store(
        _ body: Data, provider: ProviderID, request: HTTPRequest, retrievedAt: Date
    ) throws(CacheError) {
        let file = file(provider: provider, request: request)
        if let problem = PrivateFolder.problem(with: file.path, under: folder.path) {
            throw CacheError("the answer is not kept: \(problem)")
        }
        let metadata = Metadata(
            schema: Metadata.currentSchema, request: Self.key(for: request),
            retrievedAt: Self.formatDate(retrievedAt), bytes: body.count, checksum: Self.checksum(body))
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        guard var contents = try? encoder.encode(metadata) else {
            throw CacheError("cannot encode the cache header for \(file.path)")
        }
        contents.append(UInt8(ascii: "\n"))
        contents.append(body)
        do {
            try OwnerOnlyFile.save(contents, to: file)
        } catch {
            throw CacheError(error.description)
        }
    }

    /// Stores the answer to a `GET` of a URL.
    /// - Parameters:
    ///   - body: the body as received.
    ///   - provider: the provider.
    ///   - url: the full request URL.
    ///   - retrievedAt: when it was received.
    /// - Throws: ``CacheError`` when the folder or file cannot be written.
    public func store(_ body: Data, provider: ProviderID, url: URL, retrievedAt: Date) throws(CacheError) {
        try store(body, provider: provider, request: HTTPRequest(url: url), retrievedAt: retrievedAt)
    }

    /// What identifies a request in the cache: its method, its URL and a digest of its body. Header
    /// fields are left out, so neither an API key nor a changing header splits or leaks an entry.
    static func key(for request: HTTPRequest) -> String {
        var key = "\(request.method) \(request.url.absoluteString)"
        if let body = request.body, !body.isEmpty { key += " body:" + checksum(body) }
        return key
    }

    private struct Metadata: Codable {
        static let currentSchema = "aggregate.cache.v2"
        var schema: String
        var request: String
        var retrievedAt: String
        var bytes: Int
        var checksum: String

        enum CodingKeys: String, CodingKey {
            case schema, request, bytes, checksum
            case retrievedAt = "retrieved_at"
        }
    }

    /// FNV-1a over the body: not a defence against tampering, a check that the file is whole.
    static func checksum(_ body: Data) -> String {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in body { hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01b3 }
        return String(hash, radix: 16)
    }

    /// `2026-12-18T07:05:00.000Z`: how a kept answer's times are written, in any store.
    package static func formatDate(_ date: Date) -> String {
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        return formatter.string(from: date)
    }

    /// A time as ``formatDate(_:)`` writes it, or `nil`.
    package static func parseDate(_ text: String) -> Date? {
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        return formatter.date(from: text)
    }
}
