import Captures
import Foundation
import RestorationModel
import Scenarios
import WorkbookSupport

/// Runs a chapter's scenarios: picks them, builds the apps they need, runs each in a fresh
/// container, and writes a capture per scenario. A capture whose inputs did not change is
/// reused without building or running anything.
public final class ChapterRunner {
    public struct Request: Sendable {
        public var chapter: String
        /// An app of the chapter (a step), by name or by a part of its name.
        public var step: String?
        /// A scenario, by file name (without `.scenario`) or by its name.
        public var scenario: String?
        /// A scenario kept outside the chapter; it runs against `step`, or its `app` line.
        public var scenarioFile: URL?
        /// Run again even where a capture could be reused.
        public var fresh = false

        public init(chapter: String, step: String? = nil, scenario: String? = nil, scenarioFile: URL? = nil, fresh: Bool = false) {
            self.chapter = chapter
            self.step = step
            self.scenario = scenario
            self.scenarioFile = scenarioFile
            self.fresh = fresh
        }
    }

    /// One scenario's run, for people and tools.
    public struct Outcome: Sendable {
        public var app: String
        public var result: ScenarioResult
        public var capture: URL
        /// Whether an earlier capture was reused instead of running.
        public var reused: Bool
        public var milliseconds: Double
    }

    public enum Progress: Sendable {
        case building([String])
        /// What was done to the apps' code so that it compiles on Linux, one line each (PreparedChapterSources).
        case prepared([String])
        case buildOutput(String)
        case running(app: String, scenario: String)
        case finished(Outcome)
    }

    public let packageRoot: URL
    public let capturesRoot: URL
    public let catalog: ChapterCatalog

    public init(packageRoot: URL, capturesRoot: URL? = nil) throws {
        self.packageRoot = packageRoot
        self.capturesRoot = capturesRoot ?? packageRoot.appendingPathComponent("captures")
        self.catalog = try ChapterCatalog(root: packageRoot.appendingPathComponent("Chapters"))
    }

    public func run(_ request: Request, progress: (Progress) -> Void = { _ in }) throws -> [Outcome] {
        let chapter = try catalog.chapter(named: request.chapter)
        let stray = ChapterCatalog.strayScenarioProblems(of: chapter)
        guard stray.isEmpty else { throw RunnerError.scenarios(stray) }
        let planned = try plan(request, in: chapter)
        if request.step == nil, request.scenario == nil, request.scenarioFile == nil {
            StaleCaptures.remove(in: capturesRoot.appendingPathComponent(chapter.name), keeping: planned.map(\.captureFolder))
        }
        let toolchain = Toolchain.version

        // Work out which captures can be reused before building anything.
        var inputs = CaptureInputs(packageRoot: packageRoot, capturesRoot: capturesRoot)
        defer { inputs.save() }
        var pending: [(PlannedRun, String)] = []
        var outcomes: [Outcome] = []
        for run in planned {
            let fingerprint = inputs.fingerprint(scenarioSource: run.source, app: run.app, chapter: chapter, toolchain: toolchain)
            if !request.fresh, let result = CaptureWriter.reusableResult(in: run.captureFolder, fingerprint: fingerprint) {
                let outcome = Outcome(app: run.app.name, result: result, capture: run.captureFolder, reused: true, milliseconds: 0)
                outcomes.append(outcome)
                progress(.finished(outcome))
            } else {
                pending.append((run, fingerprint))
            }
        }
        guard !pending.isEmpty else { return outcomes }

        // An app whose executable is the one that made a capture from the same sources is not
        // handed to SwiftPM, which takes seconds to find it has nothing to do: a scenario's edit
        // runs at once.
        let builder = AppBuilder(packageRoot: packageRoot)
        var appFingerprints: [String: String] = [:]
        var executables: [String: URL] = [:]
        for app in Set(pending.map(\.0.app.name)) {
            let fingerprint = inputs.appFingerprint(of: pending.first { $0.0.app.name == app }!.0.app, in: chapter, toolchain: toolchain)
            appFingerprints[app] = fingerprint
            if !request.fresh, let executable = builtExecutable(of: app, from: fingerprint, builder: builder, in: chapter) {
                executables[app] = executable
            }
        }
        let products = Set(pending.map(\.0.app.name)).subtracting(executables.keys).sorted()
        if !products.isEmpty {
            progress(.building(products))
            let built = try builder.build(products, of: chapter.name, progress: { progress(.buildOutput($0)) }, prepared: { progress(.prepared($0)) })
            executables.merge(built) { _, built in built }
        }

        for (run, fingerprint) in pending {
            progress(.running(app: run.app.name, scenario: run.scenario.name))
            let started = DispatchTime.now().uptimeNanoseconds
            let container = TemporaryContainers.make()
            defer { TemporaryContainers.remove(container) }
            var settings = ScenarioRun.Settings()
            settings.infoPlist = run.app.infoPlist
            settings.moduleName = run.app.moduleName
            let scenarioRun = ScenarioRun(scenario: run.scenario, appName: run.app.name, executable: executables[run.app.name]!, containerURL: container, settings: settings)
            let result = scenarioRun.run()
            // A run cut short by Ctrl-C says nothing about the app: its capture would be reused
            // as if the app had failed. (The interruption is marked before any app is ended.)
            guard !Interruption.isUnderway else { throw RunnerError.interrupted }
            try CaptureWriter.write(scenarioRun.capture, result: result, fingerprint: fingerprint,
                                    appFingerprint: appFingerprints[run.app.name], to: run.captureFolder)
            let outcome = Outcome(app: run.app.name, result: result, capture: run.captureFolder, reused: false,
                                  milliseconds: Double(DispatchTime.now().uptimeNanoseconds - started) / 1_000_000)
            outcomes.append(outcome)
            progress(.finished(outcome))
        }
        let order = planned.map(\.captureFolder)
        return outcomes.sorted { order.firstIndex(of: $0.capture)! < order.firstIndex(of: $1.capture)! }
    }

    // MARK: Planning

    struct PlannedRun {
        var app: ChapterCatalog.App
        var scenario: Scenario
        var source: String
        var captureFolder: URL
    }

    private func plan(_ request: Request, in chapter: ChapterCatalog.Chapter) throws -> [PlannedRun] {
        let apps = try request.step.map { try self.apps(matching: $0, in: chapter) } ?? chapter.apps
        if let file = request.scenarioFile {
            let (scenario, source) = try Self.parse(file)
            let named = scenario.metadata.app.map { name in chapter.apps.filter { $0.name == name } }
            if named?.first == nil, let step = request.step, apps.count > 1 {
                throw RunnerError.ambiguousStep(chapter: chapter.name, step: step, apps: apps.map(\.name), file: file)
            }
            guard let app = named?.first ?? (request.step != nil ? apps.first : nil) else {
                throw RunnerError.noAppForScenario(file: file, apps: chapter.apps.map(\.name))
            }
            // Its own folder, so it never overwrites the capture of the app's scenario of that name.
            let folder = capturesRoot.appendingPathComponent("\(chapter.name)/\(app.name)/from-file-\(file.deletingPathExtension().lastPathComponent)")
            return [PlannedRun(app: app, scenario: scenario, source: source, captureFolder: folder)]
        }
        var runs: [PlannedRun] = []
        var errors: [String] = []
        for app in apps {
            for file in app.scenarios {
                do {
                    let (scenario, source) = try Self.parse(file)
                    if let wanted = request.scenario, wanted != scenario.name, wanted != file.deletingPathExtension().lastPathComponent { continue }
                    let folder = capturesRoot.appendingPathComponent("\(chapter.name)/\(app.name)/\(file.deletingPathExtension().lastPathComponent)")
                    runs.append(PlannedRun(app: app, scenario: scenario, source: source, captureFolder: folder))
                } catch {
                    errors.append("\(error)")
                }
            }
        }
        guard errors.isEmpty else { throw RunnerError.scenarios(errors) }
        if runs.isEmpty {
            let available = Array(Set(apps.flatMap { $0.scenarios.map { $0.deletingPathExtension().lastPathComponent } })).sorted()
            if let wanted = request.scenario { throw UnknownName("scenario", wanted, in: chapter.name, known: available) }
            throw apps.isEmpty ? RunnerError.noApps(chapter: chapter.name) : RunnerError.noScenarios(chapter: chapter.name, apps: apps.map(\.name))
        }
        return runs
    }

    /// The app named exactly, or else every app whose name contains the text (`HypnoNerd` runs
    /// both the starter and the solution), in the chapter's order.
    private func apps(matching text: String, in chapter: ChapterCatalog.Chapter) throws -> [ChapterCatalog.App] {
        if let exact = chapter.apps.first(where: { $0.name.lowercased() == text.lowercased() }) { return [exact] }
        let partial = chapter.apps.filter { $0.name.lowercased().contains(text.lowercased()) }
        guard partial.isEmpty else { return partial }
        throw UnknownName("step", text, in: chapter.name, known: chapter.apps.map(\.name))
    }

    static func parse(_ file: URL) throws -> (Scenario, String) {
        guard let data = FileManager.default.contents(atPath: file.path) else {
            throw MissingInput("\(file.path): cannot read the scenario file (is the path right?)")
        }
        do {
            let scenario = try ScenarioParser.parse(bytes: Array(data), file: file.path)
            return (scenario, String(decoding: data, as: UTF8.self))
        } catch {
            throw RunnerError.scenario(error)
        }
    }

    // MARK: Reuse

    /// The app's executable, when a capture of the app was made by a build from these same inputs
    /// and the executable has not changed since (no other build came after it).
    private func builtExecutable(of app: String, from fingerprint: String, builder: AppBuilder, in chapter: ChapterCatalog.Chapter) -> URL? {
        let executable = packageRoot.appendingPathComponent(".build/\(builder.configuration)/\(app)")
        guard let built = (try? FileManager.default.attributesOfItem(atPath: executable.path))?[.modificationDate] as? Date else { return nil }
        let captures = capturesRoot.appendingPathComponent("\(chapter.name)/\(app)")
        let folders = (try? FileManager.default.contentsOfDirectory(atPath: captures.path)) ?? []
        for folder in folders where !folder.hasPrefix(".") {
            if let written = CaptureWriter.written(in: captures.appendingPathComponent(folder), byAppBuiltFrom: fingerprint), written >= built {
                return executable
            }
        }
        return nil
    }
}
