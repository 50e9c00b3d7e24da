import Captures
import Foundation

/// One frame of a backtrace as the Swift runtime's backtracer prints it:
/// `  2 [ra] 0x000055… HypnosisView.encodeRestorableState(with:) + 160 in App at /src/HypnosisView.swift:49:23`.
/// A frame with no source location (a library without debug information, a call's stub) has no
/// ` at …`; one whose line the debug information does not know has a path and no line.
struct BacktraceFrame: Equatable {
    var address: UInt64
    var function: String
    var image: String
    var path: String?
    var line: Int?

    init?(_ text: String) {
        let words = text.split(separator: " ", maxSplits: 3, omittingEmptySubsequences: true)
        guard words.count == 4, words[0].allSatisfy(\.isNumber) else { return nil }
        // After the frame number: its kinds in brackets (`[ra]`, `[thunk]`, …), then the address.
        var rest = Substring(text.drop { $0 == " " }.drop { $0.isNumber }.drop { $0 == " " })
        while rest.hasPrefix("[") { rest = rest.drop { $0 != "]" }.dropFirst().drop { $0 == " " } }
        guard rest.hasPrefix("0x"), let address = UInt64(rest.dropFirst(2).prefix { $0.isHexDigit }, radix: 16) else { return nil }
        self.address = address
        rest = rest.drop { $0 != " " }.drop { $0 == " " }
        var described = rest
        if let at = rest.range(of: " at ", options: .backwards) {
            let location = rest[at.upperBound...].split(separator: ":")
            path = location.first.map(String.init)
            line = location.count >= 2 ? Int(location[1]).flatMap { $0 > 0 ? $0 : nil } : nil
            described = rest[..<at.lowerBound]
        }
        guard let inImage = described.range(of: " in ", options: .backwards) else { return nil }
        image = String(described[inImage.upperBound...])
        var function = described[..<inImage.lowerBound]
        if let offset = function.range(of: " + ", options: .backwards), function[offset.upperBound...].allSatisfy(\.isNumber) {
            function = function[..<offset.lowerBound]
        }
        self.function = String(function)
    }

    /// In a shared library (`libswiftCore.so`, `libc.so.6`), not in the app's executable.
    var isInLibrary: Bool { image.hasPrefix("lib") || image.contains(".so") }

    /// Compiled from the app's own sources: not a library, not the engine, not the standard
    /// library's inlined code, not compiler-generated.
    var isAppCode: Bool {
        guard !isInLibrary, let path, path.hasPrefix("/"), !path.hasSuffix("<compiler-generated>"), !path.contains("/swift/stdlib/") else { return false }
        return !path.split(separator: "/").dropLast().contains { HangLocation.engineModules.contains(String($0)) }
    }

    /// Compiled from the engine's sources (RestorationKit and the modules beside it).
    var isEngineCode: Bool {
        guard !isInLibrary, let path else { return false }
        return path.split(separator: "/").dropLast().contains { HangLocation.engineModules.contains(String($0)) }
    }

    /// Where it is, when it is app code with a known line.
    var location: HangLocation? {
        guard isAppCode, let path, let line else { return nil }
        return HangLocation(function: function, file: URL(fileURLWithPath: path).lastPathComponent, line: line)
    }

    /// The stopped thread's frames (the one headed `… crashed:`), innermost first.
    static func stoppedThread(in text: String) -> [BacktraceFrame] {
        guard let header = text.range(of: " crashed:\n") else { return [] }
        var frames: [BacktraceFrame] = []
        for line in text[header.upperBound...].split(separator: "\n", omittingEmptySubsequences: false).dropFirst() {
            if line.trimmingCharacters(in: .whitespaces).isEmpty { if frames.isEmpty { continue } else { break } }
            guard let frame = BacktraceFrame(String(line)) else { break }
            frames.append(frame)
        }
        return frames
    }
}
