import Captures
import Foundation

/// Builds apps with SwiftPM, from the package that holds them, and finds their executables.
public struct AppBuilder: Sendable {
    public let packageRoot: URL
    public let configuration: String

    public init(packageRoot: URL, configuration: String = "debug") {
        self.packageRoot = packageRoot
        self.configuration = configuration
    }

    /// Builds the named products, apps of `chapter` if it is given, reporting each line of
    /// progress, and returns their executables. Code only Linux refuses is made to compile first
    /// (PreparedChapterSources), and `prepared` hears what was done, one line each. Throws with
    /// the compiler's errors when a build fails.
    public func build(_ products: [String], of chapter: String? = nil, progress: (String) -> Void = { _ in },
                      prepared: ([String]) -> Void = { _ in }) throws -> [String: URL] {
        // `swift build` takes one product at a time, and each call spends seconds planning: several
        // apps of a chapter are built as the chapter's own target (see Package.swift), which needs
        // only the engine; several apps of no chapter, as the whole package.
        let what: Built
        switch (products.count, chapter) {
        case (1, _): what = .product(products[0])
        case (_, let chapter?): what = .target(try chapterTarget(chapter))
        default: what = .package
        }
        try refuseCompilerCrashes(building: products.count == 1 ? products[0] : nil, of: chapter)
        let preparation = try PreparedChapterSources(packageRoot: packageRoot).prepare(chapters: chapters(building: products.count == 1 ? products[0] : nil, of: chapter))
        if !preparation.notes.isEmpty { prepared(preparation.notes) }
        if preparation.copiesChanged { try replan() }
        try build(what, progress: progress)
        var found: [String: URL] = [:]
        for product in products {
            let url = packageRoot.appendingPathComponent(".build/\(configuration)/\(product)")
            guard FileManager.default.isExecutableFile(atPath: url.path) else {
                throw RunnerError.productMissing(product: product, executable: url)
            }
            found[product] = url
        }
        return found
    }

    private enum Built {
        case product(String), target(String), package

        var arguments: [String] {
            switch self {
            case .product(let name): ["--product", name]
            case .target(let name): ["--target", name]
            case .package: []
            }
        }

        var name: String {
            switch self {
            case .product(let name), .target(let name): name
            case .package: "the apps"
            }
        }
    }

    /// The target that builds every app of `chapter`: Package.swift declares it once its source
    /// file exists, an empty one this writes under `.build/chapter-builds/`.
    private func chapterTarget(_ chapter: String) throws -> String {
        let folder = packageRoot.appendingPathComponent(".build/chapter-builds/\(chapter)")
        let file = folder.appendingPathComponent("Apps.swift")
        if !FileManager.default.fileExists(atPath: file.path) {
            do {
                try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
                try Data("// Written by workbook run: the target that builds every app of \(chapter) (see Package.swift).\n".utf8).write(to: file)
                try replan()
            } catch {
                throw RunnerError.chapterTarget(file: file, chapter: chapter, reason: error.localizedDescription)
            }
        }
        return "\(chapter)-apps"
    }

    /// SwiftPM plans again only when the manifest looks changed; without this it keeps the plan it
    /// made before a target existed ("No target named …-apps") or was declared from another folder.
    private func replan() throws {
        try FileManager.default.setAttributes([.modificationDate: Date()], ofItemAtPath: packageRoot.appendingPathComponent("Package.swift").path)
    }

    /// The chapters whose code a build compiles: `chapter`, the one `product` is an app of, or all.
    private func chapters(building product: String?, of chapter: String?) -> [String] {
        if let chapter { return [chapter] }
        let all = ChapterCatalog.folders(in: packageRoot.appendingPathComponent("Chapters"))
        guard let product else { return all }
        return all.filter { FileManager.default.fileExists(atPath: packageRoot.appendingPathComponent("Chapters/\($0)/Apps/\(product)").path) }
    }

    /// Stops before a build the compiler would crash on, naming the file and line: the chapter
    /// code one product is made of (its app folder and its chapter's shared libraries), a
    /// chapter's, or all the chapters' code when the whole package is built.
    private func refuseCompilerCrashes(building product: String?, of chapter: String?) throws {
        let chapters = packageRoot.appendingPathComponent("Chapters")
        var folders = [chapter.map { chapters.appendingPathComponent($0) } ?? chapters]
        if let product {
            let chapterNames = (try? FileManager.default.contentsOfDirectory(atPath: chapters.path)) ?? []
            folders = chapterNames.sorted().map { chapters.appendingPathComponent($0) }
                .filter { FileManager.default.fileExists(atPath: $0.appendingPathComponent("Apps/\(product)").path) }
                .flatMap { [$0.appendingPathComponent("Apps/\(product)"), $0.appendingPathComponent("Shared")] }
        }
        let findings = folders.flatMap { UIApplicationMainCheck.findings(inFolder: $0, shownFrom: packageRoot) }
        guard findings.isEmpty else {
            throw RunnerError.compilerWouldCrash(what: product ?? chapter.map { "\($0)'s apps" } ?? "the apps", findings: findings.map(\.description))
        }
    }

    private func build(_ what: Built, progress: (String) -> Void) throws {
        // Package.swift finds chapter apps by listing folders, and SwiftPM's manifest cache,
        // keyed on the manifest's text, would not notice a new app folder: it is used only while
        // the folders are the ones it was filled with (ManifestCache).
        let environment = ProcessInfo.processInfo.environment.merging(PreparedChapterSources.environment) { _, prepared in prepared }
        let built = try TimedCommand(named: "swift", arguments: ["build", "-c", configuration, "--manifest-cache", ManifestCache(packageRoot: packageRoot).option()] + what.arguments,
                                     environment: environment, timeLimit: nil, workingDirectory: packageRoot).run(progress: progress)
        guard built.succeeded else {
            // A note about the package's own code is worth reading (the engine's declaration of
            // what was called wrongly); one about a dependency's checkout is not.
            let dependencies = packageRoot.appendingPathComponent(".build").path + "/"
            let shown = BuildTranscript.shown(built.lines) { !$0.hasPrefix(dependencies) }
            throw RunnerError.buildFailed(what: what.name, output: CompilerHints.adding(to: shown))
        }
    }
}
