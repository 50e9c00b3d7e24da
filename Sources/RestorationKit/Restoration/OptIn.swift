import Foundation

/// Whether the delegate opts in to saving and restoring, and with which pair: the secure pair is
/// asked first; a delegate that only implements the older pair is obeyed, with UIKit's
/// deprecation warning. The pair decides how strict the coders of that preservation or
/// restoration are, as on iOS: the secure pair's coders require secure coding, the older ones not.
enum OptIn {
    /// The pair that said yes.
    enum Pair {
        /// `application(_:shouldSaveSecureApplicationState:)` / `shouldRestoreSecure…`.
        case secure
        /// `application(_:shouldSaveApplicationState:)` / `shouldRestoreApplicationState`.
        case older

        var requiresSecureCoding: Bool { self == .secure }
    }

    /// The pair that opted in to saving, or `nil` when the delegate does not.
    static func shouldSave(_ application: UIApplication, _ delegate: UIApplicationDelegate, _ coder: RestorationCoder) -> Pair? {
        ask(application, coder,
            secure: { delegate.application(application, shouldSaveSecureApplicationState: coder) },
            older: { delegate.application(application, shouldSaveApplicationState: coder) },
            names: ("application(_:shouldSaveApplicationState:)", "application(_:shouldSaveSecureApplicationState:)"))
    }

    /// The pair that opted in to restoring, or `nil` when the delegate does not.
    static func shouldRestore(_ application: UIApplication, _ delegate: UIApplicationDelegate, _ coder: RestorationCoder) -> Pair? {
        ask(application, coder,
            secure: { delegate.application(application, shouldRestoreSecureApplicationState: coder) },
            older: { delegate.application(application, shouldRestoreApplicationState: coder) },
            names: ("application(_:shouldRestoreApplicationState:)", "application(_:shouldRestoreSecureApplicationState:)"))
    }

    /// Each method sees the coder as strict as its pair makes it, and the coder stays so.
    private static func ask(_ application: UIApplication, _ coder: RestorationCoder, secure: () -> Bool, older: () -> Bool, names: (old: String, new: String)) -> Pair? {
        DelegateDefaults.usedDefault = false
        coder.isSecure = true
        let answer = secure()
        guard DelegateDefaults.usedDefault else { return answer ? .secure : nil }
        DelegateDefaults.usedDefault = false
        coder.isSecure = false
        let olderAnswer = older()
        guard !DelegateDefaults.usedDefault else { coder.isSecure = true; return nil }
        application.consoleLog.warn("Warning: \(names.old) is deprecated; implement \(names.new) instead.")
        return olderAnswer ? .older : nil
    }
}
