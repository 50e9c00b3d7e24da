import Foundation

/// The package the Gradescope bundle builds: the engine's values, the scenario language, the
/// captures' values, shared helpers, the source preparation, the runner, the checker and
/// `WorkbookAutograder` (the engine itself is built with the submissions), as the workbook's own
/// `Package.swift` declares them, and of swift-syntax only what the submission policy and the
/// source preparation read code with (its parser and syntax tree).
/// It needs no package from the network (the workbook's command line also needs
/// swift-argument-parser, swift-mustache and the rest of swift-syntax, whose release build alone
/// takes minutes and gigabytes), so the set-up builds it from what the zip carries.
enum AutograderPackage {
    /// Each target and the targets it depends on, in dependency order; a test compares them with
    /// the workbook's `Package.swift`.
    static let targets: [(name: String, dependencies: [String])] = [
        ("BinaryPropertyList", []),
        ("RestorationModel", ["BinaryPropertyList"]),
        ("Scenarios", []),
        ("WorkbookSupport", []),
        ("Captures", ["RestorationModel", "Scenarios", "WorkbookSupport"]),
        ("SourcePreparation", ["WorkbookSupport", "SwiftParser", "SwiftSyntax"]),
        ("Runner", ["Captures", "RestorationModel", "Scenarios", "BinaryPropertyList", "SourcePreparation", "WorkbookSupport"]),
        ("Checker", ["Captures", "Runner", "Scenarios", "RestorationModel", "SourcePreparation", "WorkbookSupport", "SwiftParser", "SwiftSyntax"]),
        ("WorkbookAutograder", ["Checker"]),
    ]

    static let product = "WorkbookAutograder"

    /// swift-syntax's modules the policy needs, as the bundle carries them under
    /// `grader/swift-syntax/`: each with its folder in swift-syntax's `Sources/` and its own
    /// dependencies, as swift-syntax's manifest declares them.
    static let syntaxTargets: [(name: String, folder: String, dependencies: [String])] = [
        ("_SwiftSyntaxCShims", "_SwiftSyntaxCShims", []),
        ("SwiftSyntax509", "VersionMarkerModules/SwiftSyntax509", []),
        ("SwiftSyntax510", "VersionMarkerModules/SwiftSyntax510", []),
        ("SwiftSyntax600", "VersionMarkerModules/SwiftSyntax600", []),
        ("SwiftSyntax601", "VersionMarkerModules/SwiftSyntax601", []),
        ("SwiftSyntax602", "VersionMarkerModules/SwiftSyntax602", []),
        ("SwiftSyntax603", "VersionMarkerModules/SwiftSyntax603", []),
        ("SwiftSyntax", "SwiftSyntax", ["_SwiftSyntaxCShims", "SwiftSyntax509", "SwiftSyntax510", "SwiftSyntax600",
                                        "SwiftSyntax601", "SwiftSyntax602", "SwiftSyntax603"]),
        ("SwiftParser", "SwiftParser", ["SwiftSyntax"]),
    ]

    /// Folders of a target that are not its sources: the Gradescope scripts the export reads.
    static let notSources: [String: [String]] = ["Checker": ["Export/Scripts"]]

    /// Products of swift-syntax, written as the workbook's manifest writes them.
    static let syntaxProducts: Set<String> = ["SwiftParser", "SwiftSyntax"]

    /// A target's declaration, one line, as in the workbook's `Package.swift`.
    static func declaration(_ target: (name: String, dependencies: [String])) -> String {
        let kind = target.name == product ? "executableTarget" : "target"
        var arguments = ["name: \"\(target.name)\""]
        if !target.dependencies.isEmpty {
            let dependencies = target.dependencies.map {
                syntaxProducts.contains($0) ? ".product(name: \"\($0)\", package: \"swift-syntax\")" : "\"\($0)\""
            }.joined(separator: ", ")
            arguments.append("dependencies: [\(dependencies)]")
        }
        if let folders = notSources[target.name] {
            arguments.append("exclude: [" + folders.map { "\"\($0)\"" }.joined(separator: ", ") + "]")
        }
        return ".\(kind)(" + arguments.joined(separator: ", ") + ")"
    }

    /// `Package.swift` for a folder whose `Sources/<target>` are the workbook's (linked by
    /// setup.sh) and whose `swift-syntax/` holds the parser (`syntaxManifest`).
    static var manifest: String {
        var lines = [
            "// swift-tools-version:6.0",
            "// Written by `workbook export gradescope`: the workbook's grader alone, built by setup.sh.",
            "import PackageDescription",
            "",
            "let package = Package(",
            "    name: \"WorkbookAutograder\",",
            "    dependencies: [.package(path: \"swift-syntax\")],",
            "    targets: [",
        ]
        for target in targets { lines.append("        \(declaration(target)),") }
        lines += ["    ],", "    swiftLanguageModes: [.v6]", ")", ""]
        return lines.joined(separator: "\n")
    }

    /// `Package.swift` for the part of swift-syntax the bundle carries: its parser and syntax tree.
    static var syntaxManifest: String {
        var lines = [
            "// swift-tools-version:5.9",
            "// Written by `workbook export gradescope`: swift-syntax's parser and syntax tree alone,",
            "// from the workbook's resolved copy of swift-syntax, for the grader's submission policy.",
            "import PackageDescription",
            "",
            "let package = Package(",
            "    name: \"swift-syntax\",",
            "    products: [",
            "        .library(name: \"SwiftParser\", targets: [\"SwiftParser\"]),",
            "        .library(name: \"SwiftSyntax\", targets: [\"SwiftSyntax\"]),",
            "    ],",
            "    targets: [",
        ]
        for target in syntaxTargets {
            let dependencies = target.dependencies.map { "\"\($0)\"" }.joined(separator: ", ")
            lines.append("        .target(name: \"\(target.name)\", dependencies: [\(dependencies)], path: \"Sources/\(target.folder)\", exclude: \(excluded(target.folder))),")
        }
        lines += ["    ]", ")", ""]
        return lines.joined(separator: "\n")
    }

    /// What a folder of swift-syntax holds besides sources (its CMake files, its README).
    private static func excluded(_ folder: String) -> String {
        switch folder {
        case "SwiftSyntax", "_SwiftSyntaxCShims": "[\"CMakeLists.txt\"]"
        case "SwiftParser": "[\"CMakeLists.txt\", \"README.md\"]"
        default: "[]"
        }
    }

    /// Where the workbook's build resolved swift-syntax (`swift package resolve` puts it there).
    static func syntaxCheckout(in workbookRoot: URL) -> URL {
        workbookRoot.appendingPathComponent(".build/checkouts/swift-syntax")
    }
}
