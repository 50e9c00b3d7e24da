// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "RestorationWorkbook",
    platforms: [.macOS(.v13)],
    products: [
        .library(name: "RestorationKit", targets: ["RestorationKit"]),
        .executable(name: "workbook", targets: ["workbook"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", exact: "1.8.2"),
    ],
    targets: [
        // A strict, deterministic reader and writer of Apple's binary property lists: the archive format.
        .target(name: "BinaryPropertyList"),
        // The engine: UIKit's state preservation and restoration under UIKit's own names.
        .target(name: "RestorationKit", dependencies: ["BinaryPropertyList"]),
        // The command line.
        .executableTarget(
            name: "workbook",
            dependencies: [
                "RestorationKit",
                "BinaryPropertyList",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        // Figures for closing notes: our archive against NSKeyedArchiver, and how cost grows.
        .executableTarget(name: "RestorationBenchmarks", dependencies: ["RestorationKit", "BinaryPropertyList"]),
        .testTarget(name: "BinaryPropertyListTests", dependencies: ["BinaryPropertyList"]),
        // The scenario language: what a user and the system do, parsed and checked (no engine).
        .target(name: "Scenarios"),
        .testTarget(name: "ScenariosTests", dependencies: ["Scenarios"]),
        // The rule book's real app, launched as a process by the tests about crashes and kills.
        .executableTarget(name: "RuleBookApp", dependencies: ["RestorationKit"], path: "Tests/Fixtures/RuleBookApp"),
        .testTarget(name: "RestorationKitTests", dependencies: ["RestorationKit", "RuleBookApp"]),
    ],
    swiftLanguageModes: [.v5]
)
