import Foundation
import TestSupport

/// What one run of the `workbook` binary did.
struct WorkbookRun {
    let status: Int32
    let output: String
    let errors: String
}

/// Runs the built `workbook` binary as a user would, with standard output and error going to
/// files (not a terminal), and `NO_COLOR` unset unless `environment` sets it.
func workbook(_ arguments: String..., environment: [String: String] = [:]) throws -> WorkbookRun {
    try workbook(arguments: arguments, environment: environment)
}

/// With `timeLimit`, a run still going after that many seconds is ended (SIGTERM), so that a
/// command that should have stopped cannot hang the tests.
func workbook(arguments: [String], environment: [String: String] = [:], in directory: URL? = nil, timeLimit: TimeInterval? = nil) throws -> WorkbookRun {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("workbook-cli-test-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    // Files rather than pipes: nothing can fill up and block the child while we wait for it.
    let outputURL = folder.appendingPathComponent("stdout"), errorsURL = folder.appendingPathComponent("stderr")
    _ = FileManager.default.createFile(atPath: outputURL.path, contents: nil)
    _ = FileManager.default.createFile(atPath: errorsURL.path, contents: nil)

    let process = Process()
    process.executableURL = try BuiltProducts.executable("workbook")
    process.arguments = arguments
    if let directory { process.currentDirectoryURL = directory }
    process.environment = ["PATH": ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"].merging(environment) { $1 }
    process.standardInput = FileHandle.nullDevice
    process.standardOutput = try FileHandle(forWritingTo: outputURL)
    process.standardError = try FileHandle(forWritingTo: errorsURL)
    try process.run()
    let limit = DispatchWorkItem { if process.isRunning { process.terminate() } }
    if let timeLimit { DispatchQueue.global().asyncAfter(deadline: .now() + timeLimit, execute: limit) }
    process.waitUntilExit()
    limit.cancel()
    return WorkbookRun(status: process.terminationStatus,
                       output: try String(contentsOf: outputURL, encoding: .utf8),
                       errors: try String(contentsOf: errorsURL, encoding: .utf8))
}
