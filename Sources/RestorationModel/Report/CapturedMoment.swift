/// The moments of a run whose screens a capture keeps (`screens/NN-MOMENT.json` and `.txt`,
/// Documentation/Captures.md). The raw values are the names on disk: the runner writes them,
/// the grader, the site and the terminal report read them back through this type alone.
public enum CapturedMoment: String, CaseIterable, Codable, Sendable {
    /// What showed while the app launched: the snapshot, or the launch image.
    case launchScreen = "launch-screen"
    /// The first real frame after a launch.
    case afterLaunch = "after-launch"
    /// The screen the user left when they pressed Home.
    case beforeHome = "before-home"
    /// What the system captured for the app switcher at Home.
    case snapshot
}

/// A captured screen's file name in `screens/`: its place in the run and its moment
/// (`03-before-home.json`).
public struct CapturedScreenName: Equatable, Sendable {
    /// The place in the run, from 1.
    public var number: Int
    public var moment: CapturedMoment

    public init(number: Int, moment: CapturedMoment) {
        self.number = number
        self.moment = moment
    }

    /// Reads `NN-MOMENT.EXTENSION`; `nil` for any other file, or a moment no runner writes.
    public init?(fileName: String, extension fileExtension: String) {
        guard fileName.hasSuffix("." + fileExtension) else { return nil }
        let stem = fileName.dropLast(fileExtension.count + 1)
        guard let dash = stem.firstIndex(of: "-"), let number = Int(stem[..<dash]),
              let moment = CapturedMoment(rawValue: String(stem[stem.index(after: dash)...])) else { return nil }
        self.init(number: number, moment: moment)
    }

    /// `03-before-home` plus the extension.
    public func fileName(extension fileExtension: String) -> String {
        (number < 10 ? "0" : "") + String(number) + "-" + moment.rawValue + "." + fileExtension
    }
}
