import Foundation

/// Where a hung app was when its time ran out: the first frame of its stack in the app's own
/// code, read from the Swift runtime's backtrace (`swift-backtrace`, started by the runtime when
/// the runner sends the app SIGABRT; see `HangStack`).
public struct HangLocation: Codable, Equatable, Sendable, CustomStringConvertible {
    /// The function as the backtrace names it: `ReminderViewController.encodeRestorableState(with:)`.
    public var function: String
    /// The source file's name, without its folders: `ReminderViewController.swift`.
    public var file: String
    public var line: Int

    public init(function: String, file: String, line: Int) {
        self.function = function
        self.file = file
        self.line = line
    }

    /// `hung in ReminderViewController.encodeRestorableState(with:) at ReminderViewController.swift:41`
    public var description: String { "hung in \(function) at \(file):\(line)" }

    /// The first frame in the app's own code, preferring the main thread (where app code runs),
    /// or `nil` when the backtrace has none (the app hung inside a library, or no trace came).
    static func first(inBacktrace text: String) -> HangLocation? {
        var threads: [[HangLocation]] = []
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            if line.hasPrefix("Thread ") {
                threads.append([])
            } else if let frame = frame(String(line)), !threads.isEmpty {
                threads[threads.count - 1].append(frame)
            }
        }
        return threads.lazy.compactMap(\.first).first
    }

    /// A frame in app code: `  2 [ra] 0x000055… HypnosisView.encodeRestorableState(with:) + 160 in App at /src/HypnosisView.swift:49:23`.
    /// Frames in libraries (`in libswiftCore.so`), in the engine's sources and without a source
    /// line are not the app's.
    static func frame(_ line: String) -> HangLocation? {
        let words = line.split(separator: " ", maxSplits: 3, omittingEmptySubsequences: true)
        guard words.count == 4, words[0].allSatisfy(\.isNumber) else { return nil }
        // After the frame number: its kinds in brackets (`[ra]`, `[thunk]`, …), then the address.
        var rest = Substring(line.drop { $0 == " " }.drop { $0.isNumber }.drop { $0 == " " })
        while rest.hasPrefix("[") { rest = rest.drop { $0 != "]" }.dropFirst().drop { $0 == " " } }
        guard rest.hasPrefix("0x") else { return nil }
        rest = rest.drop { $0 != " " }.drop { $0 == " " }
        guard let at = rest.range(of: " at ", options: .backwards), let inImage = rest[..<at.lowerBound].range(of: " in ", options: .backwards) else { return nil }
        let image = rest[inImage.upperBound..<at.lowerBound]
        var function = rest[..<inImage.lowerBound]
        if let offset = function.range(of: " + ", options: .backwards), function[offset.upperBound...].allSatisfy(\.isNumber) {
            function = function[..<offset.lowerBound]
        }
        let location = rest[at.upperBound...].split(separator: ":")
        guard location.count >= 2, let number = Int(location[1]), number > 0, !image.hasPrefix("lib"), !image.contains(".so") else { return nil }
        let path = String(location[0])
        guard path.hasPrefix("/"), !path.hasSuffix("<compiler-generated>"), !engineFolders.contains(where: { path.contains($0) }) else { return nil }
        return HangLocation(function: String(function), file: URL(fileURLWithPath: path).lastPathComponent, line: number)
    }

    /// Sources compiled into every app that are not the app's own: the engine and the runtime.
    static let engineFolders = ["/Sources/RestorationKit/", "/Sources/UIKit/", "/Sources/BinaryPropertyList/", "/swift/stdlib/", "/swift-corelibs-"]
}
