import Foundation
import Testing

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The files the binary keeps or is pointed at (favourites, the config file, a rates file), replaced by
/// things that are not regular files or are far too large: each is an error or a warning naming the file,
/// at once; never a hang, an endless read or a setting silently skipped.
@Suite("State files that are not what they should be")
struct StateFileTests {
    /// What can stand where a regular file is expected.
    enum Impostor: String, CaseIterable, Sendable {
        case folder, fifo, linkToDevZero, hugeSparseFile, danglingLink, linkLoop

        /// Puts the impostor at `path`; its folder must exist.
        func make(at path: String) throws {
            switch self {
            case .folder: try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: false)
            case .fifo: #expect(mkfifo(path, 0o600) == 0)
            case .linkToDevZero:
                try FileManager.default.createSymbolicLink(atPath: path, withDestinationPath: "/dev/zero")
            case .hugeSparseFile:
                #expect(FileManager.default.createFile(atPath: path, contents: Data("{".utf8)))
                let handle = try #require(FileHandle(forWritingAtPath: path))
                try handle.truncate(atOffset: 2 << 30)
                try handle.close()
            case .danglingLink:
                try FileManager.default.createSymbolicLink(atPath: path, withDestinationPath: path + ".missing")
            case .linkLoop:
                try FileManager.default.createSymbolicLink(atPath: path, withDestinationPath: path + ".other")
                try FileManager.default.createSymbolicLink(atPath: path + ".other", withDestinationPath: path)
            }
        }

        /// How the one bounded reader names it, after the path.
        var problem: String {
            switch self {
            case .folder: "is a folder, not a regular file"
            case .fifo: "is a pipe, not a regular file"
            case .linkToDevZero: "is a character device, not a regular file"
            case .hugeSparseFile: "is 2147483648 bytes, over the 1048576-byte limit"
            case .danglingLink: "no such file or directory"
            case .linkLoop: "too many levels of symbolic links"
            }
        }
    }

    // MARK: Favourites

    @Test(arguments: Impostor.allCases)
    func aFavouritesFileThatIsNoRegularFileIsAWarningInASearch(impostor: Impostor) async throws {
        let home = try TemporaryFolder()
        let folder = home.url.appendingPathComponent("aggregate")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let file = folder.appendingPathComponent("favorites.json").path
        try impostor.make(at: file)
        let environment = ["XDG_DATA_HOME": home.url.path]

        let search = try await Binary.runBounded(
            ["search", "--providers", "kiwi", "--format", "json"], environment: environment)
        #expect(!search.killed, "a search never waits on the favourites")
        #expect(search.status == 0)
        #expect((try search.json()["offers"] as? [[String: Any]])?.isEmpty == false)
        #expect(search.stderrLines.count == 1)
        #expect(search.stderr.hasPrefix("warning: favourites are not marked: "))
        #expect(search.stderr.contains(file) && search.stderr.contains(impostor.problem), "\(search.stderr)")
        #expect(search.peakMemory < 256 << 20)

        for arguments in [["favorites", "list"], ["favorites", "add", "KL"]] {
            let run = try await Binary.runBounded(arguments, environment: environment)
            #expect(!run.killed)
            #expect(run.status == 1, "\(arguments)")
            #expect(run.stderrLines.count == 1)
            #expect(run.stderr.hasPrefix("error: ") && run.stderr.contains(impostor.problem), "\(run.stderr)")
        }
    }

    // MARK: Config file

    @Test(arguments: Impostor.allCases)
    func aConfigFileThatIsNoRegularFileIsAUsageErrorNamingIt(impostor: Impostor) async throws {
        let home = try TemporaryFolder()
        let folder = home.url.appendingPathComponent("aggregate")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let file = folder.appendingPathComponent("config.json").path
        try impostor.make(at: file)
        for command in [["search"], ["providers"], ["airlines"], ["favorites", "list"]] {
            let run = try await Binary.runBounded(command, environment: ["XDG_CONFIG_HOME": home.url.path])
            #expect(!run.killed)
            #expect(run.status == 64, "\(command)")
            #expect(run.stdout == "")
            #expect(run.stderrLines.count == 1)
            #expect(run.stderr.hasPrefix("error: config file \(file): "), "\(run.stderr)")
        }
    }

    @Test(.enabled(if: getuid() != 0, "root reads any file"))
    func anUnreadableConfigFileIsAUsageErrorNamingIt() async throws {
        let home = try TemporaryFolder()
        let folder = home.url.appendingPathComponent("aggregate")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let file = folder.appendingPathComponent("config.json")
        try Data("{}".utf8).write(to: file)
        try FileManager.default.setAttributes([.posixPermissions: 0], ofItemAtPath: file.path)
        let run = try await Binary.run(["search"], environment: ["XDG_CONFIG_HOME": home.url.path])
        #expect(run.status == 64)
        #expect(run.stderr.hasPrefix("error: config file \(file.path): it cannot be read: permission denied"))
    }

    /// Every way a config file's contents can be wrong, with the environment that might have hidden it,
    /// and the problem the error must name: the file and its key, never an environment variable.
    static let badSettings: [(contents: String, environment: [String: String], problem: String)] = [
        (
            #"{"endpoints": {"kiwi": "javascript:alert(1)"}}"#, [:],
            "endpoints.kiwi: 'javascript:alert(1)' is not usable: the scheme 'javascript' is not supported"
        ),
        (
            #"{"endpoints": {"kiwi": "ftp://files.example/kiwi.json"}}"#, ["AGGREGATE_KIWI_ENDPOINT": "embedded"],
            "endpoints.kiwi: 'ftp://files.example/kiwi.json' is not usable: the scheme 'ftp' is not supported"
        ),
        (#"{"endpoints": {"kiwi": " "}}"#, [:], "endpoints.kiwi: the value is empty"),
        (#"{"endpoints": {"kiwi": 5}}"#, [:], "endpoints.kiwi must be a string"),
        (#"{"endpoints": ["kiwi"]}"#, [:], "'endpoints' must map ids to URLs"),
        (#"{"directory": "kiwi"}"#, [:], "directory names 'kiwi', which is not an installed airline directory"),
        (
            #"{"directory": "kiwi"}"#, ["AGGREGATE_DIRECTORY": "sita"],
            "directory names 'kiwi', which is not an installed airline directory"
        ),
        (#"{"directory": 7}"#, [:], "'directory' must be a provider id"),
        (#"{"timeout": 0}"#, [:], "'timeout' must be a number of seconds between 0 and 600"),
        (#"{"timeout": 0.0001}"#, [:], "'timeout' must be a number of seconds between 0 and 600"),
        (#"{"timeout": 601}"#, [:], "'timeout' must be a number of seconds between 0 and 600"),
        (#"{"timeout": true}"#, [:], "'timeout' must be a number of seconds between 0 and 600"),
        (
            #"{"max_response_size": "0"}"#, [:],
            "'max_response_size' must be a size such as 32MiB, 500KiB or a number of bytes"
        ),
        (
            #"{"max_response_size": "5GiB"}"#, [:],
            "'max_response_size' must be a size such as 32MiB, 500KiB or a number of bytes"
        ),
        ("[1, 2]", [:], "it is not a JSON object"),
        (
            #"{"endpoints": {}, "pad": ""#, [:], "it is not a JSON object"
        ),
        (
            "{\"x\": \"" + String(repeating: "a", count: 1 << 20) + "\"}", [:],
            "it is \((1 << 20) + 9) bytes; a config file is at most 1 MiB"
        ),
    ]

    @Test(arguments: badSettings.indices)
    func aBadSettingInTheConfigFileNamesTheFileAndItsKey(index: Int) async throws {
        let (contents, environment, problem) = Self.badSettings[index]
        let home = try TemporaryFolder()
        let folder = home.url.appendingPathComponent("aggregate")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let file = folder.appendingPathComponent("config.json")
        try Data(contents.utf8).write(to: file)
        let run = try await Binary.run(
            ["search"], environment: environment.merging(["XDG_CONFIG_HOME": home.url.path]) { $1 })
        #expect(run.status == 64)
        #expect(run.stdout == "")
        #expect(run.stderrLines.count == 1)
        #expect(run.stderr.hasPrefix("error: config file \(file.path): \(problem)"), "\(run.stderr)")
        #expect(!run.stderr.contains("AGGREGATE_"), "the file set it, so the file is named")
    }

    @Test func aBadDirectoryKeyStopsEveryCommandThatReadsTheFile() async throws {
        let home = try TemporaryFolder()
        let folder = home.url.appendingPathComponent("aggregate")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let file = folder.appendingPathComponent("config.json")
        try Data(#"{"directory": "sitta"}"#.utf8).write(to: file)
        for command in [
            ["search", "--kind", "cars"], ["compare"], ["providers"], ["airlines"], ["favorites", "list"],
        ] {
            let run = try await Binary.run(command, environment: ["XDG_CONFIG_HOME": home.url.path])
            #expect(run.status == 64, "\(command)")
            #expect(
                run.stderrLines.first?.hasPrefix(
                    "error: config file \(file.path): directory names 'sitta', which is not an installed airline "
                        + "directory. Did you mean 'sita'?") == true, "\(run.stderr)")
        }
    }

    // MARK: Rates file

    @Test(arguments: Impostor.allCases)
    func aRatesFileThatIsNoRegularFileIsAUsageErrorNamingIt(impostor: Impostor) async throws {
        let folder = try TemporaryFolder()
        let file = folder.url.appendingPathComponent("rates.json").path
        try impostor.make(at: file)
        let run = try await Binary.runBounded(["search", "--rates", file])
        #expect(!run.killed)
        #expect(run.status == 64)
        #expect(run.stdout == "")
        #expect(run.stderrLines.count == 1)
        #expect(run.stderr.contains(file) && run.stderr.contains(impostor.problem), "\(run.stderr)")
        #expect(run.peakMemory < 256 << 20)
    }
}
