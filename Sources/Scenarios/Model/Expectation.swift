/// Something that must be true at this point of the run. The comment shows how a scenario
/// writes it; every case is written after `expect`.
public enum Expectation: Sendable, Hashable, CustomStringConvertible {
    /// `expect screen shows "Rusty Spork"`, `expect screen shows Name`: some element on the
    /// screen shows this text, or has this identifier.
    case screenShows(ElementReference)
    /// `expect screen does not show "Error"`.
    case screenDoesNotShow(ElementReference)
    /// `expect snapshot shows "Rusty Spork"`: the snapshot the system took at the last Home.
    case snapshotShows(ElementReference)
    /// `expect snapshot does not show "4111 1111 1111 1111"`.
    case snapshotDoesNotShow(ElementReference)
    /// `expect Name is "Rusty Spork"`, `expect Volume is 0.8`, `expect row 2 is selected`.
    case elementIs(ElementReference, ExpectedValue)
    /// `expect Name is not "Rusty Spork"`, `expect row 2 is not selected`.
    case elementIsNot(ElementReference, ExpectedValue)
    /// `expect selected tab is "Hypnotize"`, `expect selected tab is 1`.
    case selectedTab(Choice)
    /// `expect log contains "Can't find Child View Controller"`.
    case logContains(String)
    /// `expect log does not contain "Object in root set"`.
    case logDoesNotContain(String)
    /// `expect cause contains "Nothing recreated UINavigationController"`: the workbook's
    /// explanation of the latest relaunch (its causes, and those seen at a Home since) has a cause
    /// whose sentence holds the text. Causes are the workbook's words, never UIKit's log.
    case causeContains(String)
    /// `expect cause does not contain "Two objects"`.
    case causeDoesNotContain(String)
    /// `expect archive has "itemKey" at "UINavigationController/:[1]:/DetailViewController"`,
    /// `expect archive has "appVersion"`, `expect archive has path "UINavigationController"`.
    case archiveHas(ArchiveEntry)
    /// `expect archive does not have path "UINavigationController/UINavigationController"`.
    case archiveDoesNotHave(ArchiveEntry)
    /// `expect no archive`: the app's container holds no saved state.
    case noArchive
    /// `expect restored`: the screen now equals the screen the user left at the last Home;
    /// the runner lists every difference otherwise.
    case restored
    /// `expect lost`, `expect lost "Name field"`: some state the user left did not come back
    /// (the text, when given, appears in a line of the lost state).
    case lost(String?)
    /// `expect flicker`: the screen after relaunch differs from the snapshot shown at launch.
    case flicker
    /// `expect no flicker`.
    case noFlicker
    /// `expect fresh launch`: nothing was restored; the app started as on its first launch.
    case freshLaunch
    /// `expect crash`, `expect crash "cannot store"`: the action just before it ended the app
    /// with a crash (whose message, when given, holds the text). The crash is then the
    /// scenario's claim, not a failure: the app is not running after it, and `launch` may follow.
    case crashed(String?)

    /// The canonical spelling, `expect` included.
    public var description: String { ScenarioPrinter.format(self) }

    /// Whether the expectation compares a relaunch with what the user left at Home.
    public var isAboutRestoration: Bool {
        switch self {
        case .restored, .lost, .flicker, .noFlicker: return true
        default: return false
        }
    }
}
