import Foundation
import RestorationModel

/// Whether the delegate opts in to saving and restoring, and with which pair: the secure pair is
/// asked first; a delegate that only implements the older pair is obeyed. That pair is deprecated
/// since iOS 13.2, which Xcode says when it compiles; nothing is logged at run time. The pair
/// decides how strict the coders of that preservation or restoration are, as on iOS: the secure
/// pair's coders require secure coding, the older ones not.
enum OptIn {
    /// The pair that said yes.
    enum Pair {
        /// `application(_:shouldSaveSecureApplicationState:)` / `shouldRestoreSecure…`.
        case secure
        /// `application(_:shouldSaveApplicationState:)` / `shouldRestoreApplicationState`.
        case older

        var requiresSecureCoding: Bool { self == .secure }
    }

    /// The delegate's answer: the pair that said yes, or how it said no.
    enum Answer {
        case optedIn(Pair)
        /// Which method said no and how, in words ("returned false from …", "implements neither …").
        case declined(String)

        var pair: Pair? {
            if case .optedIn(let pair) = self { return pair }
            return nil
        }
    }

    /// Whether the delegate opts in to saving, and with which pair.
    static func shouldSave(_ application: UIApplication, _ delegate: UIApplicationDelegate, _ coder: RestorationCoder) -> Answer {
        ask(coder,
            secure: { delegate.application(application, shouldSaveSecureApplicationState: coder) },
            older: { delegate.application(application, shouldSaveApplicationState: coder) },
            names: ("application(_:shouldSaveApplicationState:)", "application(_:shouldSaveSecureApplicationState:)"))
    }

    /// Whether the delegate opts in to restoring, and with which pair.
    static func shouldRestore(_ application: UIApplication, _ delegate: UIApplicationDelegate, _ coder: RestorationCoder) -> Answer {
        ask(coder,
            secure: { delegate.application(application, shouldRestoreSecureApplicationState: coder) },
            older: { delegate.application(application, shouldRestoreApplicationState: coder) },
            names: ("application(_:shouldRestoreApplicationState:)", "application(_:shouldRestoreSecureApplicationState:)"))
    }

    /// Each method sees the coder as strict as its pair makes it, and the coder stays so.
    private static func ask(_ coder: RestorationCoder, secure: () -> Bool, older: () -> Bool, names: (old: String, new: String)) -> Answer {
        DelegateDefaults.usedDefault = false
        coder.isSecure = true
        let answer = secure()
        guard DelegateDefaults.usedDefault else { return answer ? .optedIn(.secure) : .declined("returned false from \(names.new)") }
        DelegateDefaults.usedDefault = false
        coder.isSecure = false
        let olderAnswer = older()
        guard !DelegateDefaults.usedDefault else {
            coder.isSecure = true
            return .declined("implements neither \(names.new) nor \(names.old), and both answer false when not implemented")
        }
        return olderAnswer ? .optedIn(.older) : .declined("returned false from \(names.old)")
    }
}
