// swift-tools-version: 6.0
import PackageDescription

// A package of its own that adds a provider to `aggregate` without editing the aggregate repository:
// it depends on the repository (here by path; elsewhere by URL), writes its providers against the
// ProviderKit module alone (Charter takes an API key, Gatefare signs in with OAuth2 client credentials),
// tests them with ProviderTestKit, and builds its own `aggregate-plus` executable.
let package = Package(
    name: "OutsideProvider",
    platforms: [.macOS(.v13)],
    products: [
        .executable(name: "aggregate-plus", targets: ["aggregate-plus"]),
        .library(name: "Charter", targets: ["Charter"]),
        .library(name: "Gatefare", targets: ["Gatefare"]),
    ],
    dependencies: [.package(name: "aggregate", path: "../..")],
    targets: [
        .target(name: "Charter", dependencies: [.product(name: "ProviderKit", package: "aggregate")]),
        .target(name: "Gatefare", dependencies: [.product(name: "ProviderKit", package: "aggregate")]),
        .executableTarget(
            name: "aggregate-plus",
            dependencies: ["Charter", "Gatefare", .product(name: "AggregateCLI", package: "aggregate")]
        ),
        .testTarget(
            name: "CharterTests",
            dependencies: [
                "Charter", .product(name: "ProviderKit", package: "aggregate"),
                .product(name: "AggregatorCore", package: "aggregate"),
                .product(name: "ProviderTestKit", package: "aggregate"), .product(name: "Kiwi", package: "aggregate"),
            ]
        ),
        .testTarget(
            name: "GatefareTests",
            dependencies: [
                "Gatefare", .product(name: "ProviderKit", package: "aggregate"),
                .product(name: "AggregatorCore", package: "aggregate"),
                .product(name: "ProviderTestKit", package: "aggregate"),
            ]
        ),
    ]
)
