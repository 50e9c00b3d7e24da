import Foundation
import Testing

/// `workbook run` and `list` with names that do not exist: status 1, and what does exist.
struct UnknownNameTests {
    @Test("A chapter, step or scenario that does not exist fails with status 1 and says what exists")
    func unknownNames() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().path
        let chapter = try workbook("run", "chapter2", "--root", root)
        #expect(chapter.status == 1)
        #expect(chapter.errors.contains("there is no chapter \"chapter2\". Did you mean chapter24?"))
        let scenario = try workbook("run", "tour", "--scenario", "nope", "--root", root)
        #expect(scenario.status == 1)
        #expect(scenario.errors.contains("scenarios: force-quit, leave-and-come-back"))
        #expect(try workbook("list", "--root", "/nonexistent").status == 1)
    }
}
