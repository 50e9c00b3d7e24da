/// Where a hung app was when its time ran out: the first frame of its stack in the app's own
/// code. The runner reads it from the Swift runtime's backtrace (`HangStack`); a result keeps it.
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
}
