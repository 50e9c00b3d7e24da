// swift-tools-version:6.2
import Foundation
import PackageDescription

/// Every chapter's apps and shared code become targets by themselves, so a chapter is one folder:
/// `Chapters/<chapter>/Apps/<App>/` is an executable, `Chapters/<chapter>/Shared/<Library>/` a
/// library every app of that chapter can import. Both may `import UIKit` (Sources/UIKit), as on iOS,
/// or `import RestorationKit`, and `import CoreData` (Sources/CoreData). See Chapters/README.md.
/// UIKit's API is isolated to the main actor, and so is the engine that plays it (and the rule
/// book that drives it in-process). App code is not, by default, as in an iOS app target before
/// Swift 6.2: its controllers and delegates are main-actor isolated through UIKit's classes and
/// protocols, its models are not.
let mainActor: [SwiftSetting] = [.defaultIsolation(MainActor.self)]

/// The package is in Swift 6 language mode; app code (chapters' apps and their shared code, the
/// fixtures written as iOS apps, and students' submissions) is in Swift 5's, as an iOS app target
/// is unless its author moves it: it compiles as it would in Xcode, and Swift 6 code meets the
/// same isolation as on iOS, since UIKit's classes and protocols are `@MainActor` here too.
let appCode: [SwiftSetting] = [.swiftLanguageMode(.v5)]

func chapterTargets() -> (targets: [Target], apps: [String]) {
    let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    func folders(_ path: String) -> [String] {
        let url = root.appendingPathComponent(path)
        let names = (try? FileManager.default.contentsOfDirectory(atPath: url.path)) ?? []
        return names.filter { name in
            var isDirectory: ObjCBool = false
            return !name.hasPrefix(".") && FileManager.default.fileExists(atPath: url.appendingPathComponent(name).path, isDirectory: &isDirectory) && isDirectory.boolValue
        }.sorted()
    }
    /// `workbook run` builds iOS code that only Linux refuses (an override in an extension,
    /// `@objc`, `@IBOutlet`) from a copy it prepares (Sources/Runner/Building/PreparedChapterSources.swift),
    /// and says so in the environment of its build: only such a build declares `module`
    /// (`tour/Apps/Tour1`) from the copy. SwiftPM keeps what it read of this manifest, keyed on
    /// its text and the environment, so any other build (`swift build`, the tests) compiles the
    /// author's files, never a copy an edit has left behind. A copy's diagnostics come one line
    /// each, under the author's file and line: the compiler would draw the copy.
    let preparing = ProcessInfo.processInfo.environment["WORKBOOK_PREPARED_SOURCES"] == "1"
    func preparedCopy(of module: String) -> String? {
        let copy = ".build/prepared-sources/\(module)"
        return preparing && FileManager.default.fileExists(atPath: root.appendingPathComponent(copy + ".prepared").path) ? copy : nil
    }
    let preparedCode: [SwiftSetting] = appCode + [.unsafeFlags(["-diagnostic-style", "llvm"])]

    var targets: [Target] = []
    var apps: [String] = []
    for chapter in folders("Chapters") {
        var chapterApps: [String] = []
        let shared = folders("Chapters/\(chapter)/Shared")
        for library in shared {
            // A chapter's shared code is its model, not its screens: isolated only where it says so.
            let copy = preparedCopy(of: "\(chapter)/Shared/\(library)")
            targets.append(.target(name: library, dependencies: ["RestorationKit", "UIKit", "CoreData"], path: copy ?? "Chapters/\(chapter)/Shared/\(library)",
                                   swiftSettings: copy == nil ? appCode : preparedCode))
        }
        for app in folders("Chapters/\(chapter)/Apps") {
            apps.append(app)
            chapterApps.append(app)
            // An app's Info.plist is read by the runner and the app at launch, not compiled.
            let infoPlist = FileManager.default.fileExists(atPath: root.appendingPathComponent("Chapters/\(chapter)/Apps/\(app)/Info.plist").path)
            let copy = preparedCopy(of: "\(chapter)/Apps/\(app)")
            targets.append(.executableTarget(
                name: app,
                dependencies: ["RestorationKit", "UIKit", "CoreData"] + shared.map { .target(name: $0) },
                path: copy ?? "Chapters/\(chapter)/Apps/\(app)",
                exclude: infoPlist && copy == nil ? ["Info.plist"] : [],
                swiftSettings: copy == nil ? appCode : preparedCode))
        }
        // `workbook run` builds a chapter's apps, and only what they need (not the site
        // generator's swift-syntax), as one target that depends on them all. SwiftPM makes a
        // target only from a source file, so the runner writes an empty one under .build before
        // it builds (AppBuilder.chapterTarget); until then the chapter has no such target.
        let buildFolder = ".build/chapter-builds/\(chapter)"
        if FileManager.default.fileExists(atPath: root.appendingPathComponent(buildFolder + "/Apps.swift").path) {
            targets.append(.target(name: "\(chapter)-apps", dependencies: chapterApps.map { .target(name: $0) }, path: buildFolder))
        }
    }
    return (targets, apps)
}

let chapters = chapterTargets()

/// Linux only (Debian, and Ubuntu for the Gradescope grader), with Swift 6.3: the runner reads
/// /proc and sandboxes apps with bubblewrap, `workbook serve` watches files with inotify, and the
/// code calls Glibc. No macOS or Windows build is made or tested, so no Apple platform is named.
let package = Package(
    name: "RestorationWorkbook",
    products: [
        .library(name: "RestorationKit", targets: ["RestorationKit"]),
        .executable(name: "workbook", targets: ["workbook"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", exact: "1.8.2"),
        .package(url: "https://github.com/hummingbird-project/swift-mustache", exact: "2.1.1"),
        .package(url: "https://github.com/swiftlang/swift-syntax", exact: "603.0.1"),
        .package(url: "https://github.com/hummingbird-project/hummingbird", exact: "2.28.1"),
        // Hummingbird's own logging and byte buffers, which `workbook serve` uses directly
        // (the versions Hummingbird resolves to).
        .package(url: "https://github.com/apple/swift-log", exact: "1.16.2"),
        .package(url: "https://github.com/apple/swift-nio", exact: "2.101.3"),
    ],
    targets: [
        // The small helpers every tool shares: one hash, one escaping for HTML and XML, one for file
        // names on a terminal, one zip writer, one pool of worker threads, one way to know which files changed.
        .target(name: "WorkbookSupport"),
        .testTarget(name: "WorkbookSupportTests", dependencies: ["WorkbookSupport", "TestSupport"]),
        // For the tests: where the build put the fixture apps, `workbook` and the modules.
        .target(name: "TestSupport", path: "Tests/TestSupport"),
        // The repository itself: its shell scripts pass shellcheck, its targets declare what they import.
        .testTarget(name: "RepositoryTests", dependencies: ["TestSupport"]),
        // A strict, deterministic reader and writer of Apple's binary property lists: the archive format.
        .target(name: "BinaryPropertyList"),
        // What the engine writes and the tools read, as values: screens and what differs between
        // them, user actions, the restoration report, the archive and its dump, the launch
        // variables and the runner's line protocol. No UIKit types: the tools depend on this alone.
        .target(name: "RestorationModel", dependencies: ["BinaryPropertyList"]),
        // The engine: UIKit's state preservation and restoration under UIKit's own names.
        .target(name: "RestorationKit", dependencies: ["RestorationModel", "BinaryPropertyList"], swiftSettings: mainActor),
        // `import UIKit` for code written for iOS: RestorationKit under UIKit's module name. The
        // checker builds submissions against this same folder.
        .target(name: "UIKit", dependencies: ["RestorationKit"], swiftSettings: mainActor),
        // The command line.
        .executableTarget(
            name: "workbook",
            dependencies: [
                "RestorationModel",
                "BinaryPropertyList",
                "Captures",
                "Runner",
                "Site",
                "Checker",
                "LiveServer",
                "Scenarios",
                "SourcePreparation",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        // `workbook serve`: the site over HTTP on loopback, rebuilt as the author saves, its
        // pages reloading themselves (Hummingbird).
        .target(name: "LiveServer", dependencies: ["Site", .product(name: "Hummingbird", package: "hummingbird"),
                                                 .product(name: "Logging", package: "swift-log"), .product(name: "NIOCore", package: "swift-nio")]),
        .testTarget(name: "LiveServerTests", dependencies: ["LiveServer"]),
        // Figures for closing notes: our archive against NSKeyedArchiver, and how cost grows. It
        // drives the engine in its own process, on the main actor, as the rule book does.
        .executableTarget(name: "RestorationBenchmarks", dependencies: ["RestorationKit", "BinaryPropertyList", .product(name: "ArgumentParser", package: "swift-argument-parser")],
                         swiftSettings: mainActor),
        .testTarget(name: "BinaryPropertyListTests", dependencies: ["BinaryPropertyList"]),
        // The scenario language: what a user and the system do, parsed and checked (no engine).
        .target(name: "Scenarios"),
        .testTarget(name: "ScenariosTests", dependencies: ["Scenarios"]),
        // The contract between running and publishing, as values: the chapters as laid out on
        // disk and what a run of one of their scenarios found. It starts no process: the runner
        // writes these, the site generator and the checker read them.
        .target(name: "Captures", dependencies: ["RestorationModel", "Scenarios", "WorkbookSupport"]),
        .testTarget(name: "CapturesTests", dependencies: ["Captures", "Scenarios"]),
        // iOS code made to compile on Linux before an app is built, where only Linux stands in its
        // way: overrides in extensions folded into their classes, `@objc` and Interface Builder's
        // attributes removed, and diagnostics kept at the author's lines. Of swift-syntax, the
        // parser and syntax tree alone, which the Gradescope grader carries already.
        .target(name: "SourcePreparation", dependencies: ["WorkbookSupport", .product(name: "SwiftParser", package: "swift-syntax"), .product(name: "SwiftSyntax", package: "swift-syntax")]),
        .testTarget(name: "SourcePreparationTests", dependencies: ["SourcePreparation", "TestSupport"]),
        // The runner: launches apps as processes, drives them through scenarios, writes captures.
        .target(name: "Runner", dependencies: ["Captures", "RestorationModel", "Scenarios", "BinaryPropertyList", "SourcePreparation", "WorkbookSupport"]),
        .testTarget(name: "RunnerTests", dependencies: ["Runner", "Captures", "RestorationModel", "RestorationKit", "Scenarios", "RuleBookApp", "IOSStyleApp", "StoryboardApp", "TestSupport"]),
        .testTarget(name: "WorkbookCLITests", dependencies: ["workbook", "RestorationModel", "RestorationKit", "BinaryPropertyList", "TestSupport"]),
        // cmark, the CommonMark reference library, from the system (libcmark-dev).
        .systemLibrary(name: "CCmark", pkgConfig: "libcmark", providers: [.apt(["libcmark-dev"])]),
        // The site generator: chapters' prose and captures, rendered through Templates/ into a static site.
        .target(
            name: "Site",
            dependencies: [
                "CCmark",
                "Captures",
                "RestorationModel",
                "WorkbookSupport",
                .product(name: "Mustache", package: "swift-mustache"),
                .product(name: "SwiftParser", package: "swift-syntax"),
                .product(name: "SwiftSyntax", package: "swift-syntax"),
                .product(name: "SwiftIDEUtils", package: "swift-syntax"),
            ]
        ),
        .testTarget(name: "SiteTests", dependencies: ["Site", "Captures", "RestorationModel", "RestorationKit", "BinaryPropertyList"]),
        // The checker: builds students' submissions of an exercise in one batch, runs the public and
        // hidden scenarios in isolation, grades them against a rubric and writes the reports. The
        // submission policy reads students' code with swift-syntax's parser before it is built.
        // Export/Scripts holds the exports' scripts (Gradescope's, PrairieLearn's, GitHub's), which
        // an export reads from the workbook's folder.
        .target(name: "Checker", dependencies: ["Captures", "Runner", "Scenarios", "RestorationModel", "SourcePreparation", "WorkbookSupport", .product(name: "SwiftParser", package: "swift-syntax"), .product(name: "SwiftSyntax", package: "swift-syntax")], exclude: ["Export/Scripts"]),
        // `workbook check` for one submission, alone: what the Gradescope bundle builds (no site
        // generator; of swift-syntax, the parser alone); its package is Checker/Export/AutograderPackage.swift.
        .executableTarget(name: "WorkbookAutograder", dependencies: ["Checker"]),
        .testTarget(name: "CheckerTests", dependencies: ["Checker", "Captures", "Runner", "Scenarios", "RestorationKit", "TestSupport", .product(name: "SwiftParser", package: "swift-syntax")]),
        // Figures for #5: a 1,000-page book built, against cmark alone on the same text.
        .executableTarget(name: "SiteBenchmarks", dependencies: ["Site", "CCmark", .product(name: "ArgumentParser", package: "swift-argument-parser")]),
        // Figures for #3: a restoration cycle through processes against a bare spawn.
        .executableTarget(name: "RunnerBenchmarks", dependencies: ["Runner", "Scenarios", .product(name: "ArgumentParser", package: "swift-argument-parser")]),
        // The rule book's real app, launched as a process by the tests about crashes and kills.
        .executableTarget(name: "RuleBookApp", dependencies: ["RestorationKit"], path: "Tests/Fixtures/RuleBookApp", swiftSettings: appCode),
        // An app written as for iOS (`import UIKit`, `print`, the Library folder), run by the runner's tests.
        // Fixtures that import UIKit also name RestorationKit, as chapter apps and submissions do:
        // SwiftPM's incremental build does not recompile a target when a module it reaches only
        // through UIKit's re-export changes, and the stale app then fails to link or crashes.
        .executableTarget(name: "IOSStyleApp", dependencies: ["RestorationKit", "UIKit"], path: "Tests/Fixtures/IOSStyleApp", swiftSettings: appCode),
        // A storyboard app ported from iOS with its Info.plist, for the runner's storyboard tests.
        .executableTarget(name: "StoryboardApp", dependencies: ["RestorationKit", "UIKit"], path: "Tests/Fixtures/StoryboardApp", exclude: ["Info.plist"], swiftSettings: appCode),
        .testTarget(name: "RestorationKitTests", dependencies: ["RestorationKit", "RestorationModel", "BinaryPropertyList", "RuleBookApp", "TestSupport"], swiftSettings: mainActor),
        // SQLite's C API, from the system (libsqlite3-dev).
        .systemLibrary(name: "CSQLite", pkgConfig: "sqlite3", providers: [.apt(["libsqlite3-dev"])]),
        // `import CoreData` for chapter apps: Core Data's names over a real SQLite store in the app's container.
        .target(name: "CoreData", dependencies: ["CSQLite", "RestorationModel"]),
        // A process that saves on command, killed with SIGKILL by the tests while a save is under
        // way; also launched as an app, to show where its store goes in the container.
        .executableTarget(name: "CoreDataSaveApp", dependencies: ["CoreData", "RestorationKit", "UIKit"], path: "Tests/Fixtures/CoreDataSaveApp", swiftSettings: appCode),
        .testTarget(name: "CoreDataTests", dependencies: ["CoreData", "CSQLite", "CoreDataSaveApp", "RestorationModel", "BinaryPropertyList", "TestSupport"]),
        // Figures for #17: 10,000 records saved and fetched through CoreData, against SQLite's C API alone.
        .executableTarget(name: "CoreDataBenchmarks", dependencies: ["CoreData", "CSQLite", .product(name: "ArgumentParser", package: "swift-argument-parser")]),
        // Every chapter's scenarios, run against its apps: a chapter whose code stops behaving as
        // its prose says fails here.
        .testTarget(name: "ChapterTests", dependencies: ["Captures", "Runner", "Scenarios", "Site", "Checker", "RestorationKit", "TestSupport"] + chapters.apps.map { .target(name: $0) }),
    ] + chapters.targets,
    swiftLanguageModes: [.v6]
)
