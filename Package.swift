// swift-tools-version:6.0
import PackageDescription

// The generator is one target per pipeline stage, so that the compiler keeps data flowing one way:
//
//   Support ─┬─ Model ─┬─ Load ──────────────┐
//            ├─ Output ├─ Search ────────────┤
//            │         ├─ Render (+ Mustache, CCmark)
//            │         └─ Write ─────────────┤
//            └─ Mustache                     ├─ Pipeline ── Watch ── Serve, worldfacts
//                                            └─ Pack (a built site in one file) ──── worldfacts
//
// Output (the files a stage makes, and what the last build left of them) is a sibling of Model that
// Search, Render, Write and Pipeline build on.
//
// A stage imports only the stages before it (`Tests/tools/check-back-edges` proves that a back edge fails
// to build). Each target's sources are the folder of that name in Sources/WorldFactsKit.
func stage(
    _ name: String, _ dependencies: [Target.Dependency], plugins: [Target.PluginUsage]? = nil
) -> Target {
    .target(
        name: "WorldFacts\(name)", dependencies: dependencies, path: "Sources/WorldFactsKit/\(name)",
        swiftSettings: optimizedWhenTested, plugins: plugins)
}

// Binary searches (`partitioningIndex(where:)`) and other collection algorithms.
let algorithms = Target.Dependency.product(name: "Algorithms", package: "swift-algorithms")

// `make test` compiles in the debug configuration with WORLDFACTS_OPTIMIZE=1: the project's own targets
// are then optimized as a release build optimizes them (-O, the whole module, its code generated on two
// threads as SwiftPM's release build does, which also gives the per-file objects and index units that the
// debug build's link and test discovery read), while the dependencies and the tests' own code compile
// without optimization. The code under test runs at release speed, and the compile takes two thirds of a
// release build's time: an optimized SwiftNIO, Hummingbird and ArgumentParser were half of its CPU time.
let optimizeOwnTargets = Context.environment["WORLDFACTS_OPTIMIZE"] == "1"
let optimizedWhenTested: [SwiftSetting] =
    optimizeOwnTargets ? [.unsafeFlags(["-O", "-wmo", "-num-threads", "2", "-disable-batch-mode"])] : []
let optimizedBridgeWhenTested: [CXXSetting] = optimizeOwnTargets ? [.unsafeFlags(["-O2"])] : []

let package = Package(
    name: "WorldFacts",
    platforms: [.macOS(.v14)],
    products: [
        .executable(name: "worldfacts", targets: ["worldfacts"]),
        .library(
            name: "WorldFactsKit",
            targets: [
                "WorldFactsSupport", "WorldFactsModel", "WorldFactsOutput", "WorldFactsLoad", "WorldFactsSearch",
                "WorldFactsMustache",
                "WorldFactsRender", "WorldFactsWrite", "WorldFactsPipeline", "WorldFactsWatch", "WorldFactsPack",
            ]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-algorithms", from: "1.2.0"),
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
        .package(url: "https://github.com/hummingbird-project/swift-mustache", from: "2.0.0"),
        .package(url: "https://github.com/jpsim/Yams", from: "6.0.0"),
        .package(url: "https://github.com/hummingbird-project/hummingbird", from: "2.0.0"),
        .package(url: "https://github.com/swift-server/swift-service-lifecycle", from: "2.0.0"),
        .package(url: "https://github.com/apple/swift-log", from: "1.5.0"),
        // Reads back the ZIP files `worldfacts pack` writes, in the tests: an independent reader.
        .package(url: "https://github.com/weichsel/ZIPFoundation", from: "0.9.19"),
    ],
    targets: [
        .systemLibrary(
            name: "CCmark",
            pkgConfig: "libcmark",
            providers: [.apt(["libcmark-dev"])]
        ),
        .systemLibrary(
            name: "CSQLite",
            pkgConfig: "sqlite3",
            providers: [.apt(["libsqlite3-dev"])]
        ),
        // ICU (Debian's libicu-dev), called from C++ only: ICUBridge gives Swift a small C interface to
        // collation and the alphabetic index (Sources/ICUBridge/include/worldfacts_icu.h).
        .systemLibrary(
            name: "CICU",
            pkgConfig: "icu-i18n",
            providers: [.apt(["libicu-dev"])]
        ),
        .target(name: "ICUBridge", dependencies: ["CICU"], cxxSettings: optimizedBridgeWhenTested),
        // libzip (Debian's libzip-dev) writes `worldfacts pack --zip`: its central directory once, at the end.
        .systemLibrary(
            name: "CLibzip",
            pkgConfig: "libzip",
            providers: [.apt(["libzip-dev"])]
        ),
        // libzim (Debian's libzim-dev) writes `worldfacts pack --zim`, called from C++ only: ZIMBridge gives Swift a
        // small C interface to its writer (Sources/ZIMBridge/include/worldfacts_zim.h).
        .systemLibrary(
            name: "CZim",
            pkgConfig: "libzim",
            providers: [.apt(["libzim-dev"])]
        ),
        .target(name: "ZIMBridge", dependencies: ["CZim"], cxxSettings: optimizedBridgeWhenTested),
        stage("Support", [algorithms, "ICUBridge"]),
        stage("Model", ["WorldFactsSupport"]),
        stage("Output", ["WorldFactsSupport"]),
        // Load embeds Templates/ as the built-in templates (Plugins/BuiltInTemplates).
        stage(
            "Load",
            ["WorldFactsSupport", "WorldFactsModel", "CSQLite", algorithms, .product(name: "Yams", package: "Yams")],
            plugins: ["BuiltInTemplates"]),
        stage("Search", ["WorldFactsSupport", "WorldFactsModel", "WorldFactsOutput", algorithms]),
        stage("Mustache", ["WorldFactsSupport"]),
        stage("Render", ["WorldFactsSupport", "WorldFactsModel", "WorldFactsOutput", "WorldFactsMustache", "CCmark"]),
        stage("Write", ["WorldFactsSupport", "WorldFactsModel", "WorldFactsOutput"]),
        stage(
            "Pipeline",
            [
                "WorldFactsSupport", "WorldFactsModel", "WorldFactsOutput", "WorldFactsLoad", "WorldFactsSearch",
                "WorldFactsRender", "WorldFactsWrite",
            ]),
        stage("Watch", ["WorldFactsSupport", "WorldFactsPipeline"]),
        // A built site packed into one file (`worldfacts pack`): its published files, read from its manifest.
        stage(
            "Pack",
            ["WorldFactsSupport", "WorldFactsModel", "WorldFactsLoad", "WorldFactsWrite", "CLibzip", "ZIMBridge"]),
        .target(
            name: "WorldFactsServe",
            dependencies: [
                "WorldFactsSupport",
                "WorldFactsWatch",
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
                .product(name: "Logging", package: "swift-log"),
            ],
            swiftSettings: optimizedWhenTested
        ),
        .executableTarget(
            name: "worldfacts",
            dependencies: [
                "WorldFactsSupport",
                "WorldFactsPipeline",
                "WorldFactsWatch",
                "WorldFactsServe",
                "WorldFactsPack",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ],
            swiftSettings: optimizedWhenTested,
            plugins: ["CommitStamp"]
        ),
        // The commit `worldfacts --version` names, stamped at build time.
        .plugin(name: "CommitStamp", capability: .buildTool()),
        // The built-in templates: Templates/, embedded in the binary at build time.
        .plugin(name: "BuiltInTemplates", capability: .buildTool()),
        // The Swift tests: the helpers they share, then two modules, one for the stages up to the search index
        // and one for those that render, write and publish the site. Two modules compile side by side where one
        // compiled on one core (its type checking is one thread).
        .testTarget(
            name: "WorldFactsTestSupport",
            dependencies: [
                "WorldFactsSupport", "WorldFactsModel", "WorldFactsLoad", "WorldFactsWrite", "WorldFactsPipeline",
            ]
        ),
        .testTarget(
            name: "WorldFactsCoreTests",
            dependencies: [
                "WorldFactsTestSupport",
                "WorldFactsSupport", "WorldFactsModel", "WorldFactsOutput", "WorldFactsLoad", "WorldFactsSearch",
                "WorldFactsRender", "WorldFactsWrite", "WorldFactsPipeline",
                // Makes the real SQLite files the SQLite source is tested with.
                "CSQLite",
            ]
        ),
        .testTarget(
            name: "WorldFactsPublishTests",
            dependencies: [
                "WorldFactsTestSupport",
                "WorldFactsSupport", "WorldFactsModel", "WorldFactsOutput", "WorldFactsLoad", "WorldFactsSearch",
                "WorldFactsMustache",
                "WorldFactsRender", "WorldFactsWrite", "WorldFactsPipeline", "WorldFactsWatch", "WorldFactsServe",
                "WorldFactsPack",
                .product(name: "ZIPFoundation", package: "ZIPFoundation"),
                // The reference the template engine is checked against (TemplateEngineTests).
                .product(name: "Mustache", package: "swift-mustache"),
            ]
        ),
    ],
    swiftLanguageModes: [.v6]
)
