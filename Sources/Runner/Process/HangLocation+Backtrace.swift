import Captures

/// A hang's location read from the Swift runtime's backtrace (`swift-backtrace`, started by the
/// runtime when the runner sends the app SIGABRT; see `HangStack`).
extension HangLocation {
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

    /// A frame of the app's own code with its line, or `nil` for any other line of a trace.
    static func frame(_ line: String) -> HangLocation? {
        BacktraceFrame(line)?.location
    }

    /// The engine's modules, compiled into every app but not the app's own code: a folder of
    /// one of these names holds their sources, in the package (`Sources/RestorationKit`) as in
    /// the checker's build of the engine (`Engine/Sources/RestorationKit`).
    static let engineModules: Set<String> = ["RestorationModel", "RestorationKit", "UIKit", "BinaryPropertyList", "CoreData"]
}
