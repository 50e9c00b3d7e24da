import RestorationModel

/// Causes the engine says as the app ends itself: when secure decoding refuses a value, the coder
/// raises, as `NSKeyedUnarchiver` does, and the uncaught exception ends the app before any
/// restoration report is asked for. What the engine knew of why (whose value, which key, which
/// classes) would die with the process; a process sends each to the runner at once instead.
public final class EndingCauses {
    public private(set) var causes: [RestorationCause] = []
    /// Called for each cause (a process forwards it to the runner before it ends).
    public var onCause: ((RestorationCause) -> Void)?

    init() {}

    func say(_ cause: RestorationCause) {
        causes.append(cause)
        onCause?(cause)
    }
}
