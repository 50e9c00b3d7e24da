import Foundation
import Testing

/// Names and paths a person typed that name nothing: status 64 (a usage error, never 1, which
/// means the work ran and found a failure), the closest name that exists, and what does exist.
struct UnknownNameTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().path

    @Test("Each unknown name exits 64 and says what was meant and what exists", arguments: [
        (["run", "chapter2"], "there is no chapter \"chapter2\". Did you mean chapter24? Chapters: tour, chapter24, coredata, stages, finding."),
        (["run", "tour", "--step", "Tuor1"], "there is no step \"Tuor1\" in tour."),
        (["run", "tour", "--scenario", "forcequit"], "there is no scenario \"forcequit\" in tour. Did you mean force-quit? Scenarios: force-quit, leave-and-come-back."),
        (["run", "tour", "--step", "Tour1", "--scenario-file", "/no/such.scenario"], "/no/such.scenario: cannot read the scenario file"),
        (["play", "Tuor1WithoutRestoration"], "there is no app \"Tuor1WithoutRestoration\". Did you mean Tour1WithoutRestoration?"),
        (["exercise", "start", "hypnonrd"], "there is no exercise \"hypnonrd\". Did you mean hypnonerd?"),
        (["check", "hypnonerd", "/no/such/folder"], "there is no folder or file at /no/such/folder"),
        (["grade", "hypnonerd", "--shard", "3/2", "x"], "--shard 3/2: the part must be between 1 and 2"),
        (["check", "hypnonerd", "a", "b"], "check takes one folder; to grade a class, run `workbook grade hypnonerd a b`."),
        (["export", "pdf", "hypnonerd"], "Please provide one of 'gradescope', 'github-classroom', 'prairielearn' or 'github-actions'"),
        (["rnu", "tour"], "there is no command \"rnu\". Did you mean run?"),
        (["exercise", "strat", "hypnonerd"], "there is no command \"strat\" in workbook exercise. Did you mean start?"),
    ])
    func unknownName(_ arguments: [String], _ says: String) throws {
        let run = try workbook(arguments: arguments + (arguments.first == "rnu" || arguments.contains("strat") ? [] : ["--root", Self.root]))
        #expect(run.status == 64, "\(arguments): \(run.errors)")
        #expect(run.errors.contains(says), "\(arguments) said: \(run.errors)")
        #expect(run.output.isEmpty)
    }

    @Test("A workbook folder that is not one fails the work with status 1, naming it")
    func notAWorkbook() throws {
        let run = try workbook("list", "--root", "/nonexistent")
        #expect(run.status == 1)
        #expect(run.errors.contains("/nonexistent"))
    }
}
