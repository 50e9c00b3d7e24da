import Foundation
import SourcePreparation
import WorkbookSupport

/// The Swift package a class is built as: the engine's sources once, the workbook's own `UIKit`
/// module (Sources/UIKit: code written for iOS builds unchanged, against the very module the
/// chapters' apps import), and one executable target per student. It lives in a cache folder
/// that outlives the run, so a second grading of the same class (or of a class with a few new
/// submissions) compiles only what changed.
struct BatchPackage {
    /// `.build/checker/<exercise>` in the workbook's folder.
    let folder: URL
    /// The workbook's package folder, whose `Sources/` holds the engine.
    let workbookRoot: URL
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

    /// Writes the package for these students' sources (`sources(of:)`), by student. Files whose
    /// bytes did not change keep their dates, so the build reuses what it compiled before;
    /// students no longer in the batch go.
    func write(_ students: [String: StudentSources]) throws {
        let manager = FileManager.default
        try manager.createDirectory(at: folder.appendingPathComponent("Students"), withIntermediateDirectories: true)
        // Only root (the grader) may look inside: run as other users, students' apps cannot read
        // one another's code here.
        chmod(folder.path, 0o700)
        let engine = folder.appendingPathComponent("Engine")
        try manager.createDirectory(at: engine, withIntermediateDirectories: true)
        for library in Self.engineLibraries {
            try link(engine.appendingPathComponent(library), to: workbookRoot.appendingPathComponent("Sources").appendingPathComponent(library))
        }
        for library in sharedLibraries {
            try link(engine.appendingPathComponent(library.lastPathComponent), to: library)
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
                try writeIfChanged(destination.appendingPathComponent(relative), bytes)
            }
        }
        let oneLine = Set(students.filter(\.value.needsOneLineDiagnostics).keys.map(Self.targetName(for:)))
        try writeIfChanged(folder.appendingPathComponent("Package.swift"), Data(manifest(targets: targets.sorted(), oneLineDiagnostics: oneLine).utf8))
    }

    /// The workbook's own modules a submission may import, linked from its `Sources/`: the
    /// engine, `UIKit` over it, and `CoreData` over SQLite (whose C module `CSQLite` it needs).
    static let engineLibraries = ["BinaryPropertyList", "RestorationModel", "RestorationKit", "UIKit", "CSQLite", "CoreData"]

    /// `oneLineDiagnostics`: the targets whose code the build changed (StudentSources), whose
    /// diagnostics come one line each under the student's file and line, as the compiler would
    /// otherwise draw the changed copy.
    func manifest(targets: [String], oneLineDiagnostics: Set<String> = []) -> String {
        let shared = sharedLibraries.map(\.lastPathComponent)
        var lines = [
            "// swift-tools-version:6.2",
            "// Written by `workbook check` and `workbook grade`: a class's submissions, built together against the engine.",
            "import PackageDescription",
            "",
            "// UIKit's API and the engine that plays it are isolated to the main actor, as on iOS.",
            "let mainActor: [SwiftSetting] = [.defaultIsolation(MainActor.self)]",
            "// The engine is in Swift 6 language mode; students' code, as an iOS app target is by default, in Swift 5's.",
            "let appCode: [SwiftSetting] = [.swiftLanguageMode(.v5)]",
            "",
            "let package = Package(",
            "    name: \"Submissions\",",
            "    targets: [",
            "        .target(name: \"BinaryPropertyList\", path: \"Engine/BinaryPropertyList\"),",
            "        .target(name: \"RestorationModel\", dependencies: [\"BinaryPropertyList\"], path: \"Engine/RestorationModel\"),",
            "        .target(name: \"RestorationKit\", dependencies: [\"RestorationModel\", \"BinaryPropertyList\"], path: \"Engine/RestorationKit\", swiftSettings: mainActor),",
            "        .target(name: \"UIKit\", dependencies: [\"RestorationKit\"], path: \"Engine/UIKit\", swiftSettings: mainActor),",
            "        .systemLibrary(name: \"CSQLite\", path: \"Engine/CSQLite\", pkgConfig: \"sqlite3\"),",
            "        .target(name: \"CoreData\", dependencies: [\"CSQLite\", \"RestorationModel\"], path: \"Engine/CoreData\"),",
        ]
        for library in shared {
            lines.append("        .target(name: \"\(library)\", dependencies: [\"RestorationKit\", \"UIKit\", \"CoreData\"], path: \"Engine/\(library)\", swiftSettings: appCode),")
        }
        let dependencies = (["RestorationKit", "UIKit", "CoreData"] + shared).map { "\"\($0)\"" }.joined(separator: ", ")
        let oneLineFlags = PreparedModule.oneLineDiagnostics.map { "\"\($0)\"" }.joined(separator: ", ")
        for target in targets {
            let settings = oneLineDiagnostics.contains(target) ? "appCode + [.unsafeFlags([\(oneLineFlags)])]" : "appCode"
            lines.append("        .executableTarget(name: \"\(target)\", dependencies: [\(dependencies)], path: \"Students/\(target)\", swiftSettings: \(settings)),")
        }
        lines += ["    ],", "    swiftLanguageModes: [.v6]", ")", ""]
        return lines.joined(separator: "\n")
    }

    private func link(_ link: URL, to destination: URL) throws {
        let manager = FileManager.default
        if let existing = try? manager.destinationOfSymbolicLink(atPath: link.path), existing == destination.path { return }
        try? manager.removeItem(at: link)
        try manager.createSymbolicLink(at: link, withDestinationURL: destination)
    }

    private func writeIfChanged(_ url: URL, _ bytes: Data) throws {
        if let existing = FileManager.default.contents(atPath: url.path), existing == bytes { return }
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try bytes.write(to: url)
    }
}
