import Foundation
import Testing
@testable import RestorationKit
#if canImport(Glibc)
import Glibc
#endif
import TestSupport

/// One launch of `RuleBookApp` as a real operating-system process, driven over the line
/// protocol of `ApplicationMain.swift`: commands go to its standard input, and its replies
/// (`launched <outcome>`, `log <line>`, `ok home`, `screen <json>`, `state <json>`) come back on
/// its standard output, one a line.
///
/// Every process has a time limit: when it runs out the process is killed with SIGKILL and the
/// waiting call throws, so a hang fails one test instead of stopping the suite.
///
/// Not the engine's: its reader threads and the termination handler share its state, which
/// `condition` guards (hence unchecked: the lock is what makes it Sendable).
nonisolated final class AppProcess: @unchecked Sendable {
    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    /// How the process ended.
    enum Ending: Equatable {
        case exited(Int32)
        case signalled(Int32)
    }

    static let bundleIdentifier = "com.example.RuleBookApp"
    /// The clock every launch starts at: the same instant `Phone` uses.
    static let clock = "2026-11-22T09:00:00Z"

    let process = Process()
    private let input = Pipe()
    private let output = Pipe()
    private let errors = Pipe()
    private let condition = NSCondition()
    private var pending = Data()
    private var received: [String] = []
    private var consumed = 0
    private var outputClosed = false
    /// Standard error reached its end: everything the process wrote there has been read.
    private var errorsClosed = false
    private var errorText = Data()
    private var ending: Ending?
    private var timedOut = false
    let deadline: Date

    /// Launches the app with its container, the fixed clock and seed, debug logging on, and
    /// `extra` variables (the app's `RULEBOOK_*` switches, or overrides).
    /// `fileSizeLimitZero` starts it under `ulimit -f 0` (with SIGXFSZ ignored), so that every
    /// write to a regular file fails: a full disk, seen by the app.
    init(container: URL, environment extra: [String: String] = [:], fileSizeLimitZero: Bool = false, timeLimit: TimeInterval = 20) throws {
        signal(SIGPIPE, SIG_IGN) // writing to a process that died must fail, not kill the tests
        let app = try BuiltProducts.executable("RuleBookApp")
        if fileSizeLimitZero {
            process.executableURL = URL(fileURLWithPath: "/bin/sh")
            process.arguments = ["-c", "trap '' XFSZ; ulimit -f 0; exec \"$0\"", app.path]
        } else {
            process.executableURL = app
            process.arguments = []
        }
        var environment = ProcessInfo.processInfo.environment.filter { key, _ in
            !key.hasPrefix("WORKBOOK_") && !key.hasPrefix("UIStateRestoration") && !key.hasPrefix("RULEBOOK_")
                && key != "SWIFT_DETERMINISTIC_HASHING" // each process must hash differently, as on a device
                && !["CFFIXED_USER_HOME", "XDG_CACHE_HOME", "XDG_DATA_HOME"].contains(key) // set by in-process launches
        }
        environment["WORKBOOK_CONTAINER"] = container.path
        // Foundation's own folders in the container, as the runner gives every launch.
        environment.merge(AppContainer(url: container, bundleIdentifier: Self.bundleIdentifier).launchEnvironment) { _, new in new }
        environment["WORKBOOK_BUNDLE_ID"] = Self.bundleIdentifier
        environment["WORKBOOK_CLOCK"] = Self.clock
        environment["WORKBOOK_SEED"] = "42"
        environment["UIStateRestorationDebugLogging"] = "YES"
        environment["SWIFT_BACKTRACE"] = "enable=no" // a crash ends the process at once
        environment.merge(extra) { _, new in new }
        process.environment = environment
        process.standardInput = input
        process.standardOutput = output
        process.standardError = errors
        deadline = Date().addingTimeInterval(timeLimit)
        process.terminationHandler = { [weak self, condition] finished in
            condition.lock()
            defer { condition.broadcast(); condition.unlock() }
            self?.ending = finished.terminationReason == .uncaughtSignal ? .signalled(finished.terminationStatus) : .exited(finished.terminationStatus)
        }
        try process.run()
        startReading(output.fileHandleForReading.fileDescriptor, isOutput: true)
        startReading(errors.fileHandleForReading.fileDescriptor, isOutput: false)
        let pid = process.processIdentifier
        DispatchQueue.global().asyncAfter(deadline: .now() + timeLimit) { [weak self] in
            guard let self else { return }
            condition.lock()
            let running = ending == nil
            if running { timedOut = true }
            condition.unlock()
            if running { Glibc.kill(pid, SIGKILL) }
        }
    }

    deinit {
        if process.isRunning { Glibc.kill(process.processIdentifier, SIGKILL) }
    }

    // MARK: Talking to the app

    /// Sends one command line.
    func send(_ command: String) throws {
        do {
            try input.fileHandleForWriting.write(contentsOf: Data((command + "\n").utf8))
        } catch {
            throw Failure(description: "could not send \"\(command)\" to RuleBookApp (it is no longer reading): \(error)\(diagnostics)")
        }
    }

    /// Reads replies until one starts with `prefix`, and returns it without the prefix.
    @discardableResult
    func waitForReply(_ prefix: String) throws -> String {
        while true {
            let line = try nextLine(waitingFor: prefix)
            if line == prefix { return "" }
            if line.hasPrefix(prefix + " ") { return String(line.dropFirst(prefix.count + 1)) }
        }
    }

    /// Sends a command and returns the text of the reply that starts with `prefix`.
    func request(_ command: String, reply prefix: String) throws -> String {
        try send(command)
        return try waitForReply(prefix)
    }

    /// The outcome word of the `launched` line (`restored`, `noArchive`, `discarded`, `notOptedIn`).
    func waitUntilLaunched() throws -> String {
        try waitForReply("launched")
    }

    /// The launch's restoration report, asked for now: its causes are the workbook's
    /// explanations, which a process never writes to its log.
    func report() throws -> RestorationReport {
        let payload = try request("report", reply: "state")
        guard let report = ControlLine.decode(RestorationReport.self, from: payload) else { throw TestFailure("the app sent a report that does not read: \(payload)") }
        return report
    }

    /// The workbook's notes received so far (never log lines).
    var notes: [RestorationCause] {
        lines.compactMap { line in
            guard case .note(let note)? = try? ControlMessage(line: line) else { return nil }
            return note
        }
    }

    /// Every line received so far.
    var lines: [String] {
        condition.lock()
        defer { condition.unlock() }
        return received
    }

    /// The log lines received so far, with the line breaks the protocol escaped put back.
    var logLines: [String] {
        lines.compactMap { line in
            guard case .log(let text)? = try? ControlMessage(line: line) else { return nil }
            return text
        }
    }

    /// What the app wrote to its standard error (its own output, and a crash message).
    var standardError: String {
        condition.lock()
        defer { condition.unlock() }
        return String(decoding: errorText, as: UTF8.self)
    }

    // MARK: Ending it

    /// SIGKILL, as the system kills a suspended app; returns once the process is gone.
    func kill() throws {
        if process.isRunning { Glibc.kill(process.processIdentifier, SIGKILL) }
        _ = try waitForExit()
    }

    /// Waits for the process to end by itself (a crash, or `quit`).
    func waitForExit() throws -> Ending {
        condition.lock()
        defer { condition.unlock() }
        // The exit can be seen before the last of standard error is read (a crash message):
        // wait for both, so what the process wrote is all there.
        while ending == nil || !errorsClosed {
            if !condition.wait(until: deadline.addingTimeInterval(1)) { break }
        }
        if timedOut { throw Failure(description: "RuleBookApp did not finish within its time limit and was killed\(diagnosticsLocked)") }
        guard let ending else { throw Failure(description: "RuleBookApp did not end\(diagnosticsLocked)") }
        return ending
    }

    /// `quit`, then wait for a clean exit.
    func quit() throws {
        try send("quit")
        let ending = try waitForExit()
        guard ending == .exited(0) else { throw Failure(description: "RuleBookApp ended with \(ending) after quit\(diagnostics)") }
    }

    // MARK: Plumbing

    private func nextLine(waitingFor what: String) throws -> String {
        condition.lock()
        defer { condition.unlock() }
        while consumed == received.count {
            if timedOut { throw Failure(description: "RuleBookApp was killed at its time limit while the test waited for \"\(what)\"\(diagnosticsLocked)") }
            if outputClosed { throw Failure(description: "RuleBookApp's output ended (\(ending.map { "\($0)" } ?? "it closed its output")) while the test waited for \"\(what)\"\(diagnosticsLocked)") }
            if !condition.wait(until: deadline.addingTimeInterval(1)) {
                throw Failure(description: "no \"\(what)\" from RuleBookApp within its time limit\(diagnosticsLocked)")
            }
        }
        consumed += 1
        return received[consumed - 1]
    }

    private var diagnostics: String {
        condition.lock()
        defer { condition.unlock() }
        return diagnosticsLocked
    }

    private var diagnosticsLocked: String {
        let tail = received.suffix(8).joined(separator: "\n    ")
        let errors = String(decoding: errorText.suffix(2000), as: UTF8.self)
        return "\n  last replies:\n    \(tail)\n  standard error:\n\(errors)"
    }

    private func startReading(_ descriptor: Int32, isOutput: Bool) {
        let thread = Thread { [self] in
            var buffer = [UInt8](repeating: 0, count: 65536)
            while true {
                let count = read(descriptor, &buffer, buffer.count)
                if count < 0, errno == EINTR { continue }
                condition.lock()
                if count <= 0 {
                    if isOutput { outputClosed = true } else { errorsClosed = true }
                    condition.broadcast()
                    condition.unlock()
                    return
                }
                let chunk = Data(buffer[0..<count])
                if isOutput {
                    pending.append(chunk)
                    while let newline = pending.firstIndex(of: UInt8(ascii: "\n")) {
                        received.append(String(decoding: pending[pending.startIndex..<newline], as: UTF8.self))
                        pending.removeSubrange(pending.startIndex...newline)
                    }
                } else {
                    errorText.append(chunk)
                }
                condition.broadcast()
                condition.unlock()
            }
        }
        thread.start()
    }
}

/// A container folder for process tests, removed when the value goes away.
nonisolated final class ProcessContainer {
    let url: URL

    init() {
        url = FileManager.default.temporaryDirectory.appendingPathComponent("RuleBookApp-\(UUID().uuidString)", isDirectory: true)
    }

    deinit {
        try? FileManager.default.removeItem(at: url)
    }

    var savedStateURL: URL {
        url.appendingPathComponent("Library/Saved Application State/\(AppProcess.bundleIdentifier).savedState", isDirectory: true)
    }

    var archiveURL: URL { savedStateURL.appendingPathComponent("data.data") }
    var markerURL: URL { savedStateURL.appendingPathComponent("inprogress.data") }

    func launch(_ environment: [String: String] = [:], fileSizeLimitZero: Bool = false, timeLimit: TimeInterval = 20) throws -> AppProcess {
        try AppProcess(container: url, environment: environment, fileSizeLimitZero: fileSizeLimitZero, timeLimit: timeLimit)
    }

    /// A first launch that pushes a note, Home, then SIGKILL while suspended: the container then
    /// holds a real archive of Navigation > List > Note.
    func saveNote(_ note: String, environment: [String: String] = [:]) throws {
        let (app, outcome) = try launchAndWait(environment.merging(["RULEBOOK_NOTE": note]) { _, new in new })
        guard outcome == "noArchive" else { throw AppProcess.Failure(description: "the first launch found an archive (\(outcome))") }
        let reply = try app.request("home", reply: "ok")
        guard reply == "home" else { throw AppProcess.Failure(description: "home was answered with \"ok \(reply)\"") }
        try app.kill()
        guard FileManager.default.fileExists(atPath: archiveURL.path) else { throw AppProcess.Failure(description: "Home wrote no archive") }
    }

    /// Launches the app, waits until it launched, and returns it with its outcome.
    func launchAndWait(_ environment: [String: String] = [:]) throws -> (app: AppProcess, outcome: String) {
        let app = try launch(environment)
        return (app, try app.waitUntilLaunched())
    }
}

/// The screen replies, decoded.
nonisolated extension AppProcess {
    func screen() throws -> Screen {
        let json = try request("screen", reply: "screen")
        return try JSONDecoder().decode(Screen.self, from: Data(json.utf8))
    }

    /// What the user saw while this launch started: the snapshot or the launch image.
    func launchScreen() throws -> Screen {
        let json = try request("launch-screen", reply: "screen")
        return try JSONDecoder().decode(Screen.self, from: Data(json.utf8))
    }
}

/// Runs a command line tool to its end, with a time limit, and returns what it printed.
nonisolated enum Subprocess {
    struct Result {
        var status: Int32
        var output: Data
        var errors: String
    }

    static func run(_ arguments: [String], timeLimit: TimeInterval = 20) throws -> Result {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = arguments
        let output = Pipe()
        let errors = Pipe()
        process.standardOutput = output
        process.standardError = errors
        process.standardInput = FileHandle.nullDevice
        try process.run()
        let pid = process.processIdentifier
        let killer = DispatchWorkItem { if process.isRunning { kill(pid, SIGKILL) } }
        DispatchQueue.global().asyncAfter(deadline: .now() + timeLimit, execute: killer)
        final class Box: @unchecked Sendable { var data = Data() }
        let errorData = Box()
        let errorsRead = DispatchSemaphore(value: 0)
        Thread {
            errorData.data = errors.fileHandleForReading.readDataToEndOfFile()
            errorsRead.signal()
        }.start()
        let outputData = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        killer.cancel()
        errorsRead.wait()
        return Result(status: process.terminationStatus, output: outputData, errors: String(decoding: errorData.data, as: UTF8.self))
    }
}
