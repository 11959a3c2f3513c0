import Foundation

/// A folder under the temporary directory for one test, removed when the test is done with it.
public final class ScratchFolder: Sendable {
    /// The folder.
    public let url: URL

    /// Creates an empty folder.
    /// - Throws: when it cannot be created.
    public init() throws {
        url = FileManager.default.temporaryDirectory.appendingPathComponent("aggregate-test-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    deinit { try? FileManager.default.removeItem(at: url) }

    /// Every regular file under the folder, with its contents.
    /// - Returns: paths relative to the folder, and their bytes.
    public func files() -> [String: Data] {
        var files: [String: Data] = [:]
        let enumerator = FileManager.default.enumerator(at: url, includingPropertiesForKeys: nil)
        while let item = enumerator?.nextObject() as? URL {
            if let data = FileManager.default.contents(atPath: item.path) {
                files[String(item.path.dropFirst(url.path.count + 1))] = data
            }
        }
        return files
    }
}
