import Foundation

/// Builds apps with SwiftPM, from the package that holds them, and finds their executables.
public struct AppBuilder: Sendable {
    public let packageRoot: URL
    public let configuration: String

    public init(packageRoot: URL, configuration: String = "debug") {
        self.packageRoot = packageRoot
        self.configuration = configuration
    }

    /// Builds the named products, reporting each line of progress, and returns their
    /// executables. Throws with the compiler's output when a build fails.
    public func build(_ products: [String], progress: (String) -> Void = { _ in }) throws -> [String: URL] {
        // `swift build` takes one product at a time, and each call spends a couple of seconds
        // planning; for several apps, one build of the whole package is much quicker.
        let product = products.count == 1 ? products[0] : nil
        try refuseCompilerCrashes(building: product)
        try build(product, progress: progress)
        var found: [String: URL] = [:]
        for product in products {
            let url = packageRoot.appendingPathComponent(".build/\(configuration)/\(product)")
            guard FileManager.default.isExecutableFile(atPath: url.path) else {
                throw RunnerError("the build finished but \(url.path) is missing; is \(product) an app folder of a chapter?")
            }
            found[product] = url
        }
        return found
    }

    /// Stops before a build the compiler would crash on, naming the file and line: the chapter
    /// code one product is made of (its app folder and its chapter's shared libraries), or all
    /// the chapters' code when the whole package is built.
    private func refuseCompilerCrashes(building product: String?) throws {
        let chapters = packageRoot.appendingPathComponent("Chapters")
        var folders = [chapters]
        if let product {
            let chapterNames = (try? FileManager.default.contentsOfDirectory(atPath: chapters.path)) ?? []
            folders = chapterNames.sorted().map { chapters.appendingPathComponent($0) }
                .filter { FileManager.default.fileExists(atPath: $0.appendingPathComponent("Apps/\(product)").path) }
                .flatMap { [$0.appendingPathComponent("Apps/\(product)"), $0.appendingPathComponent("Shared")] }
        }
        let findings = folders.flatMap { UIApplicationMainCheck.findings(inFolder: $0, shownFrom: packageRoot) }
        guard findings.isEmpty else {
            throw RunnerError("building \(product ?? "the apps") stopped before the compiler ran:\n" + findings.map(\.description).joined(separator: "\n"))
        }
    }

    private func build(_ product: String?, progress: (String) -> Void) throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        // No manifest cache: Package.swift finds chapter apps by listing folders, and SwiftPM's
        // cache, keyed on the manifest's text, would not notice a new app folder.
        process.arguments = ["swift", "build", "-c", configuration, "--manifest-cache", "none"] + (product.map { ["--product", $0] } ?? [])
        process.currentDirectoryURL = packageRoot
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        try process.run()
        var transcript: [String] = []
        var pending = Data()
        while case let chunk = pipe.fileHandleForReading.availableData, !chunk.isEmpty {
            pending.append(chunk)
            while let newline = pending.firstIndex(of: 10) {
                let line = String(decoding: pending[pending.startIndex..<newline], as: UTF8.self)
                pending.removeSubrange(pending.startIndex...newline)
                transcript.append(line)
                progress(line)
            }
        }
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            let errors = transcript.filter { $0.contains("error:") || $0.hasPrefix(" ") || $0.contains("|") }
            let shown = CompilerHints.adding(to: Array((errors.isEmpty ? transcript : errors).suffix(60)))
            throw RunnerError("building \(product ?? "the apps") failed:\n" + shown.joined(separator: "\n"))
        }
    }
}
