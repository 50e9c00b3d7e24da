import RestorationModel

/// The sentences of the workbook's notes: what the engine did that explains a run without being
/// the reason something was lost. A device says nothing of these in its log.
extension RestorationCause {
    static func parentNotRestored(path: String, className: String, parent: String) -> RestorationCause {
        RestorationCause(.parentNotRestored, path: path, className: className,
                         sentence: "\(className) at \(path) was left out because its parent, \(parent), was not restored.")
    }

    static var snapshotIgnoredOutsidePreservation: RestorationCause {
        RestorationCause(.callIgnored,
                         sentence: "ignoreSnapshotOnNextApplicationLaunch() was called outside state preservation, so it was ignored: it counts only from encodeRestorableState(with:) or application(_:willEncodeRestorableStateWith:).")
    }

    static var unbalancedCompletion: RestorationCause {
        RestorationCause(.callIgnored,
                         sentence: "completeStateRestoration() was called without a matching extendStateRestoration(), so it was ignored.")
    }

    /// `refusal` says what was asked and why it was refused, as a clause.
    static func presentationRefused(className: String, _ refusal: String) -> RestorationCause {
        RestorationCause(.presentationRefused, className: className, sentence: "\(refusal); the workbook ignored it.")
    }

    /// `file` names what was not written ("the app's container at /tmp/…", "the snapshot").
    static func fileNotWritten(_ file: String, problem: String) -> RestorationCause {
        RestorationCause(.fileNotWritten, sentence: "\(file) could not be written (\(problem)).")
    }
}
