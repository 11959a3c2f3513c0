// swift-tools-version: 6.0
import PackageDescription

/// Strict settings shared by every target: Swift 6 language mode comes from the tools version,
/// these add the upcoming features the house style asks for.
let strictSettings: [SwiftSetting] = [
    .enableUpcomingFeature("ExistentialAny"),
    .enableUpcomingFeature("MemberImportVisibility"),
]

/// Declares one provider module under `Sources/Providers/<name>`: it sees the provider kit and nothing
/// else, so the compiler keeps a provider away from the core and from other providers.
func provider(_ name: String) -> Target {
    .target(
        name: name,
        dependencies: ["ProviderKit"],
        path: "Sources/Providers/\(name)",
        swiftSettings: strictSettings
    )
}

/// Declares the test target of one provider module.
func providerTests(_ name: String) -> Target {
    .testTarget(
        name: "\(name)Tests",
        dependencies: [
            .target(name: name), "ProviderKit", "AggregatorCore", "ProviderTestKit", "AggregatorTestSupport",
        ],
        path: "Tests/\(name)Tests",
        exclude: ["Fixtures"],
        swiftSettings: strictSettings
    )
}

/// The provider modules built into the `aggregate` tool.
let builtInProviders = [
    "Kiwi", "Aviasales", "SunWeb", "Sita", "CarRental", "Duffel", "Skiplagged", "FlixBus", "RegioJet",
    "Ferryhopper", "Ryanair",
]

let package = Package(
    name: "aggregate",
    platforms: [.macOS(.v13)],
    products: [
        .executable(name: "aggregate", targets: ["aggregate"]),
        .library(name: "ProviderKit", targets: ["ProviderKit"]),
        .library(name: "AggregatorCore", targets: ["AggregatorCore"]),
        .library(name: "AggregateCLI", targets: ["AggregateCLI"]),
        .library(name: "ProviderTestKit", targets: ["ProviderTestKit"]),
        .library(name: "HTTPServer", targets: ["HTTPServer"]),
        .library(name: "RedisClient", targets: ["RedisClient"]),
    ] + builtInProviders.map { .library(name: $0, targets: [$0]) },
    targets: [
        .target(name: "ProviderKit", swiftSettings: strictSettings),
        .target(
            name: "ProviderChecks", dependencies: ["ProviderKit", "AggregatorCore"], swiftSettings: strictSettings
        ),
        .target(name: "RedisClient", swiftSettings: strictSettings),
        // MCP's wire: JSON-RPC messages, protocol revisions, event streams, line reading and what a message
        // asks of a server; shared by the core's MCP client, both servers and the test server.
        .target(name: "MCPWire", dependencies: ["ProviderKit"], swiftSettings: strictSettings),
        .target(name: "AggregatorCore", dependencies: ["ProviderKit", "MCPWire"], swiftSettings: strictSettings),
        .target(
            name: "RedisSharing", dependencies: ["ProviderKit", "AggregatorCore", "RedisClient"],
            swiftSettings: strictSettings),
        .target(name: "HTTPServer", swiftSettings: strictSettings),
        // The command line's modules, one layer each, front ends on top: nothing below names anything above.
        // What the command line takes: option names, their values' kinds, usage errors and command help.
        .target(
            name: "CommandLineParsing", dependencies: ["ProviderKit", "AggregatorCore"], swiftSettings: strictSettings),
        // The typed operations every front end runs: options, documents, their text, outside programs.
        .target(
            name: "AggregateEngine",
            dependencies: ["ProviderKit", "ProviderChecks", "AggregatorCore", "CommandLineParsing"],
            swiftSettings: strictSettings
        ),
        // Watches, their history and its chart.
        .target(
            name: "Watches", dependencies: ["ProviderKit", "AggregatorCore", "CommandLineParsing", "AggregateEngine"],
            swiftSettings: strictSettings
        ),
        // The MCP server's tools, over standard input and output or the HTTP endpoint.
        .target(
            name: "MCPFrontEnd",
            dependencies: [
                "ProviderKit", "AggregatorCore", "CommandLineParsing", "MCPWire", "AggregateEngine", "Watches",
            ],
            swiftSettings: strictSettings
        ),
        // `aggregate serve`: its routes, middleware and web pages.
        .target(
            name: "ServeFrontEnd",
            dependencies: [
                "ProviderKit", "AggregatorCore", "HTTPServer", "RedisSharing", "CommandLineParsing", "MCPWire",
                "AggregateEngine", "Watches", "MCPFrontEnd",
            ],
            swiftSettings: strictSettings
        ),
        // The commands, their shell completions and `AggregateTool`, the composition root.
        .target(
            name: "AggregateCLI",
            dependencies: [
                "ProviderKit", "ProviderChecks", "AggregatorCore", "HTTPServer", "RedisClient", "RedisSharing",
                "CommandLineParsing", "MCPWire", "AggregateEngine", "Watches", "MCPFrontEnd", "ServeFrontEnd",
            ]
                + builtInProviders.map { .target(name: $0) },
            swiftSettings: strictSettings
        ),
        .executableTarget(name: "aggregate", dependencies: ["AggregateCLI"], swiftSettings: strictSettings),
        .target(
            name: "ProviderTestKit", dependencies: ["ProviderKit", "ProviderChecks", "AggregatorCore", "MCPWire"],
            swiftSettings: strictSettings
        ),
        .executableTarget(
            name: "AggregateBenchmarks",
            dependencies: ["ProviderKit", "AggregatorCore", "Kiwi", "Aviasales", "HTTPServer"],
            path: "Benchmarks",
            exclude: ["python_pipeline.py", "side_by_side.py", "serve_cpu.py"],
            swiftSettings: strictSettings
        ),
        .target(
            name: "AggregatorTestSupport",
            dependencies: ["ProviderKit", "AggregatorCore", "ProviderTestKit"],
            path: "Tests/Support",
            swiftSettings: strictSettings
        ),
        .target(
            name: "RedisTestSupport", dependencies: ["RedisClient"], path: "Tests/RedisSupport",
            swiftSettings: strictSettings
        ),
        .testTarget(
            name: "AggregatorCoreTests",
            dependencies: [
                "ProviderKit", "AggregatorCore", "MCPWire", "ProviderTestKit", "AggregatorTestSupport", "RedisClient",
                "RedisTestSupport",
            ],
            swiftSettings: strictSettings
        ),
        .testTarget(
            name: "RedisSharingTests",
            dependencies: [
                "ProviderKit", "AggregatorCore", "RedisSharing", "RedisClient", "RedisTestSupport",
                "AggregatorTestSupport",
            ],
            swiftSettings: strictSettings
        ),
        .testTarget(
            name: "RedisClientTests", dependencies: ["RedisClient", "RedisTestSupport"], swiftSettings: strictSettings
        ),
        .testTarget(
            name: "ProviderKitTests",
            dependencies: ["ProviderKit", "AggregatorTestSupport"],
            exclude: ["Fixtures"],
            swiftSettings: strictSettings
        ),
        .testTarget(
            name: "ProviderTestKitTests",
            dependencies: ["ProviderTestKit", "ProviderKit", "ProviderChecks", "AggregatorTestSupport"],
            swiftSettings: strictSettings
        ),
        .testTarget(name: "HTTPServerTests", dependencies: ["HTTPServer"], swiftSettings: strictSettings),
        .testTarget(name: "MCPWireTests", dependencies: ["MCPWire", "ProviderKit"], swiftSettings: strictSettings),
        .testTarget(
            name: "aggregateTests",
            dependencies: [
                "aggregate", "AggregateCLI", "CommandLineParsing", "MCPWire", "AggregateEngine", "Watches",
                "MCPFrontEnd", "ServeFrontEnd", "ProviderKit", "ProviderChecks", "AggregatorCore", "ProviderTestKit",
                "AggregatorTestSupport", "RedisTestSupport", "RedisClient",
            ],
            swiftSettings: strictSettings
        ),
    ] + builtInProviders.map(provider) + builtInProviders.map(providerTests)
)
