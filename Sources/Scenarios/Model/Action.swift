/// Something the user or the system does. Each case is one kind of step; the comment shows how
/// a scenario writes it. Rows and tabs are counted from 0.
public enum Action: Sendable, Hashable, CustomStringConvertible {
    // MARK: The app's life

    /// `launch`: starts the app (the first time, or again after it was killed).
    case launch
    /// `press home`: the app resigns active, enters the background, preserves its state, the
    /// system takes the snapshot, and the app is suspended.
    case pressHome
    /// `return to the app`: a suspended app comes back to the foreground, still in memory.
    case returnToApp
    /// `kill`: the app's process is ended (SIGKILL). After `press home` this is the system
    /// ending a suspended app under memory pressure; in front, it is stopping the app from the
    /// debugger, so nothing was preserved in this run. Only what the app wrote to its container
    /// survives.
    case kill
    /// `force quit`: the user swipes the app away in the app switcher: its saved state is
    /// deleted, then it is killed.
    case forceQuit
    /// `crash`: the running app crashes (a trap in its code).
    case crash
    /// `crash during restoration`: the app is launched and crashes while restoring its state.
    case crashDuringRestoration
    /// `update to version 2`: a new version of the app is installed (the system ends the app
    /// first, if it is suspended).
    case update(version: String)
    /// `wait 5 minutes`: simulated time passes; nothing else happens.
    case wait(ScenarioDuration)
    /// `fill the disk`: the device's storage fills up while the app is not running: from the
    /// next launch on, no file in its container can be written or grow.
    case fillDisk

    // MARK: What the user does

    /// `tap Save`, `tap "Edit"`, `tap row 2`: a button, a bar button or a cell.
    case tap(ElementReference)
    /// `type "Rusty Spork" into Name`: taps a field (or text view) and types; `\n` is the
    /// return key. Typing adds to the text already there.
    case type(String, into: ElementReference)
    /// `clear Name`: empties a field.
    case clear(ElementReference)
    /// `toggle Notifications`: flips a switch.
    case toggle(ElementReference)
    /// `select row 2`, `select "Rusty Spork"`: taps a row to select it. The element is always
    /// a row by position (`.row`) or a row by its text (`.title`).
    case select(ElementReference)
    /// `scroll Items to 240`, `scroll to row 30`: drags a table or scroll view. `nil` is the only
    /// table or scroll view on the screen.
    case scroll(ElementReference?, to: ScrollTarget)
    /// `delete row 2`, `delete "Rusty Spork"`: deletes a row (swipe, then Delete). A row by
    /// position or by its text, as for `select`.
    case deleteRow(ElementReference)
    /// `move row 0 to row 3`: drags a row by its reorder control (the table must be editing).
    /// The row moved is a row by position or by its text, as for `select`.
    case moveRow(ElementReference, to: RowPosition)
    /// `pick 2026-11-22 09:30 in Due`: turns a date picker's wheels to a date (UTC). Without
    /// `in …` (`nil`), the only date picker on the screen.
    case pick(ScenarioDate, in: ElementReference?)
    /// `slide Volume to 0.8`: drags a slider's thumb. `slide to 0.8` (`nil`): the only slider.
    case slide(ElementReference?, to: Double)
    /// `choose "Tokyo" in City`, `choose segment 2 in City`: taps a segment. Without `in …`
    /// (`nil`), the only segmented control on the screen.
    case chooseSegment(Choice, in: ElementReference?)
    /// `choose tab "Hypnotize"`, `choose tab 1` (also `tap tab …`): taps a tab of the tab bar.
    case chooseTab(Choice)
    /// `go back`: taps the navigation bar's back button.
    case goBack
    /// `dismiss`: dismisses the screen presented on top (the user swipes it down).
    case dismiss

    /// The canonical spelling of the step.
    public var description: String { ScenarioPrinter.format(self) }

    /// Whether this is something the user does on the screen (so the app must be in front).
    public var isUserAction: Bool {
        switch self {
        case .launch, .pressHome, .returnToApp, .kill, .forceQuit, .crash, .crashDuringRestoration, .update, .wait, .fillDisk:
            return false
        default:
            return true
        }
    }
}
