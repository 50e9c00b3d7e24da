import Foundation

/// The package the Gradescope bundle builds: the engine, the scenario language, the runner, the
/// checker and `WorkbookAutograder`, as the workbook's own `Package.swift` declares them, and
/// nothing else. It needs no package from the network (the workbook's command line needs
/// swift-argument-parser, swift-mustache and swift-syntax, whose release build alone takes
/// minutes and gigabytes), so the set-up builds it from what the zip carries.
enum AutograderPackage {
    /// Each target and the targets it depends on, in dependency order; a test compares them with
    /// the workbook's `Package.swift`.
    static let targets: [(name: String, dependencies: [String])] = [
        ("BinaryPropertyList", []),
        ("RestorationKit", ["BinaryPropertyList"]),
        ("Scenarios", []),
        ("Runner", ["RestorationKit", "Scenarios", "BinaryPropertyList"]),
        ("Checker", ["Runner", "Scenarios", "RestorationKit"]),
        ("WorkbookAutograder", ["Checker"]),
    ]

    static let product = "WorkbookAutograder"

    /// `Package.swift` for a folder whose `Sources/<target>` are the workbook's (linked by setup.sh).
    static var manifest: String {
        var lines = [
            "// swift-tools-version:6.0",
            "// Written by `workbook check --export gradescope`: the workbook's grader alone, built by setup.sh.",
            "import PackageDescription",
            "",
            "let package = Package(",
            "    name: \"WorkbookAutograder\",",
            "    platforms: [.macOS(.v13)],",
            "    targets: [",
        ]
        for target in targets {
            let kind = target.name == product ? "executableTarget" : "target"
            let dependencies = target.dependencies.map { "\"\($0)\"" }.joined(separator: ", ")
            lines.append("        .\(kind)(name: \"\(target.name)\", dependencies: [\(dependencies)]),")
        }
        lines += ["    ],", "    swiftLanguageModes: [.v5]", ")", ""]
        return lines.joined(separator: "\n")
    }
}
