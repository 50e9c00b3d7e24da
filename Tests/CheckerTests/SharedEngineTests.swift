@testable import Checker
import Foundation
import Testing

/// The engine is compiled once for every exercise of a cache (EnginePackage), and each class's
/// package is built against it: its modules, its objects, and a stamp that changes whenever the
/// engine was compiled again, so that SwiftPM, which does not look into another package's build,
/// builds the class again.
@Suite struct SharedEngineTests {
    @Test("Classes of four exercises graded in one cache compile the engine once, in the cache's Engine folder")
    func oneEngineForEveryExercise() throws {
        _ = try GradedClass.built.get()
        _ = try HerbariumClassTests.graded.results.get()
        _ = try IslandsClassTests.graded.results.get()
        _ = try NotebookClassTests.graded.results.get()
        var modules: [String] = []
        let walker = FileManager.default.enumerator(at: GradedClass.cache, includingPropertiesForKeys: nil)
        while let url = walker?.nextObject() as? URL {
            if url.lastPathComponent == "RestorationKit.swiftmodule" { modules.append(url.path) }
        }
        #expect(modules.count == 1, "the engine's module was compiled \(modules.count) times: \(modules)")
        #expect(modules.allSatisfy { $0.hasPrefix(GradedClass.cache.appendingPathComponent("Engine/.build/").path) }, "\(modules)")
    }

    @Test("A class built against an engine unchanged since its last build asks SwiftPM for one build only, the class's")
    func engineUnchangedIsNotBuiltAgain() throws {
        _ = try GradedClass.built.get()
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("one-build-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let package = BatchPackage(folder: folder, engine: EnginePackage(cache: GradedClass.cache, workbookRoot: GradedClass.packageRoot),
                                   sharedLibraries: [])
        let source = GradedClass.submissions.appendingPathComponent("correct")
        var files: [String: Data] = [:]
        for file in try FileManager.default.contentsOfDirectory(atPath: source.path) where file.hasSuffix(".swift") {
            files[file] = try Data(contentsOf: source.appendingPathComponent(file))
        }
        var lines: [String] = []
        let built = try BatchBuild(package: package).build([Submission(student: "ada", source: source.path, files: files)]) { event in
            if case .compilerLine(let line) = event { lines.append(line) }
        }
        #expect(built.outcomes["ada"] == .built, "\(built.outcomes)")
        #expect(lines.filter { $0.hasPrefix("Build complete!") }.count == 1, "\(lines)")
        #expect(!lines.contains { $0.contains("Compiling RestorationKit") }, "\(lines)")
        #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent(".build/debug/index").path),
                "the class's build keeps no index for an editor, which costs a sixth of the compiler's time")
    }

    @Test("The class is linked with the objects the compiler's output file maps list, and a stamp that changes when one of them is compiled again")
    func objectsAndStamp() throws {
        let cache = FileManager.default.temporaryDirectory.appendingPathComponent("engine-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: cache) }
        let engine = EnginePackage(cache: cache, workbookRoot: GradedClass.packageRoot)
        let build = engine.folder.appendingPathComponent(".build/debug")
        // What a build of the engine leaves: per module, the module, a map from sources to
        // objects, the objects, the module wrapped for the debugger, and an object of a source
        // since removed.
        try FileManager.default.createDirectory(at: build.appendingPathComponent("Modules"), withIntermediateDirectories: true)
        for library in EnginePackage.compiledLibraries {
            try Data(library.utf8).write(to: build.appendingPathComponent("Modules/\(library).swiftmodule"))
            let folder = build.appendingPathComponent("\(library).build")
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            let map = ["": ["swift-dependencies": folder.appendingPathComponent("master.swiftdeps").path],
                       "/src/\(library)/A.swift": ["object": folder.appendingPathComponent("A.swift.o").path]]
            try JSONSerialization.data(withJSONObject: map).write(to: folder.appendingPathComponent("output-file-map.json"))
            for object in ["A.swift.o", "\(library).swiftmodule.o", "Removed.swift.o"] {
                try Data(object.utf8).write(to: folder.appendingPathComponent(object))
            }
        }
        let built = try engine.built()
        #expect(built.objects == EnginePackage.compiledLibraries.flatMap { library in
            ["A.swift.o", "\(library).swiftmodule.o"].map { build.appendingPathComponent("\(library).build/\($0)").path }
        })
        #expect(Array(built.compilerFlags.prefix(2)) == ["-I", build.appendingPathComponent("Modules").path])
        #expect(try engine.built() == built, "nothing compiled again, nothing to build again")

        // RestorationKit compiled again: its object has a new time.
        let object = build.appendingPathComponent("RestorationKit.build/A.swift.o")
        try FileManager.default.setAttributes([.modificationDate: Date(timeIntervalSinceNow: 60)], ofItemAtPath: object.path)
        let again = try engine.built()
        #expect(again.objects == built.objects)
        #expect(again.compilerFlags != built.compilerFlags, "the class's flags change, so SwiftPM compiles and links it again")
    }

    @Test("An engine that was never built is said to be so, with the file missing")
    func notBuilt() throws {
        let cache = FileManager.default.temporaryDirectory.appendingPathComponent("engine-\(UUID().uuidString)")
        let engine = EnginePackage(cache: cache, workbookRoot: GradedClass.packageRoot)
        let error = try #require(throws: CheckerError.self) { try engine.built() }
        #expect(error.description.hasPrefix("the engine the submissions are built against did not build ("), "\(error)")
        #expect(error.description.contains("BinaryPropertyList.build/output-file-map.json is missing"), "\(error)")
    }

    @Test("Each student's target and each shared library is compiled with the engine's flags; each app links its objects, by paths any cache may hold")
    func manifest() throws {
        let package = BatchPackage(folder: URL(fileURLWithPath: "/c/hypnonerd/package"),
                                   engine: EnginePackage(cache: URL(fileURLWithPath: "/c"), workbookRoot: GradedClass.packageRoot),
                                   sharedLibraries: [URL(fileURLWithPath: "/w/Chapters/chapter24/Shared/HomepwnerModel")])
        let engine = EnginePackage.Built(compilerFlags: ["-I", "/my \"cache\"\\x/Modules"], objects: ["/c/Engine/A.swift.o"])
        let manifest = package.manifest(targets: ["Submission_ada_1"], engine: engine)
        #expect(manifest.contains(#"let engine: [SwiftSetting] = [.unsafeFlags(["-I", "/my \"cache\"\\x/Modules"])]"#), "\(manifest)")
        #expect(manifest.contains(#"let engineObjects: [LinkerSetting] = [.unsafeFlags(["/c/Engine/A.swift.o"])]"#), "\(manifest)")
        #expect(manifest.contains(#".target(name: "HomepwnerModel", path: "Shared/HomepwnerModel", swiftSettings: appCode + engine)"#), "\(manifest)")
        #expect(manifest.contains(#".executableTarget(name: "Submission_ada_1", dependencies: ["HomepwnerModel"], path: "Students/Submission_ada_1", "#
                                  + #"swiftSettings: appCode + engine, linkerSettings: engineObjects)"#), "\(manifest)")
        #expect(BatchPackage.literal("a\nb") == #""a\u{a}b""#)
    }
}
