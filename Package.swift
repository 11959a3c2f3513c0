// swift-tools-version: 6.0
import PackageDescription

/// Strict settings shared by every target: Swift 6 language mode comes from the tools version,
/// these add the upcoming features the house style asks for.
let strictSettings: [SwiftSetting] = [
    .enableUpcomingFeature("ExistentialAny"),
    .enableUpcomingFeature("MemberImportVisibility"),
]

/// Declares one provider module under `Sources/Providers/<name>` that depends on the core only.
func provider(_ name: String) -> Target {
    .target(
        name: name,
        dependencies: ["AggregatorCore"],
        path: "Sources/Providers/\(name)",
        swiftSettings: strictSettings
    )
}

/// Declares the test target of one provider module.
func providerTests(_ name: String) -> Target {
    .testTarget(
        name: "\(name)Tests",
        dependencies: [.target(name: name), "AggregatorCore", "AggregatorTestSupport"],
        path: "Tests/\(name)Tests",
        exclude: ["Fixtures"],
        swiftSettings: strictSettings
    )
}

let package = Package(
    name: "aggregate",
    platforms: [.macOS(.v13)],
    products: [
        .executable(name: "aggregate", targets: ["aggregate"]),
        .library(name: "AggregatorCore", targets: ["AggregatorCore"]),
    ],
    targets: [
        .target(name: "AggregatorCore", swiftSettings: strictSettings),
        provider("Kiwi"),
        provider("Aviasales"),
        provider("SunWeb"),
        provider("Sita"),
        provider("CarRental"),
        .executableTarget(
            name: "aggregate",
            dependencies: ["AggregatorCore", "Kiwi", "Aviasales", "SunWeb", "Sita", "CarRental"],
            swiftSettings: strictSettings
        ),
        .executableTarget(
            name: "AggregateBenchmarks",
            dependencies: ["AggregatorCore", "Kiwi", "Aviasales"],
            path: "Benchmarks",
            swiftSettings: strictSettings
        ),
        .target(
            name: "AggregatorTestSupport",
            dependencies: ["AggregatorCore"],
            path: "Tests/Support",
            swiftSettings: strictSettings
        ),
        .testTarget(
            name: "AggregatorCoreTests",
            dependencies: ["AggregatorCore", "AggregatorTestSupport"],
            exclude: ["Fixtures"],
            swiftSettings: strictSettings
        ),
        providerTests("Kiwi"),
        providerTests("Aviasales"),
        providerTests("SunWeb"),
        providerTests("CarRental"),
        providerTests("Sita"),
        .testTarget(
            name: "aggregateTests",
            dependencies: ["aggregate", "AggregatorCore", "AggregatorTestSupport"],
            swiftSettings: strictSettings
        ),
    ]
)
