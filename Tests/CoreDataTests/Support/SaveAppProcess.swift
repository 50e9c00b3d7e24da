import Foundation
#if canImport(Glibc)
import Glibc
#endif
import TestSupport

/// One run of `CoreDataSaveApp` (Tests/Fixtures) as a real process on a store file: commands go
/// to its standard input, replies come back a line at a time. Every wait has a time limit, after
/// which the process is killed and the wait throws, so a hang fails one test, not the suite.
final class SaveAppProcess {
    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    private let process = Process()
    private let input = Pipe()
    private let output = Pipe()
    private let errors = Pipe()
    private var pending = Data()
    private let deadline: Date

    convenience init(store: URL) throws {
        try self.init(arguments: [store.path])
    }

    init(arguments: [String], environment extra: [String: String] = [:], timeLimit: TimeInterval = 30) throws {
        signal(SIGPIPE, SIG_IGN)
        process.executableURL = try BuiltProducts.executable("CoreDataSaveApp")
        process.arguments = arguments
        // A launch under RestorationKit reads its container from these; nothing of the test
        // process's own (in-process launches set some) may leak in.
        var environment = ProcessInfo.processInfo.environment.filter { key, _ in
            !key.hasPrefix("WORKBOOK_") && !["CFFIXED_USER_HOME", "XDG_CACHE_HOME", "XDG_DATA_HOME"].contains(key)
        }
        environment.merge(extra) { _, new in new }
        process.environment = environment
        process.standardInput = input
        process.standardOutput = output
        process.standardError = errors
        deadline = Date().addingTimeInterval(timeLimit)
        try process.run()
    }

    deinit {
        if process.isRunning { kill(process.processIdentifier, SIGKILL) }
    }

    func send(_ command: String) throws {
        try input.fileHandleForWriting.write(contentsOf: Data((command + "\n").utf8))
    }

    /// Reads lines until one equals `expected` (or starts with it and a space); returns the rest.
    @discardableResult
    func waitFor(_ expected: String) throws -> String {
        let descriptor = output.fileHandleForReading.fileDescriptor
        var buffer = [UInt8](repeating: 0, count: 4096)
        while true {
            while let newline = pending.firstIndex(of: UInt8(ascii: "\n")) {
                let line = String(decoding: pending[pending.startIndex..<newline], as: UTF8.self)
                pending.removeSubrange(pending.startIndex...newline)
                if line == expected { return "" }
                if line.hasPrefix(expected + " ") { return String(line.dropFirst(expected.count + 1)) }
            }
            let remaining = deadline.timeIntervalSinceNow
            var poller = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
            guard remaining > 0, poll(&poller, 1, Int32(remaining * 1000)) > 0 else {
                killAndWait()
                throw Failure(description: "CoreDataSaveApp did not reply \"\(expected)\" in time\(errorText)")
            }
            let count = read(descriptor, &buffer, buffer.count)
            if count <= 0 {
                process.waitUntilExit()
                throw Failure(description: "CoreDataSaveApp ended (status \(process.terminationStatus)) before replying \"\(expected)\"\(errorText)")
            }
            pending.append(contentsOf: buffer[0..<count])
        }
    }

    /// SIGKILL, as the system kills an app; returns once the process is gone.
    func killAndWait() {
        if process.isRunning { kill(process.processIdentifier, SIGKILL) }
        process.waitUntilExit()
    }

    var wasKilled: Bool { process.terminationReason == .uncaughtSignal && process.terminationStatus == SIGKILL }

    private var errorText: String {
        guard !process.isRunning else { return "" }
        let text = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        return text.isEmpty ? "" : "; its standard error:\n\(text)"
    }
}
