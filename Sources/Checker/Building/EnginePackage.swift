import Foundation
import WorkbookSupport
#if canImport(Glibc)
import Glibc
#endif

/// The engine every class is built against, compiled once for all the exercises of a cache: the
/// engine's sources, the workbook's own `UIKit` module over them (code written for iOS builds
/// unchanged, against the very module the chapters' apps import) and `CoreData` over SQLite,
/// as a Swift package of their own. A class's package (BatchPackage) then compiles only the
/// students' code and the chapter's shared libraries against the engine's modules, and links
/// the engine's objects into each app as SwiftPM links a target's dependencies: the apps are
/// the same as when each class compiled the engine itself, which took half a minute of
/// processor time per exercise.
struct EnginePackage {
    /// `<cache>/Engine`, beside the exercises' folders (an exercise's name is in lowercase, so
    /// none can take this one).
    let folder: URL
    /// The workbook's package folder, whose `Sources/` holds the engine.
    let workbookRoot: URL

    init(cache: URL, workbookRoot: URL) {
        folder = cache.appendingPathComponent("Engine")
        self.workbookRoot = workbookRoot
    }

    /// The workbook's own modules a submission may import, linked from its `Sources/`: the
    /// engine, `UIKit` over it, and `CoreData` over SQLite (whose C module `CSQLite` it needs).
    static let libraries = ["BinaryPropertyList", "RestorationModel", "RestorationKit", "UIKit", "CSQLite", "CoreData"]
    /// Those compiled to objects (`CSQLite` is the system's library, linked by name).
    static let compiledLibraries = libraries.filter { $0 != "CSQLite" }

    /// What a class's package needs of the built engine.
    struct Built: Equatable {
        /// Compiler flags: where the engine's modules are, SQLite's module map, and the stamp.
        var compilerFlags: [String]
        /// The engine's object files, as SwiftPM would link them into an app of its own package.
        var objects: [String]
    }

    /// Writes the engine's package: its manifest, and its sources linked from the workbook's.
    func write() throws {
        let manager = FileManager.default
        let sources = folder.appendingPathComponent("Sources")
        try manager.createDirectory(at: sources, withIntermediateDirectories: true)
        // Only root (the grader) may look inside, as in a class's package.
        chmod(folder.path, 0o700)
        for library in Self.libraries {
            try PackageFiles.link(sources.appendingPathComponent(library), to: workbookRoot.appendingPathComponent("Sources").appendingPathComponent(library))
        }
        try PackageFiles.writeIfChanged(folder.appendingPathComponent("Package.swift"), Data(Self.manifest.utf8))
    }

    static let manifest = """
        // swift-tools-version:6.2
        // Written by `workbook check` and `workbook grade`: the engine, built once for every exercise's class.
        import PackageDescription

        // UIKit's API and the engine that plays it are isolated to the main actor, as on iOS.
        let mainActor: [SwiftSetting] = [.defaultIsolation(MainActor.self)]

        let package = Package(
            name: "Engine",
            targets: [
                .target(name: "BinaryPropertyList"),
                .target(name: "RestorationModel", dependencies: ["BinaryPropertyList"]),
                .target(name: "RestorationKit", dependencies: ["RestorationModel", "BinaryPropertyList"], swiftSettings: mainActor),
                .target(name: "UIKit", dependencies: ["RestorationKit"], swiftSettings: mainActor),
                .systemLibrary(name: "CSQLite", pkgConfig: "sqlite3"),
                .target(name: "CoreData", dependencies: ["CSQLite", "RestorationModel"]),
            ],
            swiftLanguageModes: [.v6]
        )

        """

    /// Runs `body` while no other grader (another thread, another `workbook`) writes or builds
    /// this engine: classes of several exercises may be built at once against it.
    func whileLocked<T>(_ body: () throws -> T) throws -> T {
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let descriptor = open(folder.appendingPathComponent(".lock").path, O_RDWR | O_CREAT | O_CLOEXEC, 0o600)
        // A cache where no lock file can be made is one no other grader can write either.
        guard descriptor >= 0 else { return try body() }
        defer { close(descriptor) }
        while flock(descriptor, LOCK_EX) != 0 && errno == EINTR {}
        defer { flock(descriptor, LOCK_UN) }
        return try body()
    }

    /// What the last build made, read from the build folder: each module's objects, as the
    /// compiler's output file map lists them (a source file removed since leaves an object
    /// behind, which must not be linked), and the module wrapped for the debugger.
    func built() throws -> Built {
        let build = folder.appendingPathComponent(".build/debug")
        var objects: [String] = []
        var stamp = FNV1a()
        for library in Self.compiledLibraries {
            let targetFolder = build.appendingPathComponent("\(library).build")
            let map = targetFolder.appendingPathComponent("output-file-map.json")
            guard let data = FileManager.default.contents(atPath: map.path),
                  let entries = try JSONSerialization.jsonObject(with: data) as? [String: [String: String]] else {
                throw CheckerError.engineNotBuilt(reason: "\(map.path) is missing or cannot be read", lines: [])
            }
            var found = entries.keys.sorted().compactMap { entries[$0]?["object"] }
            let wrapped = targetFolder.appendingPathComponent("\(library).swiftmodule.o").path
            if FileManager.default.fileExists(atPath: wrapped) { found.append(wrapped) }
            objects += found
            for file in found + [build.appendingPathComponent("Modules/\(library).swiftmodule").path] {
                guard let sizeAndTime = Self.sizeAndTime(of: file) else {
                    throw CheckerError.engineNotBuilt(reason: "\(file) is missing", lines: [])
                }
                stamp.add(file)
                stamp.add(sizeAndTime)
            }
        }
        let flags = ["-I", build.appendingPathComponent("Modules").path,
                     "-Xcc", "-fmodule-map-file=" + folder.appendingPathComponent("Sources/CSQLite/module.modulemap").path,
                     // SwiftPM does not look into another package's build: a new stamp whenever the
                     // engine was compiled again changes the flags, and the class is built again.
                     "-D", "WORKBOOK_ENGINE_\(stamp.hexadecimal)"]
        return Built(compilerFlags: flags, objects: objects)
    }

    /// What the engine is built from, as a digest: its sources, its manifest and the compiler (a
    /// new Swift cannot import what an older one compiled). While it is what the last successful
    /// build recorded, the engine is not built again: a `swift build` with nothing to do still
    /// plans for a second or more, on every `workbook check`.
    func inputs(compiler swift: URL) -> String {
        var stamps = FileStamps(root: workbookRoot, previous: [:])
        var digest = FNV1a()
        for library in Self.libraries {
            digest.add(library)
            digest.add(stamps.digest(folder: workbookRoot.appendingPathComponent("Sources").appendingPathComponent(library).standardizedFileURL.path))
        }
        digest.add(Self.manifest)
        let compiler = swift.resolvingSymlinksInPath().path
        digest.add(compiler)
        digest.add(Self.sizeAndTime(of: compiler) ?? "missing")
        return digest.hexadecimal
    }

    /// Where the inputs of the last successful build are recorded.
    var inputsRecord: URL { folder.appendingPathComponent(".built-from") }

    var recordedInputs: String? {
        FileManager.default.contents(atPath: inputsRecord.path).map { String(decoding: $0, as: UTF8.self) }
    }

    private static func sizeAndTime(of path: String) -> String? {
        var info = stat()
        guard stat(path, &info) == 0 else { return nil }
        return "\(info.st_size) \(info.st_mtim.tv_sec).\(info.st_mtim.tv_nsec)"
    }
}
