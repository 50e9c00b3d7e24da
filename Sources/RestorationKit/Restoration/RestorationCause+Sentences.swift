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

// MARK: What the debug log used to say in UIKit's voice

extension RestorationCause {
    /// This cause, naming the object concerned where it did not yet: a coder's causes know only
    /// its owner's description, the code that handed it out knows its path and class.
    func concerning(path: String? = nil, className: String? = nil) -> RestorationCause {
        var cause = self
        cause.path = cause.path ?? path
        cause.className = cause.className ?? className
        return cause
    }

    /// `discarded` is false when `UIStateRestorationDeveloperMode` kept the archive.
    static func restorationAbandoned(_ reason: AbandonReason, discarded: Bool) -> RestorationCause {
        let outcome = discarded ? " The saved state was deleted."
            : " UIStateRestorationDeveloperMode is on, so the saved state was kept for the next launch instead of being deleted."
        return RestorationCause(.restorationAbandoned,
                                sentence: "Restoration was abandoned and the app launched fresh: \(reason.sentence).\(outcome)\(reason.inference.map { " " + $0 } ?? "")")
    }

    /// Why an archive was given up on before anything was restored.
    enum AbandonReason {
        /// The archive could not be read; `problem` says why.
        case unreadable(String)
        /// The marker file counted down to no tries left.
        case noTriesLeft
        /// The marker file could not be read as a count; `problem` says why.
        case unusableMarker(String)

        var sentence: String {
            switch self {
            case .unreadable(let problem): "the archive could not be read (\(problem))"
            case .noTriesLeft: "earlier launches did not finish restoring it, and the marker file inprogress.data has no tries left (kRestorationTriesLeft reached 0)"
            case .unusableMarker(let problem): "\(problem), so it counts as no tries left"
            }
        }

        /// What in the rule is the workbook's guess, said where the rule decides.
        var inference: String? {
            switch self {
            case .unreadable: "What UIKit does with an archive it cannot read is not documented; the workbook gives it up."
            case .noTriesLeft, .unusableMarker: "That UIKit allows two tries is an inference from the marker's key, not documented."
            }
        }
    }

    /// `kept` (a class) was saved under the path; `skipped` was not. Each `…Place` says where
    /// that object stands ("child 1 of CompareViewController"), when it can be said: two objects
    /// of one class are told apart only by where they are.
    static func duplicatePath(_ path: String, kept: String, keptPlace: String? = nil, skipped: String, skippedPlace: String? = nil) -> RestorationCause {
        let second = kept == skipped ? "another \(skipped)" : "a \(skipped)"
        let first = "a \(kept)" + (keptPlace.map { " (\($0))" } ?? "")
        let other = second + (skippedPlace.map { " (\($0))" } ?? "")
        return RestorationCause(.duplicatePath, path: path, className: skipped,
                                sentence: "Two objects have the restoration identifier path \(path): \(first), saved, and \(other), skipped, so its state was not saved. Paths must be unique: give each its own restoration identifier. What UIKit does with a second object on one path is not documented, and keeping the first is the workbook's own guess.")
    }

    static func classMismatch(path: String, restored: String, saved: String) -> RestorationCause {
        RestorationCause(.classMismatch, path: path, className: restored,
                         sentence: "The object restored for \(path) is a \(restored), not the saved \(saved) or a subclass of it, so it was kept but not asked to decode its state.")
    }

    // The coder's causes: it is nonisolated, as NSCoder is, so these are too.

    /// A coder's owner at the start of a sentence ("the app delegate" becomes "The app delegate").
    private nonisolated static func opening(_ owner: String) -> String {
        owner.prefix(1).uppercased() + owner.dropFirst()
    }

    /// `owner` names the object whose coder it was ("ItemViewController at Navigation/:[1]:/Item").
    /// `encoded` is the class of the value; `refused` the class inside it that secure coding refuses.
    nonisolated static func valueNotEncodable(owner: String, key: String, encoded: String, refused: String, holds: Bool) -> RestorationCause {
        let culprit = holds ? "which holds a \(refused) that" : "which"
        return RestorationCause(.valueNotEncodable,
                                sentence: "\(opening(owner)) encoded a \(encoded) under the key \(key), \(culprit) does not adopt NSSecureCoding, so the value was not saved. The app delegate opted in with application(_:shouldSaveSecureApplicationState:), so the coder requires secure coding: adopt NSSecureCoding in \(refused), and decode it with decodeObject(of:forKey:).")
    }

    /// Secure decoding refused what `owner` read under `key`, asking for `asked` (none: it used
    /// `decodeObject(forKey:)`); the coder is about to raise. `path` is the owner's, if it has one.
    nonisolated static func valueRefused(owner: String, path: String?, className: String?, key: String,
                                         asked: [AnyClass], refusal: AllowedClasses.Refusal) -> RestorationCause {
        let askedNames = asked.map { "\($0).self" }
        let call = asked.isEmpty ? "decodeObject(forKey:), which asks for no class"
                                 : "decodeObject(of: [\(askedNames.joined(separator: ", "))], forKey:)"
        let problem: String
        let remedy: String
        switch refusal {
        case .notAsked(let type, let innerKey):
            let value = innerKey == key ? "is a \(type)" : "holds a \(type)"
            problem = "the value saved there \(value), a class it did not ask for"
            remedy = "Ask for every class the value holds: decodeObject(of: [\((askedNames + ["\(type).self"]).joined(separator: ", "))], forKey: \"\(key)\")."
        case .notSecure(let type):
            problem = "the value saved there is or holds a \(type), which does not adopt NSSecureCoding"
            remedy = "Adopt NSSecureCoding in \(type) (with supportsSecureCoding returning true)."
        case .unknown(let name, _):
            problem = "the value saved there is an archived \(name), a class this app does not have (renamed or removed since the state was saved)"
            remedy = "Keep a class by that name, or stop reading the key."
        }
        return RestorationCause(.valueRefused, path: path, className: className,
                                sentence: "\(opening(owner)) read the key \"\(key)\" with \(call), and \(problem). A coder that requires secure coding refuses it: it raised NSInvalidUnarchiveOperationException, nothing caught it, and the app crashed while restoring. \(remedy)")
    }

    nonisolated static func reservedKey(owner: String, key: String) -> RestorationCause {
        RestorationCause(.reservedKey,
                         sentence: "\(opening(owner)) encoded a value under the key \(key), which UIKit reserves for itself, so the workbook did not save it. Apple says only not to use these keys; refusing the value is the workbook's rule. Choose a key of your own.")
    }

    nonisolated static func referenceNotSaved(owner: String, key: String, referenced: String) -> RestorationCause {
        RestorationCause(.referenceNotSaved,
                         sentence: "\(opening(owner)) encoded a reference to a \(referenced) under the key \(key), but that object takes no part in state restoration (it has no restoration identifier, or one of its ancestors has none), so nothing was saved under the key.")
    }

    static func notRestored(path: String, className: String, reason: String) -> RestorationCause {
        RestorationCause(.notRestored, path: path, className: className,
                         sentence: "Nothing restored \(className) at \(path): \(reason). It and everything below it were not restored.")
    }

    static func registeredAfterRestoration(path: String, className: String, moment: LaunchMoment) -> RestorationCause {
        RestorationCause(.registeredAfterRestoration, path: path, className: className,
                         sentence: "\(className) at \(path) was saved, but at this launch it was registered with registerObject(forStateRestoration:restorationIdentifier:) \(moment.phrase), so restoration did not find it and it never got its state back. Register it by the end of application(_:willFinishLaunchingWithOptions:), before restoration runs (or while restoration recreates its restoration parent).")
    }

    /// `restorationClass` made `selected` when it is known; `firstTab` is the title of the tab the
    /// bar stays on.
    nonisolated static func selectedTabNotHeld(tabBar: String, tabBarPath: String, selectedPath: String, selected: String,
                                               restorationClass: String?, firstTab: String?) -> RestorationCause {
        let maker = restorationClass.map { "its restoration class \($0) made a new one" } ?? "a new one was made for it"
        let stays = firstTab.map { "stays on the first tab, \"\($0)\"" } ?? "stays on the first tab"
        return RestorationCause(.selectedTabNotHeld, path: tabBarPath, className: tabBar,
                                sentence: "\(tabBar) at \(tabBarPath) saved the \(selected) at \(selectedPath) as its selected tab, but \(maker) while the tab bar kept the one the app built: a tab bar cannot select a controller it does not hold, so the selection \(stays). Let the tab the app builds at launch be found at its path (a tab needs no restoration class), or put the new controller on the bar.")
    }

    static func archiveNotWritten(_ problem: String) -> RestorationCause {
        RestorationCause(.archiveNotWritten, sentence: "The restoration archive could not be written (\(problem)), so nothing saved at this Home can come back.")
    }
}
