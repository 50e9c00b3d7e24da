import Captures
import Foundation

/// The frame a backtrace leaves out. The runtime's backtracer walks frame pointers, so when the
/// app is stopped in code that keeps none (a call's stub into a library, a C library routine),
/// the function that called it is missing from the trace; its return address is still the word
/// on top of the stack, which the trace prints with the registers. This finds it and names it
/// with the toolchain's own tools (`llvm-symbolizer`, `swift-demangle`).
enum StackTopFrame {
    /// The app frame whose return address tops the stack of the stopped thread, if it is in
    /// `executable` and in the app's own code.
    static func find(inBacktrace text: String, executable: URL) -> HangLocation? {
        guard let address = returnAddress(in: text), let start = imageStart(of: executable, in: text), address > start else { return nil }
        // A return address points after the call; one byte back is the call's own line.
        return symbolize(offset: address - start - 1, in: executable)
    }

    /// The first eight bytes at the stack pointer (`rsp 0x00007ffd…  c8 0c 29 2e 81 55 00 00 …`), little-endian.
    static func returnAddress(in text: String) -> UInt64? {
        guard let line = text.split(separator: "\n").first(where: { $0.drop { $0 == " " }.hasPrefix("rsp 0x") }) else { return nil }
        let words = line.split(separator: " ")
        guard words.count >= 10 else { return nil }
        let bytes = words[2..<10].compactMap { UInt8($0, radix: 16) }
        guard bytes.count == 8 else { return nil }
        return bytes.reversed().reduce(0) { $0 << 8 | UInt64($1) }
    }

    /// Where `executable` was loaded, from the trace's list of images
    /// (`0x000055812e28e000–0x000055812e28fae0 c97ef9… Loop /path/to/Loop`).
    static func imageStart(of executable: URL, in text: String) -> UInt64? {
        let paths = [executable.path, executable.resolvingSymlinksInPath().path]
        for line in text.split(separator: "\n") where line.hasPrefix("0x") && paths.contains(where: { line.hasSuffix(" " + $0) }) {
            let first = line.prefix { $0.isHexDigit || $0 == "x" }
            return UInt64(first.dropFirst(2), radix: 16)
        }
        return nil
    }

    /// The line of an app frame the trace printed without one (its address maps to code the
    /// compiler made, line 0): the nearest line before it, which is the statement it belongs to.
    static func lineBefore(_ frame: BacktraceFrame, executable: URL, inBacktrace text: String) -> HangLocation? {
        guard let start = imageStart(of: executable, in: text), frame.address > start + 64, let path = frame.path,
              let symbolizer = tool("llvm-symbolizer") else { return nil }
        let offsets = (1...64).map { "0x" + String(frame.address - start - UInt64($0), radix: 16) }
        guard let symbolized = try? TimedCommand(executable: symbolizer, arguments: ["--obj=\(executable.path)", "--demangle=false"] + offsets,
                                                 environment: ["PATH": "/usr/bin:/bin"], timeLimit: 10).run(),
              symbolized.succeeded else { return nil }
        // One answer per address: the function, then `path:line:column`, then a blank line.
        for line in symbolized.lines where line.hasPrefix(path + ":") {
            let parts = line.dropFirst(path.count + 1).split(separator: ":")
            if let number = parts.first.flatMap({ Int($0) }), number > 0 {
                return HangLocation(function: frame.function, file: URL(fileURLWithPath: path).lastPathComponent, line: number)
            }
        }
        return nil
    }

    private static func symbolize(offset: UInt64, in executable: URL) -> HangLocation? {
        guard let symbolizer = tool("llvm-symbolizer"), let demangler = tool("swift-demangle"),
              let symbolized = try? TimedCommand(executable: symbolizer, arguments: ["--obj=\(executable.path)", "--demangle=false", "0x" + String(offset, radix: 16)],
                                                 environment: ["PATH": "/usr/bin:/bin"], timeLimit: 10).run(),
              symbolized.succeeded, symbolized.lines.count >= 2 else { return nil }
        let mangled = symbolized.lines[0], location = symbolized.lines[1]
        guard let demangled = try? TimedCommand(executable: demangler, arguments: ["--simplified", "--compact", mangled],
                                                environment: ["PATH": "/usr/bin:/bin"], timeLimit: 10).run(),
              demangled.succeeded, let function = demangled.lines.first else { return nil }
        // Read as the backtracer would have printed the frame, so the same rules say whose code it is.
        return HangLocation.frame("1 [ra] 0x0 \(function) + 0 in app at \(location)")
    }

    /// A tool of the toolchain that built the app: beside `swift` on the PATH, else on the PATH.
    private static func tool(_ name: String) -> URL? {
        if let swift = ExecutableSearch.find("swift") {
            let beside = swift.resolvingSymlinksInPath().deletingLastPathComponent().appendingPathComponent(name)
            if FileManager.default.isExecutableFile(atPath: beside.path) { return beside }
        }
        return ExecutableSearch.find(name)
    }
}
