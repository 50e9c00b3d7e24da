import Foundation

/// A program the tests run to its end (git, shellcheck, unzip, python3, swiftc, a built app):
/// found on the PATH unless given as a path, what it printed kept, standard output and standard
/// error apart.
public struct ToolRun: Sendable {
    public var status: Int32
    public var output: String
    public var errors: String

    /// Both, as a terminal shows them when nothing else matters.
    public var said: String { output + errors }

    public static func run(_ tool: String, _ arguments: [String], in folder: URL? = nil) throws -> ToolRun {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = [tool] + arguments
        process.currentDirectoryURL = folder
        process.standardInput = FileHandle.nullDevice
        let output = Pipe()
        let errors = Pipe()
        process.standardOutput = output
        process.standardError = errors
        try process.run()
        // Standard error is read on the side, so that neither pipe fills up and stops the program.
        let errorText = ErrorText()
        let reader = Thread { errorText.set(errors.fileHandleForReading.readDataToEndOfFile()) }
        reader.start()
        let outputData = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        // A program that left something running with its standard error open is not waited for
        // forever.
        guard let errorOutput = errorText.wait(until: Date().addingTimeInterval(60)) else {
            throw StillOpen(tool: tool)
        }
        return ToolRun(status: process.terminationStatus, output: String(decoding: outputData, as: UTF8.self), errors: errorOutput)
    }

    public struct StillOpen: Error, CustomStringConvertible {
        public let tool: String
        public var description: String { "\(tool) ended, but its standard error was still open a minute later" }
    }

    /// What the reading thread hands over once the program closed its standard error.
    private final class ErrorText: @unchecked Sendable {
        private let condition = NSCondition()
        private var data: Data?

        func set(_ value: Data) {
            condition.lock()
            data = value
            condition.broadcast()
            condition.unlock()
        }

        func wait(until limit: Date) -> String? {
            condition.lock()
            defer { condition.unlock() }
            while data == nil, condition.wait(until: limit) {}
            return data.map { String(decoding: $0, as: UTF8.self) }
        }
    }
}
