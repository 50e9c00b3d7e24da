import ArgumentParser
import BinaryPropertyList
import Foundation
import RestorationKit

// Preserves and restores a tree of controllers and a table of many selected rows, and archives
// the same per-object state with NSKeyedArchiver in the same run. Two sizes, a tenth and the
// whole, show how the cost grows.
//
//   swift run -c release RestorationBenchmarks [--controllers 10000] [--rows 100000] [--repeat 3] [--json]

struct Options: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "RestorationBenchmarks",
        abstract: "Preserves and restores a tree of controllers and a table of selected rows, against NSKeyedArchiver writing the same state.",
        discussion: "Measures a tenth of the size and the whole, to show how the cost grows.")

    @Option(help: "How many view controllers the tree holds.")
    var controllers = 10_000
    @Option(help: "How many selected rows the table holds.")
    var rows = 100_000
    @Option(name: .customLong("repeat"), help: "How many runs of each measurement; the median is printed.")
    var repetitions = 3
    @Flag(help: "Print the figures as JSON.")
    var json = false

    func validate() throws {
        for (name, value) in [("--controllers", controllers), ("--rows", rows), ("--repeat", repetitions)] where value <= 0 {
            throw ValidationError("\(name) takes a positive whole number")
        }
    }
}

struct BenchmarkError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}

struct SizeResult: Codable {
    var controllers: Int
    var rows: Int
    var preserveMilliseconds: Double
    var encodeAndWriteMilliseconds: Double
    var keyedArchiverMilliseconds: Double
    var restoreMilliseconds: Double
    var archiveBytes: Int
    var keyedArchiveBytes: Int
    var speedupOverKeyedArchiver: Double { keyedArchiverMilliseconds / preserveMilliseconds }
}

func measure(stacks: Int, pagesPerStack: Int, rows: Int, repetitions: Int) throws -> SizeResult {
    BenchmarkShape.stacks = stacks
    BenchmarkShape.pagesPerStack = pagesPerStack
    BenchmarkShape.rows = rows
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("restoration-benchmark-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: folder) }
    let configuration = LaunchConfiguration(containerURL: folder, bundleIdentifier: "com.example.Benchmark",
                                            clockStart: Date(timeIntervalSince1970: 1_795_338_000), randomSeed: 1)

    var host: ApplicationHost? = ApplicationHost(delegateType: BenchmarkAppDelegate.self, configuration: configuration)
    host!.launch()
    (host!.delegate as! BenchmarkAppDelegate).buildUserState()

    var preserve = Measurement()
    for _ in 0..<repetitions {
        preserve.time { host!.pressHome() }
        host!.returnToForeground()
    }
    guard let archive = host!.lastArchive else { throw BenchmarkError("the benchmark app wrote no archive") }
    host = nil

    var encodeAndWrite = Measurement()
    var archiveBytes = 0
    let ours = folder.appendingPathComponent("ours.data")
    for _ in 0..<repetitions {
        try encodeAndWrite.time {
            let data = BinaryPropertyList.encode(archive.propertyList)
            archiveBytes = data.count
            try data.write(to: ours, options: .atomic)
        }
    }

    let foundationState = KeyedArchiverAnchor.rootObject(for: archive)
    var keyed = Measurement()
    var keyedBytes = 0
    for _ in 0..<repetitions {
        keyedBytes = try keyed.time { try KeyedArchiverAnchor.write(foundationState, to: folder.appendingPathComponent("keyed.data")) }
    }

    var restore = Measurement()
    for _ in 0..<repetitions {
        let relaunch = ApplicationHost(delegateType: BenchmarkAppDelegate.self, configuration: configuration)
        restore.time { relaunch.launch() }
        guard relaunch.restorationReport.outcome == .restored, relaunch.restorationReport.restoredPaths.count == archive.entries.count else {
            throw BenchmarkError("restoration brought back \(relaunch.restorationReport.restoredPaths.count) of \(archive.entries.count) objects: \(relaunch.restorationReport.dropped.prefix(3))")
        }
    }
    return SizeResult(controllers: BenchmarkShape.controllerCount, rows: rows,
                      preserveMilliseconds: preserve.median, encodeAndWriteMilliseconds: encodeAndWrite.median,
                      keyedArchiverMilliseconds: keyed.median, restoreMilliseconds: restore.median,
                      archiveBytes: archiveBytes, keyedArchiveBytes: keyedBytes)
}

do {
    let options = Options.parseOrExit()
    // Shape the tree as 100 stacks (or fewer for small runs) of pages.
    func shape(_ controllers: Int) -> (stacks: Int, pages: Int) {
        let stacks = max(1, min(100, controllers / 100))
        return (stacks, max(1, controllers / stacks - 1))
    }
    let small = shape(options.controllers / 10), large = shape(options.controllers)
    if !options.json { FileHandle.standardError.write(Data("Measuring a tenth of the size…\n".utf8)) }
    let tenth = try measure(stacks: small.stacks, pagesPerStack: small.pages, rows: options.rows / 10, repetitions: options.repetitions)
    if !options.json { FileHandle.standardError.write(Data("Measuring the full size…\n".utf8)) }
    let full = try measure(stacks: large.stacks, pagesPerStack: large.pages, rows: options.rows, repetitions: options.repetitions)
    let preserveGrowth = full.preserveMilliseconds / tenth.preserveMilliseconds
    let restoreGrowth = full.restoreMilliseconds / tenth.restoreMilliseconds

    if options.json {
        struct Report: Codable { var tenth: SizeResult; var full: SizeResult; var preserveGrowth: Double; var restoreGrowth: Double }
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        print(String(decoding: try encoder.encode(Report(tenth: tenth, full: full, preserveGrowth: preserveGrowth, restoreGrowth: restoreGrowth)), as: UTF8.self))
    } else {
        print("median of \(options.repetitions) runs each\n")
        print("size    controllers  rows     preserve (walk+encode+write)  encode+write  NSKeyedArchiver  speed-up  restore    archive     keyed archive")
        for (name, result) in [("tenth", tenth), ("full", full)] {
            print(name.padding(toLength: 8, withPad: " ", startingAt: 0)
                + String(result.controllers).padding(toLength: 13, withPad: " ", startingAt: 0)
                + String(result.rows).padding(toLength: 9, withPad: " ", startingAt: 0)
                + milliseconds(result.preserveMilliseconds).padding(toLength: 30, withPad: " ", startingAt: 0)
                + milliseconds(result.encodeAndWriteMilliseconds).padding(toLength: 14, withPad: " ", startingAt: 0)
                + milliseconds(result.keyedArchiverMilliseconds).padding(toLength: 17, withPad: " ", startingAt: 0)
                + String(format: "%.1fx", result.speedupOverKeyedArchiver).padding(toLength: 10, withPad: " ", startingAt: 0)
                + milliseconds(result.restoreMilliseconds).padding(toLength: 11, withPad: " ", startingAt: 0)
                + "\(result.archiveBytes / 1024) KiB".padding(toLength: 12, withPad: " ", startingAt: 0)
                + "\(result.keyedArchiveBytes / 1024) KiB")
        }
        print("")
        print(String(format: "our archive written %.1fx faster than NSKeyedArchiver writes the same state (target: at least 3x) %@",
                     full.speedupOverKeyedArchiver, full.speedupOverKeyedArchiver >= 3 ? "met" : "MISSED"))
        print(String(format: "10x the objects: preservation took %.1fx the time, restoration %.1fx (target: within 12x) %@",
                     preserveGrowth, restoreGrowth, max(preserveGrowth, restoreGrowth) <= 12 ? "met" : "MISSED"))
    }
} catch {
    FileHandle.standardError.write(Data("RestorationBenchmarks: \(error)\n".utf8))
    exit(1)
}
