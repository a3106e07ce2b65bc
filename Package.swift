// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "WorldFacts",
    platforms: [.macOS(.v14)],
    products: [
        .executable(name: "worldfacts", targets: ["worldfacts"]),
        .library(name: "WorldFactsKit", targets: ["WorldFactsKit"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
        .package(url: "https://github.com/hummingbird-project/swift-mustache", from: "2.0.0"),
        .package(url: "https://github.com/jpsim/Yams", from: "6.0.0"),
        .package(url: "https://github.com/hummingbird-project/hummingbird", from: "2.0.0"),
        .package(url: "https://github.com/swift-server/swift-service-lifecycle", from: "2.0.0"),
        .package(url: "https://github.com/apple/swift-log", from: "1.5.0"),
    ],
    targets: [
        .systemLibrary(
            name: "CCmark",
            pkgConfig: "libcmark",
            providers: [.apt(["libcmark-dev"])]
        ),
        .target(
            name: "WorldFactsKit",
            dependencies: [
                "CCmark",
                .product(name: "Yams", package: "Yams"),
            ]
        ),
        .target(
            name: "WorldFactsServe",
            dependencies: [
                "WorldFactsKit",
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
                .product(name: "Logging", package: "swift-log"),
            ]
        ),
        .executableTarget(
            name: "worldfacts",
            dependencies: [
                "WorldFactsKit",
                "WorldFactsServe",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        .testTarget(
            name: "WorldFactsKitTests",
            dependencies: [
                "WorldFactsKit",
                "WorldFactsServe",
                // The reference the template engine is checked against (TemplateEngineTests).
                .product(name: "Mustache", package: "swift-mustache"),
            ]
        ),
    ],
    swiftLanguageModes: [.v6]
)
