import Foundation
@testable import Runner
import Scenarios
import Testing
import TestSupport

/// DESIGN.md, "Determinism": the same run writes the same bytes, so captures can be cached,
/// compared and published. Core Data's identifiers (a store's UUID, a temporary ID's) come from
/// the launch's seed, so the object URIs an archive and a page show are the same at every run;
/// and every launch hashes with the same seed, so the keyed archives an app makes itself
/// (dictionaries and sets inside an `NSCoding` object, an archiver of records) repeat too.
struct ReproducibleRunTests {
    static func archives(_ chapter: String, _ app: String, _ scenario: String) throws -> [Data] {
        let file = ChapterScenarioTests.packageRoot.appendingPathComponent("Chapters/\(chapter)/Scenarios/\(app)/\(scenario).scenario")
        let parsed = try ScenarioParser.parse(try String(contentsOf: file, encoding: .utf8), file: file.lastPathComponent)
        let container = FileManager.default.temporaryDirectory.appendingPathComponent("reproducible-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: container) }
        let run = ScenarioRun(scenario: parsed, appName: app, executable: try BuiltProducts.executable(app), containerURL: container)
        #expect(run.run().passed)
        return run.capture.archives
    }

    @Test("A record's URI in the archive is the same at every run: the store's UUID and a temporary ID's are drawn from the launch's seed",
          arguments: ["open-a-sighting", "new-sighting"])
    func objectURIsRepeat(_ scenario: String) throws {
        let first = try Self.archives("coredata", "Sightings2ObjectURI", scenario)
        let second = try Self.archives("coredata", "Sightings2ObjectURI", scenario)
        try #require(!first.isEmpty)
        #expect(first.allSatisfy { String(decoding: $0, as: UTF8.self).contains("x-coredata:/") }, "the archive holds no object URI")
        #expect(first == second, "the archives differ between two runs of \(scenario)")
    }

    @Test("Keyed archives an app makes repeat to the byte from run to run: an NSCoding object holding a set (finding) and an archiver of records (coredata)",
          arguments: [("finding", "Herbarium13Coder", "sheet"), ("finding", "Herbarium13Coder", "compared"),
                      ("coredata", "Sightings4RecordArchiver", "open-a-sighting"), ("coredata", "Sightings4RecordArchiver", "arrange-the-list")])
    func keyedArchivesRepeat(_ chapter: String, _ app: String, _ scenario: String) throws {
        let first = try Self.archives(chapter, app, scenario)
        let second = try Self.archives(chapter, app, scenario)
        try #require(!first.isEmpty)
        #expect(first.contains { $0.range(of: Data("NSKeyedArchiver".utf8)) != nil }, "the archive holds no keyed archive")
        #expect(first == second, "the archives of \(app) differ between two runs of \(scenario)")
    }
}
