import RestorationModel

/// The sentence of each cause, in one place so that every tool says it the same way.
extension RestorationCause {
    static func notOptedIn(toSaving saving: Bool, delegate: UIApplicationDelegate, answer: String) -> RestorationCause {
        let name = String(describing: type(of: delegate))
        let outcome = saving ? "nothing was saved at Home" : "the saved state was not restored and the app launched fresh"
        return RestorationCause(saving ? .notOptedInToSaving : .notOptedInToRestoring, className: name,
                                sentence: "The app delegate (\(name)) \(answer), so \(outcome).")
    }

    /// `place` says where the controller stands ("child 1 of Tabs"); `below` names what was
    /// skipped with it.
    static func noRestorationIdentifier(className: String, place: String, below: [String]) -> RestorationCause {
        let shown = below.prefix(5).joined(separator: ", ") + (below.count > 5 ? " and \(below.count - 5) more" : "")
        let skipped = below.isEmpty ? "." : ", nor was anything below it: \(shown)."
        return RestorationCause(.noRestorationIdentifier, className: className,
                                sentence: "\(className) (\(place)) has no restoration identifier, so it was not saved\(skipped)")
    }

    /// `tried` says what each of the four ways answered, in UIKit's order.
    /// `hint` is a further sentence on what the controller saved that may explain it.
    static func notRecreated(path: String, className: String, tried: [String], hint: String? = nil) -> RestorationCause {
        RestorationCause(.notRecreated, path: path, className: className,
                         sentence: "Nothing recreated \(className) at \(path): \(tried.joined(separator: "; ")). It and everything below it were not restored." + (hint.map { " " + $0 } ?? ""))
    }

    static func restorationClassReturnedNil(path: String, className: String, restorationClass: String, hint: String? = nil) -> RestorationCause {
        RestorationCause(.restorationClassReturnedNil, path: path, className: className,
                         sentence: "The restoration class \(restorationClass) returned nil from viewController(withRestorationIdentifierPath:coder:) for \(path), so it and everything below it were not restored." + (hint.map { " " + $0 } ?? ""))
    }

    /// `saved` are the keys the object's own code saved; the closest by spelling is named.
    static func keyNeverEncoded(path: String, className: String, key: String, saved: [String]) -> RestorationCause {
        let quoted = saved.map { "\"\($0)\"" }.joined(separator: ", ")
        let hint = KeySpelling.closest(to: key, among: saved).map { "; the closest is \"\($0)\"" } ?? ""
        let keys = saved.isEmpty ? "it saved no key of its own" : "the keys it saved: \(quoted)\(hint)"
        return RestorationCause(.keyNeverEncoded, path: path, className: className,
                                sentence: "\(className) at \(path) read the key \"\(key)\" in decodeRestorableState(with:), but nothing was saved under it; \(keys).")
    }

    static func superNotCalled(path: String, className: String, encoding: Bool) -> RestorationCause {
        let method = encoding ? "encodeRestorableState(with:)" : "decodeRestorableState(with:)"
        let outcome = encoding ? "UIKit's own state for it (its children, the selected tab, what it presented) was not saved"
                               : "UIKit's own state for it (its children, the selected tab, what it presented) was not restored"
        return RestorationCause(.superNotCalled, path: path, className: className,
                                sentence: "\(className) at \(path) does not call super.\(method), so \(outcome).")
    }

    /// `shown` is the class the window shows instead, if any.
    static func rootNotInWindow(path: String, className: String, shown: String?) -> RestorationCause {
        let instead = shown.map { "the window shows \($0) instead" } ?? "the window has no root view controller"
        return RestorationCause(.rootNotInWindow, path: path, className: className,
                                sentence: "\(className) at \(path) was recreated by restoration but never put into the window, so it is not shown: \(instead).")
    }
}
