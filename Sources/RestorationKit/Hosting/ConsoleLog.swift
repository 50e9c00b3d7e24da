import Foundation
import RestorationModel

/// Where the engine's log lines go: UIKit's warnings always, and the restoration debug lines
/// when `UIStateRestorationDebugLogging` is on. A host collects them; a process prints them.
///
/// Only lines a device prints belong here (RESTORATION.md, "Debug logging", lists their shapes):
/// a reader compares them with Xcode's console. What the engine explains beyond them is the
/// workbook's own, recorded as causes (`RestorationReport`) and notes (`WorkbookNotes`).
///
/// Every line is written as NSLog writes it, so it reads like the console in Xcode:
/// `2026-11-22 09:00:00.000 Homepwner[4242:1a0b] void _restoreState(…): State restoration …`.
/// The time is the launch's device clock and the process identifier the launch's own stand-in,
/// so that a log is the same on every run.
public final class ConsoleLog {
    public private(set) var lines: [String] = []
    /// Called for every line as it is logged (a process forwards it to the runner).
    public var onLine: ((String) -> Void)?
    let debugLogging: Bool
    /// `Name[pid:thread]`, as NSLog shows the process.
    private let processLabel: String

    init(debugLogging: Bool, processName: String = "App", processIdentifier: Int32 = 1, threadIdentifier: Int = 0x303) {
        self.debugLogging = debugLogging
        processLabel = "\(processName)[\(processIdentifier):\(String(threadIdentifier, radix: 16))]"
    }

    /// A line UIKit or Foundation prints whatever the settings (a warning a device shows).
    func warn(_ message: String) {
        append(message)
    }

    /// A restoration debug line, prefixed with the UIKit function that prints it.
    func debug(_ source: UIKitLogSource, _ message: @autoclosure () -> String) {
        guard debugLogging else { return }
        append("\(source.rawValue): \(message())")
    }

    private func append(_ message: String) {
        let line = line(stamp(Device.now), message)
        lines.append(line)
        onLine?(line)
    }

    /// The last lines made, by time stamp and message: a restoration may log the same few of
    /// Foundation's warnings for each of thousands of objects, all at one time stamp.
    private var recentLines: [(stamp: String, message: String, line: String)] = []

    private func line(_ stamp: String, _ message: String) -> String {
        for recent in recentLines where recent.stamp == stamp && recent.message == message { return recent.line }
        // Made in room reserved once: interpolation grew a line several times on the way to the
        // length of one of Foundation's warnings.
        var line = ""
        line.reserveCapacity(stamp.utf8.count + processLabel.utf8.count + message.utf8.count + 2)
        line += stamp
        line += " "
        line += processLabel
        line += " "
        line += message
        if recentLines.count == 4 { recentLines.removeFirst() }
        recentLines.append((stamp, message, line))
        return line
    }

    /// The last time stamped, and its text. The device clock stands still while app code runs,
    /// so a restoration's thousands of warnings share one stamp, which was slow to format anew.
    private var lastStamp: (date: Date, text: String)?

    private func stamp(_ date: Date) -> String {
        if let lastStamp, lastStamp.date == date { return lastStamp.text }
        let text = Self.timestamp(date)
        lastStamp = (date, text)
        return text
    }

    /// NSLog's date and time, to the millisecond, in the device's time zone (UTC under the runner).
    private static func timestamp(_ date: Date) -> String {
        DeviceClockText.consoleTimestamp(date, secondsFromGMT: TimeZone.current.secondsFromGMT(for: date))
    }
}

/// The UIKit functions that print restoration debug lines. `_restoreState` is the real
/// signature from a device's log (seed 003). The truncation line is real too (the same talk
/// quotes it), but no log showing the function that prints it was published: it is named after
/// what it does, in UIKit's style.
enum UIKitLogSource: String {
    case restoreState = "void _restoreState(UIApplication *, NSData *, NSObject<UIApplicationDelegate> *, NSURL *, NSString *, UIStateRestorationRestoreStateBeginHandler)"
    case restoreChildViewControllers = "-[UIViewController(StateRestoration) _restoreChildViewControllers]"
}
