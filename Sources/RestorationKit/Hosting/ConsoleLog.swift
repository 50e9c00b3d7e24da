import Foundation

/// Where the engine's log lines go: UIKit's warnings always, and the restoration debug lines
/// when `UIStateRestorationDebugLogging` is on. A host collects them; a process prints them.
public final class ConsoleLog {
    public private(set) var lines: [String] = []
    /// Called for every line as it is logged (a process forwards it to the runner).
    public var onLine: ((String) -> Void)?
    let debugLogging: Bool

    init(debugLogging: Bool) {
        self.debugLogging = debugLogging
    }

    /// A line UIKit prints whatever the settings (warnings, deprecations).
    func warn(_ message: String) {
        append(message)
    }

    /// A restoration debug line, prefixed with the internal function that would print it.
    func debug(_ function: String, _ message: @autoclosure () -> String) {
        guard debugLogging else { return }
        append("\(function): \(message())")
    }

    func append(_ line: String) {
        lines.append(line)
        onLine?(line)
    }
}
