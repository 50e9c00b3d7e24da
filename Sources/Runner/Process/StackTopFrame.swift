import Captures
import Foundation

/// The app's frames a backtrace names without a line, or leaves out. The runtime's backtracer
/// walks frame pointers, so when the app is stopped in code that keeps none (a standard-library
/// or C routine, a call's stub, a helper the compiler outlined) the function that called it is
/// missing from the trace; its return address is still on top of the stack, whose first words
/// the trace prints with the registers. And a frame of the app's own function may sit on
/// instructions the compiler made (line 0, `<compiler-generated>`), which belong to the statement
/// before them. Both are named with the toolchain's own tools (`llvm-symbolizer`, `swift-demangle`).
enum StackTopFrame {
    /// The app frame whose return address tops the stack of the stopped thread, if it is in
    /// `executable` and in the app's own code.
    static func find(inBacktrace text: String, executable: URL) -> HangLocation? {
        guard let image = image(of: executable, in: text), let address = returnAddress(in: text, image: image),
              address > image.lowerBound else { return nil }
        // A return address points after the call; one byte back is the call itself.
        return appLine(atOffset: address - image.lowerBound - 1, in: executable, function: nil)
    }

    /// The return address on top of the stopped thread's stack. It is the first word when the
    /// stopped routine has pushed nothing yet; the second when it has just saved the frame
    /// pointer (`push rbp`, its first instruction), which then is the first word: an address on
    /// the stack a little above the stack pointer. Any other word may be left over from earlier
    /// calls, and would name a line the app is no longer on.
    static func returnAddress(in text: String, image: ClosedRange<UInt64>) -> UInt64? {
        guard let (stackPointer, words) = stackTop(in: text), let first = words.first else { return nil }
        if image.contains(first) { return first }
        let savedFramePointer = first > stackPointer && first - stackPointer < 1 << 20
        guard savedFramePointer, words.count > 1, image.contains(words[1]) else { return nil }
        return words[1]
    }

    /// The first word at the stack pointer (`rsp 0x00007ffd…  c8 0c 29 2e 81 55 00 00 …`), little-endian.
    static func returnAddress(in text: String) -> UInt64? {
        stackTop(in: text)?.words.first
    }

    /// The stack pointer and the words the trace prints at it (two: sixteen bytes), little-endian.
    private static func stackTop(in text: String) -> (stackPointer: UInt64, words: [UInt64])? {
        guard let line = text.split(separator: "\n").first(where: { $0.drop { $0 == " " }.hasPrefix("rsp 0x") }) else { return nil }
        let fields = line.split(separator: " ")
        guard fields.count >= 2, let stackPointer = UInt64(fields[1].dropFirst(2), radix: 16) else { return nil }
        let bytes = fields.dropFirst(2).prefix { $0.count == 2 }.compactMap { UInt8($0, radix: 16) }
        let words = stride(from: 0, to: bytes.count - 7, by: 8).map { start in
            bytes[start..<start + 8].reversed().reduce(UInt64(0)) { $0 << 8 | UInt64($1) }
        }
        return (stackPointer, words)
    }

    /// Where `executable` was loaded, from the trace's list of images
    /// (`0x000055812e28e000–0x000055812e28fae0 c97ef9… Loop /path/to/Loop`).
    static func imageStart(of executable: URL, in text: String) -> UInt64? {
        image(of: executable, in: text)?.lowerBound
    }

    private static func image(of executable: URL, in text: String) -> ClosedRange<UInt64>? {
        let paths = [executable.path, executable.resolvingSymlinksInPath().path]
        for line in text.split(separator: "\n") where line.hasPrefix("0x") && paths.contains(where: { line.hasSuffix(" " + $0) }) {
            let bounds = line.prefix { $0 != " " }.split(separator: "–").map { UInt64($0.dropFirst(2), radix: 16) }
            guard bounds.count == 2, let start = bounds[0], let end = bounds[1], start <= end else { return nil }
            return start...end
        }
        return nil
    }

    /// The line of an app frame the trace printed without one (its address maps to code the
    /// compiler made, line 0).
    static func lineBefore(_ frame: BacktraceFrame, executable: URL, inBacktrace text: String) -> HangLocation? {
        guard let start = imageStart(of: executable, in: text), frame.address > start else { return nil }
        // A frame's address is where it returns to, after its call: one byte back is the call.
        return appLine(atOffset: frame.address - start - 1, in: executable, function: frame.function)
    }

    /// How many bytes before an address are looked through for its statement's line: the
    /// cleanup the compiler puts after a call or at the end of a loop's body runs to hundreds.
    private static let lookBehind: UInt64 = 1024

    /// The line of the app's own code at `offset` into `executable`. Instructions the compiler
    /// made (releases after a call, a loop's cleanup) have line 0 and belong to the statement
    /// before them: the nearest line before, in the same function, is taken. `nil` when the
    /// function is not the app's. `function` names it as the trace printed it, if it did.
    private static func appLine(atOffset offset: UInt64, in executable: URL, function printed: String?) -> HangLocation? {
        let offsets = (0...min(lookBehind, offset)).map { "0x" + String(offset - $0, radix: 16) }
        guard let answers = symbolizer(offsets, in: executable), let mangled = answers.first?.function else { return nil }
        for answer in answers.prefix(while: { $0.function == mangled }) {
            guard BacktraceFrame("1 [ra] 0x0 f + 0 in app at \(answer.location)")?.location != nil else { continue }
            guard let function = printed ?? demangled(mangled) else { return nil }
            return HangLocation.frame("1 [ra] 0x0 \(function) + 0 in app at \(answer.location)")
        }
        return nil
    }

    /// A symbol's name as the backtracer prints names (`RuleBookAppDelegate.applicationDidEnterBackground(_:)`).
    private static func demangled(_ mangled: String) -> String? {
        guard let demangler = tool("swift-demangle"),
              let result = try? TimedCommand(executable: demangler, arguments: ["--simplified", "--compact", mangled],
                                             environment: ["PATH": "/usr/bin:/bin"], timeLimit: 10, errors: .separate).run(),
              result.succeeded else { return nil }
        return result.lines.first
    }

    /// What `llvm-symbolizer` says of each offset into `executable`: the function's mangled name
    /// and `path:line:column`, in order; `nil` when it could not be asked.
    private static func symbolizer(_ offsets: [String], in executable: URL) -> [(function: String, location: String)]? {
        // `--no-demangle`: the LLVM 14 of Debian and the toolchain's own both refuse the older
        // `--demangle=false`, which left every frame this file finds unnamed. `--no-inlines`: one
        // answer per offset.
        guard let symbolizer = tool("llvm-symbolizer"),
              let result = try? TimedCommand(executable: symbolizer, arguments: ["--obj=\(executable.path)", "--no-demangle", "--no-inlines"] + offsets,
                                             environment: ["PATH": "/usr/bin:/bin"], timeLimit: 10, errors: .separate).run(),
              result.succeeded else { return nil }
        // One answer per offset: the function, then `path:line:column`, then a blank line.
        let lines = result.lines.filter { !$0.isEmpty }
        return stride(from: 0, to: lines.count - 1, by: 2).map { (lines[$0], lines[$0 + 1]) }
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
