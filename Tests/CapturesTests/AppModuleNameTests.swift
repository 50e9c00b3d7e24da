import Captures
import Foundation
import Testing

/// A chapter's steps are versions of one app, and on iOS every version of an app has one module
/// name: each step's module name at run time is the start of its name that it shares with the
/// chapter's other versions of the app.
@Suite struct AppModuleNameTests {
    static let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    @Test("The book's apps: every step of one app has that app's name, and different apps of a chapter keep theirs apart")
    func theBooksApps() throws {
        let catalog = try ChapterCatalog(root: Self.packageRoot.appendingPathComponent("Chapters"))
        var names: [String: Set<String>] = [:]
        for chapter in catalog.chapters {
            names[chapter.name] = Set(chapter.apps.map(\.moduleName))
        }
        #expect(names == [
            "tour": ["Tour"],
            "chapter24": ["Homepwner", "HypnoNerd", "SnapshotControl"],
            "coredata": ["Notebook", "Sightings"],
            "stages": ["Islands"],
            "finding": ["Herbarium"],
        ])
    }

    @Test("The rule, name by name", arguments: [
        ("Islands5RestorationClass", ["Islands1NoRestoration", "IslandsStarter"], "Islands"),
        ("IslandsGetterGotcha", ["Islands1NoRestoration"], "Islands"),
        ("Herbarium11Excluded", ["Herbarium11KeptByHand", "Herbarium12Views"], "Herbarium"),
        ("HypnoNerdStarter", ["HypnoNerdSolution", "Homepwner0Start"], "HypnoNerd"),
        ("Homepwner0Start", ["HypnoNerdSolution", "Homepwner1OptIn"], "Homepwner"),
        ("SnapshotControl", ["Homepwner0Start", "HypnoNerdStarter"], "SnapshotControl"),
        ("Tour1WithoutRestoration", [], "Tour"),
        ("Notes", ["Notebook"], "Notes"),
    ])
    func rule(app: String, others: [String], expected: String) {
        #expect(AppModuleName.of(app, among: [app] + others) == expected)
    }

    @Test("A shared library named as the apps' module stops the chapters from loading, naming the library and what to do")
    func libraryTakingTheName() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("module-name-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: root) }
        for folder in ["garden/Apps/Garden1Start", "garden/Apps/Garden2Restored", "garden/Shared/Garden"] {
            try FileManager.default.createDirectory(at: root.appendingPathComponent(folder), withIntermediateDirectories: true)
        }
        try Data("# Garden\n".utf8).write(to: root.appendingPathComponent("garden/chapter.md"))
        let error = try #require(throws: ChapterCatalogError.self) { try ChapterCatalog(root: root) }
        #expect(error.description == "\(root.path)/garden/Shared/Garden: this shared library is named Garden, the module name Garden1Start's classes carry at run time (the start of the name it shares with the chapter's other apps); expected a library name of its own, such as GardenModel")
    }
}
