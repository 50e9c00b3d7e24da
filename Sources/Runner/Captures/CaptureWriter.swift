import Captures
import Foundation
import RestorationModel

/// Writes a scenario run's capture: one folder, plain files, the same bytes on every machine.
///
///     result.json            each step's outcome, the state lost, flicker, the workbook's
///                            explanation (causes and notes)
///     log.txt                the engine's log, by launch: only lines a device prints (UIKit's
///                            warnings and restoration lines)
///     output.txt             what the app printed to standard error (crash messages included)
///     events.txt             each step as it was carried out
///     screens/NN-MOMENT.json every screen that matters, as data (and .txt, drawn)
///     archives/NN-data.data  each archive written, in order
///     inputs.txt             the fingerprint of what produced the capture (for reuse), then
///                            `app ` and the fingerprint of the app's own inputs (its build)
///
/// The folder is written whole beside its place and then swapped in (`CaptureSwap`), so a reader
/// at the same moment (the site build, a second run) sees the old capture or the new one, never
/// one half written.
enum CaptureWriter {
    static func write(_ capture: Capture, result: ScenarioResult, fingerprint: String, appFingerprint: String? = nil, to folder: URL) throws {
        let staging = CaptureSwap.stagingFolder(for: folder)
        do {
            try writeFiles(capture, result: result, inputs: [fingerprint] + (appFingerprint.map { ["app " + $0] } ?? []), to: staging)
            try CaptureSwap.replace(folder, with: staging)
        } catch {
            try? FileManager.default.removeItem(at: staging)
            throw error
        }
    }

    private static func writeFiles(_ capture: Capture, result: ScenarioResult, inputs: [String], to folder: URL) throws {
        let files = FileManager.default
        try files.createDirectory(at: folder.appendingPathComponent("screens"), withIntermediateDirectories: true)
        try files.createDirectory(at: folder.appendingPathComponent("archives"), withIntermediateDirectories: true)

        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        try encoder.encode(result).write(to: folder.appendingPathComponent("result.json"))
        try text(capture.log).write(to: folder.appendingPathComponent("log.txt"))
        try text(capture.output).write(to: folder.appendingPathComponent("output.txt"))
        try text(capture.events).write(to: folder.appendingPathComponent("events.txt"))
        for (index, entry) in capture.screens.enumerated() {
            let name = CapturedScreenName(number: index + 1, moment: entry.moment)
            try encoder.encode(entry.screen).write(to: folder.appendingPathComponent("screens/" + name.fileName(extension: "json")))
            try text([entry.screen.drawing()]).write(to: folder.appendingPathComponent("screens/" + name.fileName(extension: "txt")))
        }
        for (index, archive) in capture.archives.enumerated() {
            try archive.write(to: folder.appendingPathComponent(String(format: "archives/%02d-data.data", index + 1)))
        }
        try text(inputs).write(to: folder.appendingPathComponent("inputs.txt"))
    }

    /// The result of an earlier run, if its capture was made from the same inputs.
    static func reusableResult(in folder: URL, fingerprint: String) -> ScenarioResult? {
        guard let recorded = try? String(contentsOf: folder.appendingPathComponent("inputs.txt"), encoding: .utf8),
              recorded.split(separator: "\n").first.map({ $0.trimmingCharacters(in: .whitespaces) }) == fingerprint,
              let data = FileManager.default.contents(atPath: folder.appendingPathComponent("result.json").path) else { return nil }
        guard let result = try? JSONDecoder().decode(ScenarioResult.self, from: data), result.schema == ScenarioResult.schemaVersion else { return nil }
        return result
    }

    /// When a capture was written, if it was made by a build of its app from these inputs: the
    /// app's executable, unchanged since then, is that build.
    static func written(in folder: URL, byAppBuiltFrom appFingerprint: String) -> Date? {
        let inputs = folder.appendingPathComponent("inputs.txt")
        guard let recorded = try? String(contentsOf: inputs, encoding: .utf8),
              recorded.split(separator: "\n").contains(where: { $0 == "app " + appFingerprint }) else { return nil }
        return (try? FileManager.default.attributesOfItem(atPath: inputs.path))?[.modificationDate] as? Date
    }

    private static func text(_ lines: [String]) -> Data {
        Data((lines.joined(separator: "\n") + (lines.isEmpty ? "" : "\n")).utf8)
    }
}
