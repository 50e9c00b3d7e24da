import ArgumentParser
import Foundation
import Runner
import Scenarios

// One restoration cycle (launch, an action, Home, kill, relaunch, restore) through real
// processes, against a bare spawn and exit of the same app binary in the same run, the two
// taken in turns so that a busy moment weighs on both alike; then a whole chapter run once its
// apps are built.
//
//   swift run -c release RunnerBenchmarks [--repeat 15] [--chapter tour]

struct Options: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "RunnerBenchmarks",
        abstract: "A restoration cycle through real processes against a bare spawn of the same app, then a whole chapter run.",
        discussion: "Run from the workbook's folder: it builds Tour2WithRestoration and the chapter's apps there.")

    @Option(name: .customLong("repeat"), help: "How many cycles and bare spawns; the median is printed.")
    var repetitions = 15
    @Option(help: "The chapter run fresh, then again with nothing changed.")
    var chapter = "tour"

    func validate() throws {
        guard repetitions > 0 else { throw ValidationError("--repeat takes a positive whole number") }
    }
}

let options = Options.parseOrExit()
/// Issue #33: a cycle of two launches costs at most this many bare launches (two are the floor).
let cycleTarget = 2.3
let repetitions = options.repetitions, chapter = options.chapter

func median(_ samples: [Double]) -> Double {
    let sorted = samples.sorted()
    return sorted.isEmpty ? .nan : sorted[sorted.count / 2]
}

func milliseconds(since start: UInt64) -> Double {
    Double(DispatchTime.now().uptimeNanoseconds - start) / 1_000_000
}

do {
    let root = URL(fileURLWithPath: FileManager.default.currentDirectoryPath)
    let app = "Tour2WithRestoration"
    FileHandle.standardError.write(Data("Building \(app)…\n".utf8))
    guard let binary = try AppBuilder(packageRoot: root).build([app])[app] else { exit(1) }

    // The cycle, with `expect restored` proving the state came back.
    let scenario = try ScenarioParser.parse("""
        launch
        tap tab "Second"
        press home
        kill
        launch
        expect restored
        """, file: "cycle.scenario")
    var bare: [Double] = [], cycles: [Double] = []
    for _ in 0..<repetitions {
        // The anchor: the app is spawned as the runner spawns it, launches (nothing to restore),
        // finds no commands and exits.
        let bareContainer = FileManager.default.temporaryDirectory.appendingPathComponent("bench-bare-\(UUID().uuidString)")
        let bareStart = DispatchTime.now().uptimeNanoseconds
        try spawnAndWaitForExit(binary, environment: ["WORKBOOK_CONTAINER": bareContainer.path, "WORKBOOK_CLOCK": "2026-11-22T09:00:00Z", "WORKBOOK_SEED": "1"])
        bare.append(milliseconds(since: bareStart))
        try? FileManager.default.removeItem(at: bareContainer)

        let container = FileManager.default.temporaryDirectory.appendingPathComponent("bench-cycle-\(UUID().uuidString)")
        let start = DispatchTime.now().uptimeNanoseconds
        let result = ScenarioRun(scenario: scenario, appName: app, executable: binary, containerURL: container).run()
        cycles.append(milliseconds(since: start))
        try? FileManager.default.removeItem(at: container)
        guard result.passed else { throw BenchmarkError("the cycle did not restore: \(result.failures)") }
    }

    // A whole chapter, fresh, once built.
    let captures = FileManager.default.temporaryDirectory.appendingPathComponent("bench-captures-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: captures) }
    let runner = try ChapterRunner(packageRoot: root, capturesRoot: captures)
    _ = try runner.run(.init(chapter: chapter, fresh: true)) // builds what is missing
    let chapterStart = DispatchTime.now().uptimeNanoseconds
    let outcomes = try runner.run(.init(chapter: chapter, fresh: true))
    let chapterTime = milliseconds(since: chapterStart)
    let reuseStart = DispatchTime.now().uptimeNanoseconds
    _ = try runner.run(.init(chapter: chapter))
    let reuseTime = milliseconds(since: reuseStart)

    let ratio = median(cycles) / median(bare)
    print("median of \(repetitions) runs each")
    print(String(format: "bare spawn and exit of %@:                      %6.1f ms", app, median(bare)))
    print(String(format: "restoration cycle (launch, tap, Home, kill, relaunch, restore): %6.1f ms  (%.2fx the bare spawn; target within %.1fx) %@",
                 median(cycles), ratio, cycleTarget, ratio <= cycleTarget ? "met" : "MISSED"))
    print(String(format: "workbook run %@ (%d scenarios, apps built, fresh):   %6.0f ms", chapter, outcomes.count, chapterTime))
    print(String(format: "workbook run %@ again, nothing changed (captures reused): %6.0f ms", chapter, reuseTime))
} catch {
    FileHandle.standardError.write(Data("RunnerBenchmarks: \(error)\n".utf8))
    exit(1)
}

/// What stops a benchmark whose work did not do what it measures.
struct BenchmarkError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
