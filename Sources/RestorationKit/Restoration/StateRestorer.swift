import BinaryPropertyList
import Foundation
import RestorationModel

/// Restoration, at launch after the app was terminated by the system. Runs between the
/// delegate's `willFinishLaunching` and `didFinishLaunching`:
/// read the archive, ask the delegate, mark the attempt, find every object (parents first, in
/// the four ways), decode them (after their views loaded), then tell everyone it is over.
final class StateRestorer {
    private let application: UIApplication
    private let delegate: UIApplicationDelegate
    private var container: AppContainer { application.container }
    private var log: ConsoleLog { application.consoleLog }
    private var report = RestorationReport()
    private var restored: [RestorationPath: AnyObject] = [:]
    /// The path each restored object was restored at, by identity.
    private var restoredPaths: [ObjectIdentifier: RestorationPath] = [:]
    /// Registered objects (and what hangs below them) not found yet: code that runs while
    /// restoration recreates a controller (its initializer, its `awakeFromNib`) may still register
    /// them, so they are looked for again before decoding and when a reference names them.
    private var pending: [StateArchive.Entry] = []
    /// Registered objects left out because nothing was registered at their paths in time.
    private var unregistered: [StateArchive.Entry] = []
    /// The entries asked to decode so far.
    private var decoded: Set<RestorationPath> = []
    /// Where each entry stands in the archive's list of paths, for the root set's log lines.
    private var indexes: [RestorationPath: Int] = [:]
    private var addressCounter = 0
    /// Whether every coder requires secure coding: set by the pair that opted in.
    private var requiresSecureCoding = true

    init(application: UIApplication, delegate: UIApplicationDelegate) {
        self.application = application
        self.delegate = delegate
    }

    func restore() -> RestorationReport {
        guard FileManager.default.fileExists(atPath: container.archiveURL.path) else { return report }

        let archive: StateArchive
        do {
            archive = try StateArchive(contentsOf: container.archiveURL)
        } catch {
            abandon(because: .unreadable(error.description))
            return report
        }
        // Its references (the app delegate may save controllers by hand) name restored objects
        // once they are found, in time for application(_:didDecodeRestorableStateWith:).
        var topLevelReferences = RestorationCoder.References()
        topLevelReferences.decode = { [unowned self] path in self.object(referencedAt: path) }
        let topLevel = RestorationCoder(values: archive.topLevel, references: topLevelReferences, log: log, owner: "the app delegate")
        let answer = OptIn.shouldRestore(application, delegate, topLevel)
        guard let pair = answer.pair else {
            if case .declined(let how) = answer { report.causes.append(.notOptedIn(toSaving: false, delegate: delegate, answer: how)) }
            report.outcome = .notOptedIn
            report.reason = "the app delegate does not opt in to restoring state"
            return report
        }
        requiresSecureCoding = pair.requiresSecureCoding
        log.debug(.restoreState,
                  "State restoration archive was saved with major version \(archive.majorVersion), minor version \(archive.minorVersion). Current major version \(StateArchive.currentMajorVersion), current minor version \(StateArchive.currentMinorVersion).")
        collectCauses(of: topLevel, className: String(describing: type(of: delegate)))
        guard markAttempt() else { return report }

        application.restorationInProgress = true
        if application.configuration.crashesDuringRestoration {
            fatalError("the app crashed while restoring its state (the runner asked for a crash during restoration)")
        }
        // Room for every entry at once: ten thousand objects grew each table a dozen times.
        let count = archive.entries.count
        restored.reserveCapacity(count)
        restoredPaths.reserveCapacity(count)
        decoded.reserveCapacity(count)
        indexes.reserveCapacity(count)
        logRootsAndClassMap(of: archive)
        findObjects(in: archive)
        decodeObjects(in: archive)
        // Nothing here puts a restored root into the window: the code that recreated it does
        // (or it was there already). A root nobody installs is not shown.
        delegate.application(application, didDecodeRestorableStateWith: topLevel)
        collectCauses(of: topLevel, className: String(describing: type(of: delegate)))
        // By index: a loop over the entries would copy each one (its path, class and state).
        for index in archive.entries.indices {
            guard let object = restored[archive.entries[index].path] else { continue }
            finishRestoring(object)
        }
        application.restorationInProgress = false
        if application.restorationExtensions == 0 {
            container.removeRestorationMarker()
        } else {
            application.onRestorationExtensionsCompleted = { [container] in container.removeRestorationMarker() }
        }
        report.outcome = .restored
        var restoredPaths: [String] = []
        for index in archive.entries.indices where restored[archive.entries[index].path] != nil {
            restoredPaths.append(archive.entries[index].path.description)
        }
        report.restoredPaths = restoredPaths
        return report
    }

    // MARK: Giving up

    /// Restoration gives up before it starts. A device logs nothing of this; the workbook says it
    /// as a cause, and marks what in the rule is its own guess.
    private func abandon(because reason: RestorationCause.AbandonReason) {
        report.outcome = .discarded
        report.reason = reason.sentence
        let keeps = application.configuration.developerMode
        report.causes.append(.restorationAbandoned(reason, discarded: !keeps))
        if !keeps { container.discardSavedState() }
    }

    /// The marker counts attempts: a launch that dies while restoring leaves it behind, and
    /// the launch that finds it with no tries left throws the state away instead of dying again.
    private func markAttempt() -> Bool {
        var triesLeft = RestorationTries.initial
        switch container.restorationTriesLeft() {
        case .absent:
            break
        case .triesLeft(let recorded):
            guard let remaining = recorded.afterAnAttempt else {
                abandon(because: .noTriesLeft)
                container.removeRestorationMarker()
                return false
            }
            triesLeft = remaining
        case .unusable(let problem):
            abandon(because: .unusableMarker(problem))
            container.removeRestorationMarker()
            return false
        }
        do {
            try container.writeRestorationMarker(triesLeft: triesLeft)
        } catch {
            log.warn("Warning: Unable to create restoration in progress marker file")
        }
        return true
    }

    // MARK: Finding

    private func findObjects(in archive: StateArchive) {
        let window = delegate.window ?? application.keyWindow
        let resolver = RestorationPathResolver(application: application, rootViewController: window?.rootViewController)
        let existing = resolver.existingControllers()
        // Only the debug log's lines about the root set need them.
        if log.debugLogging {
            for (index, entry) in archive.entries.enumerated() { indexes[entry.path] = index }
        }
        let waiting = { [unowned self] (path: RestorationPath) in pending.contains { $0.path == path } }
        for entry in archive.entries {
            if let parent = entry.path.parent, restored[parent] == nil {
                if waiting(parent) { pending.append(entry) } else { drop(entry, below: parent) }
                continue
            }
            let object: AnyObject?
            switch entry.kind {
            case .viewController: object = findController(entry, archive: archive, existing: existing)
            case .view: object = entry.path.isRoot ? findWindow(entry) : findView(entry)
            case .object:
                object = findRegisteredObject(entry, archive: archive)
                if object == nil { pending.append(entry) }
            }
            guard let object else { continue }
            found(object, at: entry.path)
        }
        // Every controller is back now, and with them what their initializers and awakeFromNib
        // registered.
        findPendingObjects()
    }

    /// Records a restored object. UIKit logs each object of its root set (every path the archive
    /// holds, listed above as its root restoration identifier paths), with its place in that list.
    private func found(_ object: AnyObject, at path: RestorationPath) {
        restored[path] = object
        restoredPaths[ObjectIdentifier(object)] = path
        log.debug(.restoreState, "Object in root set for index [\(indexes[path] ?? 0)] for identifier path \(path): \(describe(object))")
    }

    /// Looks again for the registered objects not found yet, parents first.
    private func findPendingObjects() {
        for entry in pending where restored[entry.path] == nil {
            _ = findPending(entry)
        }
        pending.removeAll { restored[$0.path] != nil }
    }

    private func findPending(_ entry: StateArchive.Entry) -> AnyObject? {
        if let parent = entry.path.parent, restored[parent] == nil { return nil }
        guard entry.kind == .object, let object = registeredObject(at: entry.path) else { return nil }
        found(object, at: entry.path)
        return object
    }

    /// The restored object a reference names. One registered while restoration went on (by a
    /// controller's `decodeRestorableState`, say) is found here, as a device finds it when the
    /// reference is decoded.
    private func object(referencedAt path: RestorationPath) -> AnyObject? {
        if let object = restored[path] { return object }
        guard let entry = pending.first(where: { $0.path == path }) else { return nil }
        return findPending(entry)
    }

    /// What is still not found once everything decoded is left out, with the reason.
    private func dropUnfound() {
        for entry in pending where restored[entry.path] == nil {
            if let parent = entry.path.parent, restored[parent] == nil {
                drop(entry, below: parent)
            } else {
                drop(entry, "it was not registered again with registerObject(forStateRestoration:restorationIdentifier:), and no object restoration class recreated it")
                unregistered.append(entry)
            }
        }
        pending.removeAll()
    }

    /// `causes`, where an object left out as never registered was registered after all, once
    /// restoration was over: its cause then says when it was registered and when it had to be.
    func explainingLateRegistrations(_ causes: [RestorationCause]) -> [RestorationCause] {
        var causes = causes
        for entry in unregistered {
            guard let object = registeredObject(at: entry.path) else { continue }
            let moment = application.registrationMoments[ObjectIdentifier(object)] ?? .launched
            let late = RestorationCause.registeredAfterRestoration(path: entry.path.description, className: Self.shortName(entry.className), moment: moment)
            if let index = causes.firstIndex(where: { $0.kind == .notRestored && $0.path == entry.path.description }) {
                causes[index] = late
            } else {
                causes.append(late)
            }
        }
        return causes
    }

    /// The four ways, in UIKit's order: restoration class, app delegate, an existing controller
    /// with the same path, the storyboard.
    private func findController(_ entry: StateArchive.Entry, archive: StateArchive, existing: [RestorationPath: UIViewController]) -> UIViewController? {
        let components = entry.path.identifierComponents
        let coder = stateCoder(for: entry)
        // What the restoration class or the delegate read from it, as causes.
        defer { collectCauses(of: coder, path: entry.path, className: Self.shortName(entry.className)) }
        if let className = archive.restorationClassMap[entry.path] {
            guard let type = Self.classNamed(className) else {
                drop(entry, "its restoration class \(className) does not exist in this app")
                return nil
            }
            guard let restorationClass = type as? UIViewControllerRestoration.Type else {
                log.warn("Warning: restoration class for view controller does not conform to UIViewControllerRestoration protocol: Class is \(RuntimeClassName.display(className))")
                drop(entry, "its restoration class \(className) does not conform to UIViewControllerRestoration")
                return nil
            }
            guard let controller = restorationClass.viewController(withRestorationIdentifierPath: components, coder: coder) else {
                report.causes.append(.restorationClassReturnedNil(path: entry.path.description, className: Self.shortName(entry.className),
                                                                  restorationClass: Self.shortName(className),
                                                                  hint: Self.objectIDHint(in: entry.state)))
                drop(entry, "its restoration class \(Self.shortName(className)) returned nil", explained: true)
                return nil
            }
            return controller
        }
        DelegateDefaults.usedDefault = false
        if let controller = delegate.application(application, viewControllerWithRestorationIdentifierPath: components, coder: coder) {
            return controller
        }
        let delegateAnsweredNil = !DelegateDefaults.usedDefault
        let delegateAnswer = DelegateDefaults.usedDefault
            ? "the app delegate does not implement application(_:viewControllerWithRestorationIdentifierPath:coder:)"
            : "the app delegate's application(_:viewControllerWithRestorationIdentifierPath:coder:) returned nil"
        if let controller = existing[entry.path] ?? existingChild(at: entry.path) {
            return controller
        }
        let storyboardAnswer: String
        if case .string(let name)? = entry.state[ReservedKey.storyboard] {
            if let storyboard = UIStoryboard.named(name, searching: UIStoryboard.appModules),
               let controller = storyboard.instantiateForRestoration(withIdentifier: components.last ?? "") {
                return controller
            }
            storyboardAnswer = "the storyboard \(name) made no controller with the identifier \(components.last ?? "")"
        } else {
            storyboardAnswer = "it was not made from a storyboard"
        }
        // A delegate that answered nil may have found nothing at a temporary object ID.
        let hint = !delegateAnsweredNil ? nil : Self.objectIDHint(in: entry.state)
        report.causes.append(.notRecreated(path: entry.path.description, className: Self.shortName(entry.className), tried: [
            "it has no restoration class", delegateAnswer, "no controller made at launch has this path", storyboardAnswer,
        ], hint: hint))
        drop(entry, "no restoration class, app delegate, existing controller or storyboard provided a view controller", explained: true)
        return nil
    }

    /// The implicit search below a parent that was itself recreated during this restoration (a
    /// tab bar the delegate built with its tabs): the child at the saved index, or the
    /// controller the parent presented, registered under the saved identifier.
    private func existingChild(at path: RestorationPath) -> UIViewController? {
        guard let parentPath = path.parent, let parent = restored[parentPath] as? UIViewController,
              let identifier = path.identifierComponents.last else { return nil }
        let candidate: UIViewController?
        if let index = path.indexInParent {
            candidate = parent.children.indices.contains(index) ? parent.children[index] : nil
        } else {
            candidate = parent.directlyPresented
        }
        guard let candidate, candidate.isRegisteredForRestoration, candidate.restorationIdentifier == identifier else { return nil }
        return candidate
    }

    /// A window is found among the app's windows by its identifier, as it was made at launch.
    private func findWindow(_ entry: StateArchive.Entry) -> UIWindow? {
        let identifier = entry.path.identifierComponents.last
        let windows = [delegate.window].compactMap { $0 } + application.windows
        guard let window = windows.first(where: { $0.restorationIdentifier == identifier }) else {
            drop(entry, "the app has no window with the restoration identifier \(identifier ?? "")")
            return nil
        }
        return window
    }

    private func findView(_ entry: StateArchive.Entry) -> UIView? {
        guard let parent = entry.path.parent, let controller = restored[parent] as? UIViewController,
              let identifier = entry.path.identifierComponents.last else {
            drop(entry, "a view must belong to a restored view controller")
            return nil
        }
        guard let view = Self.view(identifiedBy: identifier, in: controller.view, ownedBy: controller) else {
            drop(entry, "\(type(of: controller)) has no view with the restoration identifier \(identifier)")
            return nil
        }
        return view
    }

    /// A registered object with this path, else one its restoration class makes; `nil` when
    /// neither is there yet.
    private func findRegisteredObject(_ entry: StateArchive.Entry, archive: StateArchive) -> UIStateRestoring? {
        if let object = registeredObject(at: entry.path) { return object }
        if let className = archive.restorationClassMap[entry.path],
           let restorationClass = Self.classNamed(className) as? UIObjectRestoration.Type,
           let object = restorationClass.object(withRestorationIdentifierPath: entry.path.identifierComponents, coder: stateCoder(for: entry)) {
            return object
        }
        return nil
    }

    /// The object registered under this path: its identifier below its restoration parent's
    /// path. A parent restored in this pass is known by the path it was restored at, since it
    /// may not hang in the window's tree yet (a pushed controller joins its stack only when the
    /// stack decodes).
    private func registeredObject(at path: RestorationPath) -> UIStateRestoring? {
        let window = delegate.window ?? application.keyWindow
        let resolver = RestorationPathResolver(application: application, rootViewController: window?.rootViewController)
        func pathOf(_ object: UIStateRestoring, identifier: String, depth: Int) -> RestorationPath? {
            guard let parent = object.restorationParent else { return RestorationPath(root: identifier) }
            if let restoredPath = restoredPaths[ObjectIdentifier(parent)] { return restoredPath.appending(identifier) }
            guard depth < 64 else { return nil } // a cycle of parents must end
            if let parentIdentifier = application.registeredObjects.first(where: { $0.object === parent })?.identifier {
                return pathOf(parent, identifier: parentIdentifier, depth: depth + 1)?.appending(identifier)
            }
            return resolver.path(of: parent)?.appending(identifier)
        }
        return application.registeredObjects.first { pathOf($0.object, identifier: $0.identifier, depth: 0) == path }?.object
    }

    private static func view(identifiedBy identifier: String, in view: UIView, ownedBy controller: UIViewController) -> UIView? {
        if let owner = view.owningViewController, owner !== controller { return nil }
        if view.restorationIdentifier == identifier { return view }
        for subview in view.subviews {
            if let found = Self.view(identifiedBy: identifier, in: subview, ownedBy: controller) { return found }
        }
        return nil
    }

    // MARK: Decoding

    private func decodeObjects(in archive: StateArchive) {
        for entry in archive.entries {
            if restored[entry.path] == nil, pending.contains(where: { $0.path == entry.path }) { _ = findPending(entry) }
            decode(entry)
        }
        // Objects a reference found after their turn came: they decode now, in the archive's order.
        for entry in archive.entries where !decoded.contains(entry.path) {
            decode(entry)
        }
        dropUnfound()
    }

    private func decode(_ entry: StateArchive.Entry) {
        guard let object = restored[entry.path], decoded.insert(entry.path).inserted else { return }
        guard Self.isInstance(object, of: entry.className) else {
            report.causes.append(.classMismatch(path: entry.path.description, restored: "\(type(of: object))", saved: Self.shortName(entry.className)))
            return
        }
        let coder = stateCoder(for: entry)
        defer { collectCauses(of: coder, path: entry.path, className: "\(type(of: object))") }
        switch object {
        case let controller as UIViewController:
            controller.loadViewIfNeeded()
            controller.decodeRestorableState(with: coder)
            if !coder.reachedBaseImplementation {
                report.causes.append(.superNotCalled(path: entry.path.description, className: String(describing: type(of: controller)), encoding: false))
            }
        case let view as UIView:
            view.decodeRestorableState(with: coder)
        case let restoring as UIStateRestoring:
            restoring.decodeRestorableState(with: coder)
        default:
            break
        }
        for key in coder.unsavedKeysRead {
            report.causes.append(.keyNeverEncoded(path: entry.path.description, className: String(describing: type(of: object)),
                                                  key: key, saved: coder.appKeys))
        }
    }

    // MARK: After launch

    /// The roots this restoration recreated that are not in `window` once launch is over: the
    /// code that recreated them had to put them there, and did not.
    func rootsNotInWindow(_ window: UIWindow?) -> [RestorationCause] {
        var causes: [RestorationCause] = []
        for (path, object) in restored where path.isRoot {
            guard let controller = object as? UIViewController, !Self.isShown(controller, in: window) else { continue }
            causes.append(.rootNotInWindow(path: path.description, className: String(describing: type(of: controller)),
                                           shown: window?.rootViewController.map { String(describing: type(of: $0)) }))
        }
        return causes.sorted { ($0.path ?? "") < ($1.path ?? "") }
    }

    /// Whether a controller is the window's root or hangs below it (as a child or presented).
    private static func isShown(_ controller: UIViewController, in window: UIWindow?) -> Bool {
        guard let root = window?.rootViewController else { return false }
        var current: UIViewController? = controller
        var steps = 0
        while let candidate = current, steps < 1_000 {
            if candidate === root { return true }
            current = candidate.parent ?? candidate.directPresenter
            steps += 1
        }
        return false
    }

    private func finishRestoring(_ object: AnyObject) {
        switch object {
        case let controller as UIViewController: controller.applicationFinishedRestoringState()
        case let view as UIView: view.applicationFinishedRestoringState()
        case let restoring as UIStateRestoring: restoring.applicationFinishedRestoringState()
        default: break
        }
    }

    // MARK: Helpers

    /// Why a Core Data object ID the entry saved may have found nothing, asked now, while
    /// restoration runs: a temporary ID, no store open yet, or no such row in the store.
    private static func objectIDHint(in state: [String: PropertyListValue]) -> String? {
        TemporaryObjectIDs.sentence(for: TemporaryObjectIDs.saved(in: state))
            ?? PermanentObjectIDs.sentence(for: PermanentObjectIDs.saved(in: state))
    }

    /// What went wrong with the values a coder handed out, as causes naming the object (named
    /// only when there is something to say: most coders have nothing).
    private func collectCauses(of coder: RestorationCoder, path: RestorationPath? = nil, className: @autoclosure () -> String) {
        guard !coder.causes.isEmpty else { return }
        let className = className()
        for cause in coder.causes.map({ $0.concerning(path: path?.description, className: className) }) where !report.causes.contains(cause) {
            report.causes.append(cause)
        }
    }

    private func stateCoder(for entry: StateArchive.Entry) -> RestorationCoder {
        var references = RestorationCoder.References()
        references.decode = { [unowned self] path in self.object(referencedAt: path) }
        let className = entry.className, path = entry.path // what the owner's name needs, not the whole entry
        let coder = RestorationCoder(values: entry.state, references: references, log: log, owner: "\(Self.shortName(className)) at \(path)", requiresSecureCoding: requiresSecureCoding)
        coder.ownerPath = entry.path
        coder.ownerRecordedClassName = entry.className
        return coder
    }

    /// Leaves a saved object out, with its subtree. A device logs nothing of it (a stack it
    /// truncates aside); the workbook says why as a cause, unless one was recorded already.
    private func drop(_ entry: StateArchive.Entry, _ reason: String, explained: Bool = false) {
        report.dropped.append(.init(path: entry.path.description, reason: reason))
        if !explained {
            report.causes.append(.notRestored(path: entry.path.description, className: Self.shortName(entry.className), reason: reason))
        }
    }

    /// Leaves out an object whose parent did not come back: the parent's cause explains it, and a
    /// note says what went with it.
    private func drop(_ entry: StateArchive.Entry, below parent: RestorationPath) {
        report.dropped.append(.init(path: entry.path.description, reason: "its parent \(parent) was not restored"))
        application.notes.add(.parentNotRestored(path: entry.path.description, className: Self.shortName(entry.className), parent: parent.description))
    }

    /// Every saved path, parents first, then the class map, as Foundation describes an array
    /// and a dictionary (a string is quoted unless it is letters and digits only; an empty one
    /// is its brackets on two lines, with no blank line between).
    private func logRootsAndClassMap(of archive: StateArchive) {
        guard log.debugLogging else { return } // sorting thousands of paths for no one is waste
        let paths = archive.entries.map { "    " + Self.quotedIfNeeded($0.path.description) }
        log.debug(.restoreState, "Root restoration identifier paths are (\n" + paths.joined(separator: ",\n") + (paths.isEmpty ? "" : "\n") + ")")
        let classes = archive.restorationClassMap.sorted { $0.key < $1.key }.map {
            "    \(Self.quotedIfNeeded($0.key.description)) = \(Self.quotedIfNeeded(RuntimeClassName.display($0.value)));"
        }
        log.debug(.restoreState, "Restoration Class map: {\n" + classes.map { $0 + "\n" }.joined() + "}")
    }

    static func quotedIfNeeded(_ text: String) -> String {
        let plain = !text.isEmpty && text.unicodeScalars.allSatisfy { $0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0)) }
        return plain ? text : ArchiveValueText.quoted(text)
    }

    /// An object as `-description` shows it, with a stable stand-in for its address, so logs
    /// are the same on every run.
    private func describe(_ object: AnyObject) -> String {
        addressCounter += 1
        return "<\(RuntimeNaming.current.runtimeName(of: type(of: object))): 0x6000\(String(addressCounter, radix: 16).leftPadded(to: 8))>"
    }

    /// Looks up a class by the module-qualified name the archive records: an app's class under
    /// the app's module name, which may have been saved by another step of its chapter.
    /// Names from an archive are checked first: only plain dotted identifiers reach the
    /// runtime, never a crafted mangled name.
    static func classNamed(_ recordedName: String) -> AnyClass? {
        let name = RuntimeNaming.current.compiledName(ofRecorded: recordedName)
        // A name is checked and looked up once: an archive names the same few classes thousands
        // of times.
        return classesByName.value(for: name, make: lookUpClass(compiledName:))
    }

    /// The classes names were found to stand for: what a name finds does not change while the
    /// app runs, and checking it, then asking the runtime, cost more than restoring an object.
    private static let classesByName = ProcessMemo<String, AnyClass?>()

    private static func lookUpClass(compiledName name: String) -> AnyClass? {
        let parts = name.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count >= 2, parts.allSatisfy({ part in
            guard let first = part.first, first == "_" || first.isLetter else { return false }
            return part.allSatisfy { $0 == "_" || $0.isLetter || $0.isNumber } && part.allSatisfy(\.isASCII)
        }) else { return nil }
        return _typeByName(name) as? AnyClass
    }

    /// Whether an object is of the saved class or a subclass of it. A saved class that no
    /// longer exists matches only by name.
    static func isInstance(_ object: AnyObject, of className: String) -> Bool {
        if RuntimeNaming.current.recordedName(of: type(of: object)) == className { return true }
        guard let saved = classNamed(className) else { return false }
        var current: AnyClass? = type(of: object)
        while let candidate = current {
            if candidate == saved { return true }
            current = _getSuperclass(candidate)
        }
        return false
    }

    /// The name causes give a class: what follows the module's dot (`Herbarium.PageViewController`
    /// is `PageViewController`). Nonisolated, and a plain loop over the bytes of an ASCII name, as
    /// compiled names are: a closure isolated to the main actor checks the executor at every call.
    nonisolated static func shortName(_ className: String) -> String {
        let bytes = className.utf8
        let dot = UInt8(ascii: ".")
        // The last part between dots that is not empty, as `split(separator:)` parts it.
        var partStart = bytes.startIndex, lastPart: Range<String.Index>?, index = bytes.startIndex
        while index < bytes.endIndex {
            let byte = bytes[index]
            // Other text is cut by characters, where a dot followed by a combining mark is no dot.
            if byte >= 0x80 { return String(className.split(separator: ".").last ?? Substring(className)) }
            if byte == dot {
                if partStart < index { lastPart = partStart..<index }
                partStart = bytes.index(after: index)
            }
            index = bytes.index(after: index)
        }
        if partStart < bytes.endIndex { lastPart = partStart..<bytes.endIndex }
        return lastPart.map { String(className[$0]) } ?? className
    }
}

extension String {
    func leftPadded(to length: Int, with pad: Character = "0") -> String {
        count >= length ? self : String(repeating: pad, count: length - count) + self
    }
}
