import Foundation
import ProviderKit

/// Answers from recordings on disk: a `file://` endpoint names either the answer file itself, which answers
/// every request, or a folder holding one file per request, named after the request path's last component
/// plus `.json` (`flights.json`). The file is handed over unread, so that a large one is read in two passes.
public struct RecordingEndpoint: ProviderEndpoint {
    /// The provider whose recordings these are.
    public let provider: ProviderID
    /// The file or folder.
    public let location: URL
    /// The largest recording read.
    public let maxBytes: Int

    /// Creates the endpoint.
    /// - Parameters:
    ///   - provider: the provider, for errors.
    ///   - location: the recording file, or the folder of recordings.
    ///   - maxBytes: the largest recording read.
    public init(provider: ProviderID, location: URL, maxBytes: Int = HTTPResponse.defaultSizeCap) {
        self.provider = provider
        self.location = location
        self.maxBytes = maxBytes
    }

    /// Recordings are files.
    public var kind: EndpointKind { .recording }

    /// `file:///path`, as the setting is written.
    public var description: String { Endpoint.file(location).description }

    /// The recording that answers the request.
    /// - Parameter request: the request.
    /// - Returns: the recording's file.
    /// - Throws: ``ProviderError`` `configuration` when there is no such file or folder.
    public func answer(_ request: ProviderRequest) async throws(ProviderError) -> EndpointAnswer {
        .file(try path(for: request.recordingName), maxBytes: maxBytes)
    }

    /// The file that holds the recording named `name`: the endpoint's file itself, or `name.json` in its
    /// folder.
    private func path(for name: String) throws(ProviderError) -> String {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: location.path, isDirectory: &isDirectory) else {
            throw ProviderError(
                .configuration, provider: provider, "no recorded response at \(location.path)", remedy: .checkEndpoint)
        }
        guard isDirectory.boolValue else { return location.path }
        let file = location.appendingPathComponent(name + ".json").path
        // A dangling link is still the recording asked for: reading it says why it cannot be read.
        var status = stat()
        guard FileManager.default.fileExists(atPath: file) || lstat(file, &status) == 0 else {
            throw ProviderError(
                .configuration, provider: provider, "no recorded response '\(name).json' in \(location.path)",
                remedy: .checkEndpoint)
        }
        return file
    }
}
