import Captures
import Foundation
import Scenarios
import Testing
@testable import Runner

/// `workbook new chapter NAME`: a chapter laid out as Chapters/README.md says, in the book's
/// contents, and names that could not be a chapter's refused with the reason.
@Suite struct NewChapterTests {
    func chaptersFolder(contents: String = "tour\n") throws -> URL {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("new-chapter-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: root.appendingPathComponent("tour/Apps/Tour1WithoutRestoration"), withIntermediateDirectories: true)
        try Data("# A quick tour\n".utf8).write(to: root.appendingPathComponent("tour/chapter.md"))
        try Data(contents.utf8).write(to: root.appendingPathComponent("contents.txt"))
        return root
    }

    @Test func aNewChapterHasProseAnAppAndAScenarioAndComesLastInTheBook() throws {
        let root = try chaptersFolder()
        defer { try? FileManager.default.removeItem(at: root) }
        let scaffold = try ChapterScaffold(name: "state-basics", chapters: root)
        #expect(scaffold.app == "StateBasicsNotes")
        try scaffold.write(in: root)

        let catalog = try ChapterCatalog(root: root)
        #expect(catalog.chapters.map(\.name) == ["tour", "state-basics"])
        let chapter = try catalog.chapter(named: "state-basics")
        #expect(chapter.title == "State Basics")
        #expect(chapter.apps.map(\.name) == ["StateBasicsNotes"])
        #expect(chapter.apps[0].scenarios.map(\.lastPathComponent) == ["leave-and-come-back.scenario"])
        // Its one directive names the run its scenario makes.
        let prose = try String(contentsOf: chapter.folder.appendingPathComponent("chapter.md"), encoding: .utf8)
        #expect(prose.contains("```workbook\nrun: StateBasicsNotes/leave-and-come-back\n"))
        let scenario = try ScenarioParser.parse(bytes: Array(try Data(contentsOf: chapter.apps[0].scenarios[0])), file: "leave-and-come-back.scenario")
        #expect(scenario.steps.count > 4)
    }

    @Test func theContentsGetsItsOwnLineWhenTheLastHadNone() throws {
        let root = try chaptersFolder(contents: "tour")
        defer { try? FileManager.default.removeItem(at: root) }
        try ChapterScaffold(name: "navigation", chapters: root).write(in: root)
        #expect(try String(contentsOf: root.appendingPathComponent("contents.txt"), encoding: .utf8) == "tour\nnavigation\n")
    }

    @Test(arguments: ["State", "2-things", "state_basics", "state--basics", "state-", "", "../x", "état"])
    func aNameThatCannotBeAChaptersIsRefusedWithTheReason(name: String) throws {
        let root = try chaptersFolder()
        defer { try? FileManager.default.removeItem(at: root) }
        let problem = try #require(throws: ChapterScaffold.NameProblem.self) { try ChapterScaffold(name: name, chapters: root) }
        #expect(problem.description.contains("lowercase letters, digits and single hyphens"))
    }

    @Test func aChapterThatExistsIsNotOverwritten() throws {
        let root = try chaptersFolder()
        defer { try? FileManager.default.removeItem(at: root) }
        let problem = try #require(throws: ChapterScaffold.NameProblem.self) { try ChapterScaffold(name: "tour", chapters: root) }
        #expect(problem.description == "Chapters/tour already exists: choose another name, or edit that chapter")
    }

    @Test func anAppNameAnotherChapterHasIsRefused() throws {
        let root = try chaptersFolder()
        defer { try? FileManager.default.removeItem(at: root) }
        try FileManager.default.createDirectory(at: root.appendingPathComponent("tour/Apps/NavigationNotes"), withIntermediateDirectories: true)
        let problem = try #require(throws: ChapterScaffold.NameProblem.self) { try ChapterScaffold(name: "navigation", chapters: root) }
        #expect(problem.description.hasPrefix("the new chapter's app would be called NavigationNotes"))
        try FileManager.default.createDirectory(at: root.appendingPathComponent("tour/Shared/SecondNotes"), withIntermediateDirectories: true)
        #expect(throws: ChapterScaffold.NameProblem.self) { try ChapterScaffold(name: "second", chapters: root) }
    }
}
