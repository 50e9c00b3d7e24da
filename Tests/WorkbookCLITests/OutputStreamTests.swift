import Foundation
import Testing

/// What a command owes the streams it writes to: output that could not be written is an error,
/// not a success.
struct OutputStreamTests {
    @Test("Output that cannot be written (a full disk) exits with status 74 and says so on standard error")
    func fullDisk() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().path
        let process = Process()
        process.executableURL = try workbookBinary()
        process.arguments = ["list", "--root", root]
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = try FileHandle(forWritingTo: URL(fileURLWithPath: "/dev/full"))
        let errors = Pipe()
        process.standardError = errors
        try process.run()
        let said = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(process.terminationStatus == 74)
        #expect(said.contains("the output could not be written (No space left on device)"), "said: \(said)")
    }
}
