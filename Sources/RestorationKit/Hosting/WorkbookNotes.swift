import RestorationModel

/// Where the engine's notes go: what it did that explains a run without being why something was
/// lost (a child left out with its parent, a call it ignored). They are the workbook's own words,
/// kept apart from `ConsoleLog`, which holds only lines a device prints. A host collects them; a
/// process sends each to the runner as it happens, since they come at any moment of a launch.
public final class WorkbookNotes {
    public private(set) var notes: [RestorationCause] = []
    /// Called for every new note (a process forwards it to the runner).
    public var onNote: ((RestorationCause) -> Void)?

    init() {}

    /// Records a note; one said already at this launch is not said again.
    func add(_ note: RestorationCause) {
        guard !notes.contains(note) else { return }
        notes.append(note)
        onNote?(note)
    }
}
