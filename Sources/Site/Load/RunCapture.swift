import Captures
import Foundation
import RestorationModel

/// A scenario run's capture folder (Documentation/Captures.md), read for the site: the result,
/// the log, the screens and the archives.
struct RunCapture {
    struct CapturedScreen {
        /// The order in the run (`03` of `03-before-home.json`).
        var number: Int
        var moment: CapturedMoment
        var screen: Screen
    }

    let folder: URL
    let result: ScenarioResult
    let log: String
    let screens: [CapturedScreen]
    /// The archives written, in order (`archives/NN-data.data`).
    let archives: [URL]

    /// Reads a capture; `nil` when the folder has no result (never run, or run and removed).
    static func read(_ folder: URL) throws -> RunCapture? {
        let files = FileManager.default
        guard let resultData = files.contents(atPath: folder.appendingPathComponent("result.json").path) else { return nil }
        struct Version: Decodable { var schema: Int? }
        let version = (try? JSONDecoder().decode(Version.self, from: resultData))?.schema
        guard version == ScenarioResult.schemaVersion else {
            throw SiteError("\(folder.path)/result.json is in an older shape (schema \(version.map(String.init) ?? "1"), this workbook reads \(ScenarioResult.schemaVersion)); run its chapter again with `workbook run --fresh`")
        }
        let result = try JSONDecoder().decode(ScenarioResult.self, from: resultData)
        let log = (try? String(contentsOf: folder.appendingPathComponent("log.txt"), encoding: .utf8)) ?? ""
        let screenFolder = folder.appendingPathComponent("screens")
        var screens: [CapturedScreen] = []
        for name in ((try? files.contentsOfDirectory(atPath: screenFolder.path)) ?? []).sorted() where name.hasSuffix(".json") {
            guard let parsed = CapturedScreenName(fileName: name, extension: "json"),
                  let data = files.contents(atPath: screenFolder.appendingPathComponent(name).path) else { continue }
            let screen = try JSONDecoder().decode(Screen.self, from: data)
            screens.append(CapturedScreen(number: parsed.number, moment: parsed.moment, screen: screen))
        }
        let archiveFolder = folder.appendingPathComponent("archives")
        let archives = ((try? files.contentsOfDirectory(atPath: archiveFolder.path)) ?? [])
            .filter { $0.hasSuffix("-data.data") }.sorted()
            .map { archiveFolder.appendingPathComponent($0) }
        return RunCapture(folder: folder, result: result, log: log, screens: screens, archives: archives)
    }

    /// The last screen of a moment: the run's final one before Home, shown at launch, after launch.
    func last(_ moment: CapturedMoment) -> CapturedScreen? {
        screens.last { $0.moment == moment }
    }
}
