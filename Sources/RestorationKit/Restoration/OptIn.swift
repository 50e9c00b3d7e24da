import Foundation

/// Whether the delegate opts in to saving and restoring. The secure pair is asked first; a
/// delegate that only implements the older pair is obeyed, with UIKit's deprecation warning.
enum OptIn {
    static func shouldSave(_ application: UIApplication, _ delegate: UIApplicationDelegate, _ coder: NSCoder) -> Bool {
        ask(application,
            secure: { delegate.application(application, shouldSaveSecureApplicationState: coder) },
            deprecated: { delegate.application(application, shouldSaveApplicationState: coder) },
            names: ("application(_:shouldSaveApplicationState:)", "application(_:shouldSaveSecureApplicationState:)"))
    }

    static func shouldRestore(_ application: UIApplication, _ delegate: UIApplicationDelegate, _ coder: NSCoder) -> Bool {
        ask(application,
            secure: { delegate.application(application, shouldRestoreSecureApplicationState: coder) },
            deprecated: { delegate.application(application, shouldRestoreApplicationState: coder) },
            names: ("application(_:shouldRestoreApplicationState:)", "application(_:shouldRestoreSecureApplicationState:)"))
    }

    private static func ask(_ application: UIApplication, secure: () -> Bool, deprecated: () -> Bool, names: (old: String, new: String)) -> Bool {
        DelegateDefaults.usedDefault = false
        let answer = secure()
        guard DelegateDefaults.usedDefault else { return answer }
        DelegateDefaults.usedDefault = false
        let olderAnswer = deprecated()
        guard !DelegateDefaults.usedDefault else { return false }
        application.consoleLog.warn("Warning: \(names.old) is deprecated; implement \(names.new) instead.")
        return olderAnswer
    }
}
