// swift-tools-version:6.0
// libFuzzer targets for the WorldFactsKit stages. Build and run with `make fuzz` from the repository root:
//   swift build -c release --package-path Tests/Fuzz -Xswiftc -sanitize=fuzzer,address
import PackageDescription

let fuzzTargets = [
    "FuzzRecords", "FuzzDelimited", "FuzzSiteConfig", "FuzzTranslations", "FuzzFolding", "FuzzShardRouter",
    "FuzzSearchPlanner",
]

let package = Package(
    name: "WorldFactsFuzz",
    dependencies: [.package(name: "WorldFacts", path: "../..")],
    // Each target's main.swift hands control to libFuzzer's LLVMFuzzerRunDriver.
    targets: [.target(name: "CFuzzerDriver")]
        + fuzzTargets.map { name in
            .executableTarget(
                name: name, dependencies: ["CFuzzerDriver", .product(name: "WorldFactsKit", package: "WorldFacts")])
        },
    swiftLanguageModes: [.v6]
)
