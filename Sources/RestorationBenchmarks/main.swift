import ArgumentParser
import BinaryPropertyList
import Foundation
import RestorationKit

// Preserves and restores a tree of controllers and a table of many selected rows, and archives
// the same per-object state with NSKeyedArchiver in the same run. Each round measures a tenth of
// the size and the whole back to back, so that how the cost grows is judged on times taken
// moments apart, and the median over the rounds is reported.
//
//   swift run -c release RestorationBenchmarks [--controllers 10000] [--rows 100000] [--repeat 5] [--json]

struct Options: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "RestorationBenchmarks",
        abstract: "Preserves and restores a tree of controllers and a table of selected rows, against NSKeyedArchiver writing the same state.",
        discussion: "Each round measures a tenth of the size and the whole back to back; medians over the rounds are printed, with the targets of issue #33.")

    @Option(help: "How many view controllers the tree holds.")
    var controllers = 10_000
    @Option(help: "How many selected rows the table holds.")
    var rows = 100_000
    @Option(name: .customLong("repeat"), help: "How many rounds; medians are printed.")
    var rounds = 5
    @Option(help: "In how many of the rounds NSKeyedArchiver writes the same state (it takes seconds at the full size); 0 leaves it out, for profiling.")
    var anchorRounds = 3
    @Flag(help: "Print the figures as JSON.")
    var json = false

    func validate() throws {
        for (name, value) in [("--controllers", controllers), ("--rows", rows), ("--repeat", rounds)] where value <= 0 {
            throw ValidationError("\(name) takes a positive whole number")
        }
        guard anchorRounds >= 0 else { throw ValidationError("--anchor-rounds takes a whole number, 0 or more") }
    }
}

struct BenchmarkError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}

/// One size, one round: the times of one preservation and one restoration, and of the archive
/// written again alone and by NSKeyedArchiver.
struct RoundResult {
    var preserve: Timing
    var encodeAndWrite: Timing
    var keyedArchiver: Timing?
    var restore: Timing
    var archiveBytes: Int
    var keyedArchiveBytes: Int?
}

/// Builds the user's state at one size, presses Home (preservation), writes the archive again
/// alone, has NSKeyedArchiver write the same state when asked, and relaunches (restoration).
func measureRound(_ shape: BenchmarkShape.Size, anchor: Bool) throws -> RoundResult {
    BenchmarkShape.size = shape
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("restoration-benchmark-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: folder) }
    let configuration = LaunchConfiguration(containerURL: folder, bundleIdentifier: "com.example.Benchmark",
                                            clockStart: Date(timeIntervalSince1970: 1_795_338_000), randomSeed: 1)

    var host: ApplicationHost? = ApplicationHost(delegateType: BenchmarkAppDelegate.self, configuration: configuration)
    host!.launch()
    (host!.delegate as! BenchmarkAppDelegate).buildUserState()
    let preserve = Timing.of { host!.pressHome() }
    guard let archive = host!.lastArchive else { throw BenchmarkError("the benchmark app wrote no archive") }
    host = nil // the kill: what the next launch has is what was written

    var archiveBytes = 0
    let ours = folder.appendingPathComponent("ours.data")
    let encodeAndWrite = try Timing.of {
        let data = archive.encoded()
        archiveBytes = data.count
        try data.write(to: ours, options: .atomic)
    }

    var keyed: Timing?
    var keyedBytes: Int?
    if anchor {
        let foundationState = KeyedArchiverAnchor.rootObject(for: archive)
        keyed = try Timing.of { keyedBytes = try KeyedArchiverAnchor.write(foundationState, to: folder.appendingPathComponent("keyed.data")) }
    }

    let relaunch = ApplicationHost(delegateType: BenchmarkAppDelegate.self, configuration: configuration)
    let restore = Timing.of { relaunch.launch() }
    guard relaunch.restorationReport.outcome == .restored, relaunch.restorationReport.restoredPaths.count == archive.entries.count else {
        throw BenchmarkError("restoration brought back \(relaunch.restorationReport.restoredPaths.count) of \(archive.entries.count) objects: \(relaunch.restorationReport.dropped.prefix(3))")
    }
    return RoundResult(preserve: preserve, encodeAndWrite: encodeAndWrite, keyedArchiver: keyed, restore: restore,
                       archiveBytes: archiveBytes, keyedArchiveBytes: keyedBytes)
}

/// What one size measured over all rounds.
struct SizeResult: Codable {
    var controllers: Int
    var rows: Int
    var preserveMilliseconds: Double
    var preserveCPUMilliseconds: Double
    var encodeAndWriteMilliseconds: Double
    var keyedArchiverMilliseconds: Double
    var restoreMilliseconds: Double
    var restoreCPUMilliseconds: Double
    var archiveBytes: Int
    var keyedArchiveBytes: Int
    var speedupOverKeyedArchiver: Double { keyedArchiverMilliseconds / preserveMilliseconds }

    init(_ size: BenchmarkShape.Size, _ rounds: [RoundResult]) {
        controllers = size.controllerCount
        rows = size.rows
        preserveMilliseconds = median(rounds.map(\.preserve.milliseconds))
        preserveCPUMilliseconds = median(rounds.map(\.preserve.cpuMilliseconds))
        encodeAndWriteMilliseconds = median(rounds.map(\.encodeAndWrite.milliseconds))
        keyedArchiverMilliseconds = median(rounds.compactMap(\.keyedArchiver?.milliseconds))
        restoreMilliseconds = median(rounds.map(\.restore.milliseconds))
        restoreCPUMilliseconds = median(rounds.map(\.restore.cpuMilliseconds))
        archiveBytes = rounds.last?.archiveBytes ?? 0
        keyedArchiveBytes = rounds.compactMap(\.keyedArchiveBytes).last ?? 0
    }
}

/// The targets of issue #33, each checked against what this run measured.
struct Targets: Codable {
    /// The archive written at least this many times faster than NSKeyedArchiver writes the same state.
    static let speedup = 30.0
    /// Preservation and restoration of 10,000 controllers (the default size) under these.
    static let preserveMilliseconds = 100.0
    static let restoreMilliseconds = 150.0
    /// Ten times the objects cost at most this many times the time.
    static let growth = 10.0

    var speedupMet: Bool
    /// `nil` at another size than the default, for which the times were not set.
    var preserveMet: Bool?
    var restoreMet: Bool?
    var growthMet: Bool
}

do {
    let options = Options.parseOrExit()
    let tenth = BenchmarkShape.Size(controllers: options.controllers / 10, rows: options.rows / 10)
    let whole = BenchmarkShape.Size(controllers: options.controllers, rows: options.rows)
    var tenthRounds: [RoundResult] = [], wholeRounds: [RoundResult] = []
    for round in 0..<options.rounds {
        if !options.json { FileHandle.standardError.write(Data("Round \(round + 1) of \(options.rounds)…\n".utf8)) }
        // NSKeyedArchiver takes seconds at the full size: in the first rounds only.
        let anchor = round < options.anchorRounds
        tenthRounds.append(try measureRound(tenth, anchor: anchor))
        wholeRounds.append(try measureRound(whole, anchor: anchor))
    }
    let small = SizeResult(tenth, tenthRounds), full = SizeResult(whole, wholeRounds)
    // Each round's two sizes were measured moments apart: the median of the rounds' ratios is
    // what one busy moment cannot decide.
    let preserveGrowth = median(zip(wholeRounds, tenthRounds).map { $0.preserve.milliseconds / $1.preserve.milliseconds })
    let restoreGrowth = median(zip(wholeRounds, tenthRounds).map { $0.restore.milliseconds / $1.restore.milliseconds })
    let isDefaultSize = options.controllers == 10_000 && options.rows == 100_000
    let targets = Targets(
        speedupMet: full.speedupOverKeyedArchiver >= Targets.speedup,
        preserveMet: isDefaultSize ? full.preserveMilliseconds < Targets.preserveMilliseconds : nil,
        restoreMet: isDefaultSize ? full.restoreMilliseconds < Targets.restoreMilliseconds : nil,
        growthMet: max(preserveGrowth, restoreGrowth) <= Targets.growth)

    if options.json {
        struct Report: Codable {
            var rounds: Int
            var tenth: SizeResult
            var full: SizeResult
            var preserveGrowth: Double
            var restoreGrowth: Double
            var targets: Targets
        }
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        let report = Report(rounds: options.rounds, tenth: small, full: full, preserveGrowth: preserveGrowth, restoreGrowth: restoreGrowth, targets: targets)
        print(String(decoding: try encoder.encode(report), as: UTF8.self))
    } else {
        print("median of \(options.rounds) rounds (NSKeyedArchiver: \(min(options.anchorRounds, options.rounds))); processor time in brackets\n")
        print("size    controllers  rows     preserve (walk+encode+write)  encode+write  NSKeyedArchiver  speed-up  restore           archive     keyed archive")
        for (name, result) in [("tenth", small), ("full", full)] {
            print(name.padding(toLength: 8, withPad: " ", startingAt: 0)
                + String(result.controllers).padding(toLength: 13, withPad: " ", startingAt: 0)
                + String(result.rows).padding(toLength: 9, withPad: " ", startingAt: 0)
                + "\(milliseconds(result.preserveMilliseconds)) (\(milliseconds(result.preserveCPUMilliseconds)))".padding(toLength: 30, withPad: " ", startingAt: 0)
                + milliseconds(result.encodeAndWriteMilliseconds).padding(toLength: 14, withPad: " ", startingAt: 0)
                + milliseconds(result.keyedArchiverMilliseconds).padding(toLength: 17, withPad: " ", startingAt: 0)
                + String(format: "%.1fx", result.speedupOverKeyedArchiver).padding(toLength: 10, withPad: " ", startingAt: 0)
                + "\(milliseconds(result.restoreMilliseconds)) (\(milliseconds(result.restoreCPUMilliseconds)))".padding(toLength: 18, withPad: " ", startingAt: 0)
                + "\(result.archiveBytes / 1024) KiB".padding(toLength: 12, withPad: " ", startingAt: 0)
                + "\(result.keyedArchiveBytes / 1024) KiB")
        }
        func verdict(_ met: Bool?) -> String { met.map { $0 ? "met" : "MISSED" } ?? "(set for 10,000 controllers and 100,000 rows)" }
        print("")
        print(String(format: "our archive written %.1fx faster than NSKeyedArchiver writes the same state (target: at least %.0fx) %@",
                     full.speedupOverKeyedArchiver, Targets.speedup, verdict(targets.speedupMet)))
        print(String(format: "preservation of %d controllers: %@ (target: under %.0f ms) %@",
                     full.controllers, milliseconds(full.preserveMilliseconds), Targets.preserveMilliseconds, verdict(targets.preserveMet)))
        print(String(format: "restoration of %d controllers: %@ (target: under %.0f ms) %@",
                     full.controllers, milliseconds(full.restoreMilliseconds), Targets.restoreMilliseconds, verdict(targets.restoreMet)))
        print(String(format: "10x the objects: preservation took %.1fx the time, restoration %.1fx (median of each round's ratio; target: at most %.0fx) %@",
                     preserveGrowth, restoreGrowth, Targets.growth, verdict(targets.growthMet)))
    }
} catch {
    FileHandle.standardError.write(Data("RestorationBenchmarks: \(error)\n".utf8))
    exit(1)
}
