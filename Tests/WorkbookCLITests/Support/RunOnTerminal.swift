import Foundation
#if canImport(Glibc)
import Glibc
import TestSupport
#endif

/// Runs the `workbook` binary with its standard output on a pseudo-terminal, as when a student
/// types the command, and returns what it printed there. Colour is only for terminals, so this is
/// the one way to see it.
func workbookOnTerminal(_ arguments: String..., environment: [String: String] = [:]) throws -> String {
    let terminals = try PseudoTerminalFunctions()
    let primary = terminals.open(O_RDWR | O_NOCTTY)
    guard primary >= 0, terminals.grant(primary) == 0, terminals.unlock(primary) == 0, let name = terminals.name(primary) else {
        throw TerminalUnavailable()
    }
    defer { close(primary) }
    let secondary = Glibc.open(name, O_RDWR | O_NOCTTY)
    guard secondary >= 0 else { throw TerminalUnavailable() }

    let process = Process()
    process.executableURL = try BuiltProducts.executable("workbook")
    process.arguments = arguments
    process.environment = ["PATH": ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin", "TERM": "xterm-256color"]
        .merging(environment) { $1 }
    process.standardInput = FileHandle.nullDevice
    process.standardOutput = FileHandle(fileDescriptor: secondary, closeOnDealloc: false)
    process.standardError = FileHandle.nullDevice
    try process.run()
    process.waitUntilExit()
    close(secondary) // once no one holds the terminal open, reading it ends after what was written

    var printed = Data()
    var buffer = [UInt8](repeating: 0, count: 4096)
    while true {
        let count = read(primary, &buffer, buffer.count)
        guard count > 0 else { break }
        printed.append(contentsOf: buffer[0..<count])
    }
    return String(decoding: printed, as: UTF8.self)
}

struct TerminalUnavailable: Error, CustomStringConvertible {
    var description: String { "no pseudo-terminal could be opened (posix_openpt)" }
}

/// The C library's pseudo-terminal calls. Glibc's Swift module leaves them out (they sit behind
/// `_XOPEN_SOURCE`), so they are looked up by name.
private struct PseudoTerminalFunctions {
    let open: @convention(c) (CInt) -> CInt
    let grant: @convention(c) (CInt) -> CInt
    let unlock: @convention(c) (CInt) -> CInt
    let name: @convention(c) (CInt) -> UnsafeMutablePointer<CChar>?

    init() throws {
        func find<Function>(_ symbol: String, as _: Function.Type) throws -> Function {
            guard let address = dlsym(UnsafeMutableRawPointer(bitPattern: 0), symbol) else { throw TerminalUnavailable() }
            return unsafeBitCast(address, to: Function.self)
        }
        open = try find("posix_openpt", as: (@convention(c) (CInt) -> CInt).self)
        grant = try find("grantpt", as: (@convention(c) (CInt) -> CInt).self)
        unlock = try find("unlockpt", as: (@convention(c) (CInt) -> CInt).self)
        name = try find("ptsname", as: (@convention(c) (CInt) -> UnsafeMutablePointer<CChar>?).self)
    }
}
