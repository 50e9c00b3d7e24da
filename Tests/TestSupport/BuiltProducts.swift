import Foundation

/// What the build made that tests launch or read: the fixture apps (`RuleBookApp`,
/// `CoreDataSaveApp`, …), the chapters' apps, `workbook` itself and the modules beside them.
/// `swift build --build-tests` puts them beside the test bundle; a test run by hand from another
/// folder finds them in the package's `.build/debug`.
public enum BuiltProducts {
    /// The workbook's package folder (this file is `Tests/TestSupport/BuiltProducts.swift`).
    public static let packageRoot = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// Where products may be, in the order they are looked for.
    public static var folders: [URL] {
        [
            Bundle.main.executableURL?.deletingLastPathComponent(),
            CommandLine.arguments.first.map { URL(fileURLWithPath: $0).deletingLastPathComponent() },
            packageRoot.appendingPathComponent(".build/debug"),
        ].compactMap { $0 }
    }

    /// The executable product of that name.
    public static func executable(_ name: String) throws -> URL {
        let candidates = folders.map { $0.appendingPathComponent(name) }
        guard let found = candidates.first(where: { FileManager.default.isExecutableFile(atPath: $0.path) }) else {
            throw NotBuilt(product: name, looked: candidates.map(\.path))
        }
        return found
    }

    /// The folder of the modules the build compiled (`UIKit.swiftmodule` and the rest), for
    /// compiling a snippet against them; nil when the build left none.
    public static var modules: URL? {
        folders.map { $0.appendingPathComponent("Modules") }
            .first { FileManager.default.fileExists(atPath: $0.appendingPathComponent("UIKit.swiftmodule").path) }
    }

    public struct NotBuilt: Error, CustomStringConvertible {
        public let product: String
        public let looked: [String]
        public var description: String {
            "\(product) was not built: it is built with the tests (`swift build --build-tests`); looked at:\n"
                + looked.map { "  " + $0 }.joined(separator: "\n")
        }
    }
}
