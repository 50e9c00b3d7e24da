import Foundation
import Testing
@testable import Runner

/// `workbook run` stops at a scenario no app would run, as `workbook build` does, before it
/// builds or reuses anything: a run that passed without it would tell the author the chapter
/// was checked by a scenario that never ran.
@Suite struct StrayScenarioTests {
    @Test func aScenarioFolderNamedAfterNoAppStopsTheRunNamingTheFolderAndTheClosestApp() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("stray-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: root) }
        let chapter = root.appendingPathComponent("Chapters/demo")
        for folder in ["Apps/Demo1Next", "Scenarios/Demo1Next", "Scenarios/Demo1Nxt"] {
            try FileManager.default.createDirectory(at: chapter.appendingPathComponent(folder), withIntermediateDirectories: true)
        }
        try Data("# Demo\n".utf8).write(to: chapter.appendingPathComponent("chapter.md"))
        try Data("demo\n".utf8).write(to: root.appendingPathComponent("Chapters/contents.txt"))
        let scenario = Data("scenario \"Go\"\nlaunch\n".utf8)
        try scenario.write(to: chapter.appendingPathComponent("Scenarios/Demo1Next/go.scenario"))
        try scenario.write(to: chapter.appendingPathComponent("Scenarios/Demo1Nxt/typo.scenario"))
        try scenario.write(to: chapter.appendingPathComponent("Scenarios/loose.scenario"))

        let runner = try ChapterRunner(packageRoot: root)
        var events = 0
        let error = try #require(throws: RunnerError.self) { try runner.run(.init(chapter: "demo")) { _ in events += 1 } }
        #expect(events == 0, "nothing was built or run")
        guard case .scenarios(let problems) = error else { Issue.record("\(error)"); return }
        #expect(problems.count == 2)
        #expect(problems.first?.hasPrefix(#"Chapters/demo/Scenarios/Demo1Nxt: there is no app "Demo1Nxt" in Chapters/demo/Apps. Did you mean Demo1Next?"#) == true, "\(problems)")
        #expect(problems.last?.hasPrefix("Chapters/demo/Scenarios/loose.scenario:1: this scenario is in no app's folder") == true, "\(problems)")
    }
}
