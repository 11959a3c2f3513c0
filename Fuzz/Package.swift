// swift-tools-version: 6.0
import PackageDescription

/// Coverage-guided fuzz targets for every provider's decoder and for the JSON reader, built with the
/// toolchain's libFuzzer. Build and run them with `Fuzz/run` (see docs/development.md, "Fuzzing"); this
/// package is not part of `swift build` or `swift test` of the main package.
let targets = [
    "Kiwi", "Aviasales", "SunWeb", "Sita", "CarRental", "Duffel", "Skiplagged", "FlixBus", "RegioJet", "Ferryhopper",
    "Ryanair",
]

let package = Package(
    name: "AggregateFuzz",
    platforms: [.macOS(.v13)],
    dependencies: [.package(name: "aggregate", path: "..")],
    targets: [
        .target(name: "FuzzDriver"),
        .target(
            name: "FuzzSupport",
            dependencies: ["FuzzDriver", .product(name: "ProviderKit", package: "aggregate")]
        ),
        .executableTarget(
            name: "FuzzJSON", dependencies: ["FuzzSupport", .product(name: "ProviderKit", package: "aggregate")]),
        // Reaches the reader's internals (`Fuzz/run` builds with `-enable-testing`) to compare two ways of
        // checking one document.
        .executableTarget(
            name: "FuzzJSONHalves",
            dependencies: ["FuzzDriver", .product(name: "ProviderKit", package: "aggregate")]),
        // Compares reading a file in two passes with reading it in memory, through the same internals.
        .executableTarget(
            name: "FuzzJSONFile",
            dependencies: ["FuzzDriver", .product(name: "ProviderKit", package: "aggregate")]),
        // The readers of an outside provider program's spec and output lines, internals of AggregateEngine (built
        // and linked for the AggregateCLI product).
        .executableTarget(
            name: "FuzzExternal",
            dependencies: [
                "FuzzDriver", "FuzzSupport", .product(name: "AggregateCLI", package: "aggregate"),
                .product(name: "ProviderKit", package: "aggregate"),
            ]),
    ]
        + targets.map { name in
            .executableTarget(
                name: "Fuzz\(name)",
                dependencies: ["FuzzSupport", .product(name: name, package: "aggregate")]
            )
        }
)
