import Foundation
import Testing
import TestSupport

/// Every module a target imports is a dependency it declares in Package.swift. SwiftPM builds a
/// target that imports a module it reaches only through another target, until that other target
/// stops needing it; a declared dependency says what the code really needs.
@Suite struct DeclaredImportsTests {
    static let root = BuiltProducts.packageRoot

    /// Modules of the toolchain, which no manifest declares.
    static let toolchainModules: Set<String> = ["Foundation", "FoundationEssentials", "FoundationNetworking", "Glibc", "Darwin",
                                                "Dispatch", "Synchronization", "Testing", "XCTest", "_Concurrency"]

    struct Target {
        var name: String
        var folder: URL
        var declared: Set<String>
    }

    /// The package's targets as SwiftPM reads the manifest (`swift package dump-package`, in a
    /// build folder of its own so that it never waits on the tests' own). Never from SwiftPM's
    /// shared manifest cache: it keys an evaluation by the manifest's text, and this manifest
    /// reads `Chapters/`, so a chapter's library renamed since (`Shared/Herbarium` to
    /// `Shared/HerbariumModel`) came back under its old name.
    static func targets() throws -> [Target] {
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("dump-package-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: scratch) }
        let dump = try ToolRun.run("swift", ["package", "dump-package", "--package-path", root.path, "--scratch-path", scratch.path,
                                                 "--manifest-cache", "none"])
        try #require(dump.status == 0, "swift package dump-package failed: \(dump.errors)")
        let data = Data(dump.output.utf8)
        let manifest = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        let targets = try #require(manifest["targets"] as? [[String: Any]])
        return targets.compactMap { target in
            guard let name = target["name"] as? String, let type = target["type"] as? String, type != "system" else { return nil }
            let path = target["path"] as? String ?? (type == "test" ? "Tests/\(name)" : "Sources/\(name)")
            // Each dependency is {"byName": [name, …]}, {"target": [name, …]} or {"product": [name, package, …]}.
            let declared = (target["dependencies"] as? [[String: Any]] ?? []).compactMap { ($0.values.first as? [Any])?.first as? String }
            return Target(name: name, folder: root.appendingPathComponent(path), declared: Set(declared))
        }
    }

    /// The modules a folder's Swift files import, with the file and line of each: `import` lines
    /// of the code itself, not of code quoted in a multi-line string (a Python script, a Swift
    /// snippet a test compiles).
    static func imports(in folder: URL) -> [(module: String, place: String)] {
        var found: [(String, String)] = []
        let files = (FileManager.default.subpaths(atPath: folder.path) ?? []).filter { $0.hasSuffix(".swift") }.sorted()
        for file in files {
            guard let text = try? String(contentsOf: folder.appendingPathComponent(file), encoding: .utf8) else { continue }
            var quoted = false
            for (index, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
                if line.components(separatedBy: "\"\"\"").count % 2 == 0 { quoted.toggle(); continue }
                guard !quoted else { continue }
                var words = line.split(separator: " ").map(String.init)
                while let first = words.first, first.hasPrefix("@") { words.removeFirst() }
                guard words.first == "import", words.count >= 2 else { continue }
                // `import struct Module.Name`: the module is before the dot.
                let module = (words.count >= 3 ? words[2] : words[1]).split(separator: ".").first.map(String.init) ?? ""
                found.append((module, "\(folder.lastPathComponent)/\(file):\(index + 1)"))
            }
        }
        return found
    }

    @Test("Every target declares each module it imports")
    func importsAreDeclared() throws {
        let targets = try Self.targets()
        #expect(targets.count > 20, "the manifest's targets were not read")
        var undeclared: [String] = []
        for target in targets {
            for (module, place) in Self.imports(in: target.folder)
            where module != target.name && !Self.toolchainModules.contains(module) && !target.declared.contains(module) {
                undeclared.append("\(place): \(target.name) imports \(module) without declaring it")
            }
        }
        #expect(undeclared.isEmpty, "\(undeclared.count) undeclared:\n\(undeclared.joined(separator: "\n"))")
    }
}
