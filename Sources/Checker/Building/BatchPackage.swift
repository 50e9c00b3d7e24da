import Foundation
import SourcePreparation
import WorkbookSupport

/// The Swift package a class is built as: one executable target per student, and the chapter's
/// shared libraries, compiled against the engine built beside it (EnginePackage). It lives in a
/// cache folder that outlives the run, so a second grading of the same class (or of a class
/// with a few new submissions) compiles only what changed.
struct BatchPackage {
    /// `.build/checker/<exercise>/package` in the workbook's folder.
    let folder: URL
    /// The engine the students' code is built against, compiled once for the cache.
    let engine: EnginePackage
    /// Libraries of the exercise's chapter (`Chapters/<chapter>/Shared/<Library>`), which apps may import.
    let sharedLibraries: [URL]

    /// The executable target a student's code becomes: a valid module name, unique per student name.
    static func targetName(for student: String) -> String {
        let letters = student.unicodeScalars.map { scalar -> String in
            scalar.isASCII && (CharacterSet.alphanumerics.contains(scalar)) ? String(scalar) : "_"
        }.joined().prefix(40)
        // Two names that clean up to the same letters still get targets of their own.
        return "Submission_\(letters)_\(String(FNV1a.hash(of: student) & 0xffff_ffff, radix: 16))"
    }

    func studentFolder(_ target: String) -> URL {
        folder.appendingPathComponent("Students").appendingPathComponent(target)
    }

    func executable(_ target: String) -> URL {
        folder.appendingPathComponent(".build/debug").appendingPathComponent(target)
    }

    /// The submission's files as this package compiles them, in its target's folder.
    func sources(of submission: Submission) -> StudentSources {
        StudentSources(submission, compiledIn: studentFolder(Self.targetName(for: submission.student)))
    }

    /// Writes the package for these students' sources (`sources(of:)`), by student, against the
    /// built engine. Files whose bytes did not change keep their dates, so the build reuses what
    /// it compiled before; students no longer in the batch go.
    func write(_ students: [String: StudentSources], engine built: EnginePackage.Built) throws {
        let manager = FileManager.default
        // A package from before the engine was built on its own compiled the engine itself, and
        // the compiler would find those modules before the engine's: it goes, whole.
        if manager.fileExists(atPath: folder.appendingPathComponent("Engine/RestorationKit").path) {
            try manager.removeItem(at: folder)
        }
        try manager.createDirectory(at: folder.appendingPathComponent("Students"), withIntermediateDirectories: true)
        // Only root (the grader) may look inside: run as other users, students' apps cannot read
        // one another's code here.
        chmod(folder.path, 0o700)
        let shared = folder.appendingPathComponent("Shared")
        try manager.createDirectory(at: shared, withIntermediateDirectories: true)
        for library in sharedLibraries {
            try PackageFiles.link(shared.appendingPathComponent(library.lastPathComponent), to: library)
        }

        let targets = Set(students.keys.map(Self.targetName(for:)))
        for existing in (try? manager.contentsOfDirectory(atPath: folder.appendingPathComponent("Students").path)) ?? [] where !targets.contains(existing) {
            try? manager.removeItem(at: folder.appendingPathComponent("Students").appendingPathComponent(existing))
        }
        for (student, sources) in students {
            let destination = studentFolder(Self.targetName(for: student))
            let wanted = Set(sources.files.keys)
            if let walker = manager.enumerator(atPath: destination.path) {
                while let relative = walker.nextObject() as? String {
                    guard !wanted.contains(relative) else { continue }
                    var isDirectory: ObjCBool = false
                    if manager.fileExists(atPath: destination.appendingPathComponent(relative).path, isDirectory: &isDirectory), !isDirectory.boolValue {
                        try? manager.removeItem(at: destination.appendingPathComponent(relative))
                    }
                }
            }
            for (relative, bytes) in sources.files {
                try PackageFiles.writeIfChanged(destination.appendingPathComponent(relative), bytes)
            }
        }
        let oneLine = Set(students.filter(\.value.needsOneLineDiagnostics).keys.map(Self.targetName(for:)))
        try PackageFiles.writeIfChanged(folder.appendingPathComponent("Package.swift"),
                                        Data(manifest(targets: targets.sorted(), engine: built, oneLineDiagnostics: oneLine).utf8))
    }

    /// `oneLineDiagnostics`: the targets whose code the build changed (StudentSources), whose
    /// diagnostics come one line each under the student's file and line, as the compiler would
    /// otherwise draw the changed copy.
    func manifest(targets: [String], engine: EnginePackage.Built, oneLineDiagnostics: Set<String> = []) -> String {
        let shared = sharedLibraries.map(\.lastPathComponent)
        func list(_ items: [String]) -> String { items.map(Self.literal).joined(separator: ", ") }
        var lines = [
            "// swift-tools-version:6.2",
            "// Written by `workbook check` and `workbook grade`: a class's submissions, built together against the engine.",
            "import PackageDescription",
            "",
            "// The engine is in Swift 6 language mode; students' code, as an iOS app target is by default, in Swift 5's.",
            "let appCode: [SwiftSetting] = [.swiftLanguageMode(.v5)]",
            "// The engine, compiled once beside the exercises (../../Engine): its modules, and its objects linked into each app.",
            "let engine: [SwiftSetting] = [.unsafeFlags([\(list(engine.compilerFlags))])]",
            "let engineObjects: [LinkerSetting] = [.unsafeFlags([\(list(engine.objects))])]",
            "",
            "let package = Package(",
            "    name: \"Submissions\",",
            "    targets: [",
        ]
        for library in shared {
            lines.append("        .target(name: \"\(library)\", path: \"Shared/\(library)\", swiftSettings: appCode + engine),")
        }
        let dependencies = list(shared)
        let oneLineFlags = list(PreparedModule.oneLineDiagnostics)
        for target in targets {
            let settings = oneLineDiagnostics.contains(target) ? "appCode + engine + [.unsafeFlags([\(oneLineFlags)])]" : "appCode + engine"
            lines.append("        .executableTarget(name: \"\(target)\", dependencies: [\(dependencies)], path: \"Students/\(target)\", "
                         + "swiftSettings: \(settings), linkerSettings: engineObjects),")
        }
        lines += ["    ],", "    swiftLanguageModes: [.v6]", ")", ""]
        return lines.joined(separator: "\n")
    }

    /// A Swift string literal of `text`: the engine's paths are the cache's, which may hold any character.
    static func literal(_ text: String) -> String {
        var escaped = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\\": escaped += "\\\\"
            case "\"": escaped += "\\\""
            case _ where scalar.value < 0x20 || scalar.value == 0x7f: escaped += "\\u{\(String(scalar.value, radix: 16))}"
            default: escaped.unicodeScalars.append(scalar)
            }
        }
        return escaped + "\""
    }
}
