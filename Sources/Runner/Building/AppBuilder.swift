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
        // `swift build` takes one product at a time; after the first, the engine is built and
        // each further product costs little more than linking.
        var found: [String: URL] = [:]
        for product in products {
            found[product] = try build(product, progress: progress)
        }
        return found
    }

    private func build(_ product: String, progress: (String) -> Void) throws -> URL {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        // No manifest cache: Package.swift finds chapter apps by listing folders, and SwiftPM's
        // cache, keyed on the manifest's text, would not notice a new app folder.
        process.arguments = ["swift", "build", "-c", configuration, "--manifest-cache", "none", "--product", product]
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
            throw RunnerError("building \(product) failed:\n" + (errors.isEmpty ? transcript : errors).suffix(60).joined(separator: "\n"))
        }
        let url = packageRoot.appendingPathComponent(".build/\(configuration)/\(product)")
        guard FileManager.default.isExecutableFile(atPath: url.path) else { throw RunnerError("the build of \(product) finished but \(url.path) is missing") }
        return url
    }
}
