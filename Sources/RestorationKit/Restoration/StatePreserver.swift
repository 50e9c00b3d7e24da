import BinaryPropertyList
import Foundation
import RestorationModel

/// Preservation, when the app enters the background: asks the delegate, gives each taking part
/// object a coder of its own, and collects what they wrote into a `StateArchive`.
///
/// The walk starts at the window's root view controller and follows the references objects
/// save: a container saves its children, a controller what it presented. An override that
/// forgets `super` therefore loses what lies below it, as on a device.
final class StatePreserver {
    private let application: UIApplication
    private let delegate: UIApplicationDelegate
    private let resolver: RestorationPathResolver
    private var archive = StateArchive()
    private var queue: [(object: AnyObject, path: RestorationPath)] = []
    private var preserved: [RestorationPath: AnyObject] = [:]
    /// Whether every coder requires secure coding: set by the pair that opted in.
    private var requiresSecureCoding = true
    /// The mistakes seen while preserving, for the report (see `RestorationCause`).
    private(set) var causes: [RestorationCause] = []

    init(application: UIApplication, delegate: UIApplicationDelegate) {
        self.application = application
        self.delegate = delegate
        self.resolver = RestorationPathResolver(application: application, rootViewController: delegate.window?.rootViewController ?? application.keyWindow?.rootViewController)
    }

    /// The archive to write, or `nil` when the delegate does not opt in to saving.
    func preserve() -> StateArchive? {
        let topLevel = RestorationCoder(references: references(), log: application.consoleLog, owner: "the app delegate")
        let answer = OptIn.shouldSave(application, delegate, topLevel)
        guard let pair = answer.pair else {
            if case .declined(let how) = answer { causes.append(.notOptedIn(toSaving: true, delegate: delegate, answer: how)) }
            return nil
        }
        requiresSecureCoding = pair.requiresSecureCoding
        application.isPreserving = true
        defer { application.isPreserving = false }

        let configuration = application.configuration
        topLevel.encodeReserved(configuration.bundleVersion, forKey: ReservedKey.bundleVersion)
        topLevel.encodeReserved(configuration.systemVersion, forKey: ReservedKey.systemVersion)
        topLevel.encodeReserved(Device.now, forKey: ReservedKey.timestamp)
        topLevel.encodeReserved(UIUserInterfaceIdiom.phone.rawValue, forKey: ReservedKey.userInterfaceIdiom)
        delegate.application(application, willEncodeRestorableStateWith: topLevel)
        archive.topLevel = topLevel.values
        causes += topLevel.causes.map { $0.concerning(className: String(describing: type(of: delegate))) }

        // A window with an identifier is preserved too, as a root of its own, before its content.
        if let window = delegate.window ?? application.keyWindow, let identifier = window.restorationIdentifier, !identifier.isEmpty {
            enqueue(window, at: RestorationPath(root: identifier))
        }
        let root = delegate.window?.rootViewController ?? application.keyWindow?.rootViewController
        if let root, let rootPath = resolver.path(of: root) {
            enqueue(root, at: rootPath)
        }
        if let root { findControllersWithoutIdentifiers(from: root, place: "the window's root view controller") }
        drainQueue()
        // Registered objects come after the tree, since their parents may be in it; one may
        // also be the parent of another, so go on while new ones are found.
        var progress = true
        while progress {
            progress = false
            for (object, _) in application.registeredObjects {
                if let path = resolver.path(ofRegistered: object), preserved[path] == nil {
                    enqueue(object, at: path)
                    progress = true
                }
            }
            drainQueue()
        }
        archive.sortParentsFirst()
        return archive
    }

    private func enqueue(_ object: AnyObject, at path: RestorationPath) {
        if let existing = preserved[path] {
            if existing !== object {
                let cause = RestorationCause.duplicatePath(path.description, kept: "\(type(of: existing))", keptPlace: Self.place(of: existing),
                                                           skipped: "\(type(of: object))", skippedPlace: Self.place(of: object))
                if !causes.contains(cause) { causes.append(cause) }
            }
            return
        }
        preserved[path] = object
        queue.append((object, path))
    }

    /// Where a controller stands, to tell apart two on one path; `nil` for other objects.
    private static func place(of object: AnyObject) -> String? {
        guard let controller = object as? UIViewController else { return nil }
        if let parent = controller.parent, let index = parent.children.firstIndex(where: { $0 === controller }) {
            return "child \(index) of \(type(of: parent))"
        }
        return controller.directPresenter.map { "presented by \(type(of: $0))" }
    }

    private func drainQueue() {
        var next = 0
        while next < queue.count {
            let (object, path) = queue[next]
            next += 1
            preserve(object, at: path)
        }
        queue.removeAll()
    }

    private func preserve(_ object: AnyObject, at path: RestorationPath) {
        let coder = RestorationCoder(references: references(), log: application.consoleLog, owner: "\(type(of: object)) at \(path)", requiresSecureCoding: requiresSecureCoding)
        defer { causes += coder.causes.map { $0.concerning(path: path.description, className: "\(type(of: object))") } }
        let kind: StateArchive.Kind
        switch object {
        case let controller as UIViewController:
            kind = .viewController
            controller.encodeRestorableState(with: coder)
            if !coder.reachedBaseImplementation {
                causes.append(.superNotCalled(path: path.description, className: String(describing: type(of: controller)), encoding: true))
            }
            if let restorationClass = controller.restorationClass {
                archive.restorationClassMap[path] = RuntimeNaming.current.recordedName(of: restorationClass)
            }
            if let view = controller.viewIfLoaded { enqueueViews(in: view, ownedBy: controller, at: path) }
        case let view as UIView:
            kind = .view
            view.encodeRestorableState(with: coder)
        case let restoring as UIStateRestoring:
            kind = .object
            restoring.encodeRestorableState(with: coder)
            if let restorationClass = restoring.objectRestorationClass {
                archive.restorationClassMap[path] = RuntimeNaming.current.recordedName(of: restorationClass)
            }
        default:
            return
        }
        archive.append(StateArchive.Entry(path: path, kind: kind, className: RuntimeNaming.current.recordedName(of: type(of: object)), state: coder.values))
    }

    /// References written into a coder become paths, and (unless conditional) make the
    /// referenced object preserved too.
    private func references() -> RestorationCoder.References {
        var references = RestorationCoder.References()
        references.encode = { [unowned self] object, conditional in
            let path = (object as? UIViewController).flatMap(resolver.pathSavedByHand) ?? resolver.path(of: object)
            guard let path else { return nil }
            if !conditional { enqueue(object, at: path) }
            return path.description
        }
        return references
    }

    /// The views with identifiers in a controller's hierarchy, not those of child controllers.
    private func enqueueViews(in view: UIView, ownedBy controller: UIViewController, at controllerPath: RestorationPath) {
        if let owner = view.owningViewController, owner !== controller { return }
        if let identifier = view.restorationIdentifier, !identifier.isEmpty { enqueue(view, at: controllerPath.appending(identifier)) }
        for subview in view.subviews { enqueueViews(in: subview, ownedBy: controller, at: controllerPath) }
    }

    // MARK: Causes

    /// Walks the controllers on screen and names each one that takes no part because it has no
    /// identifier (or one of its ancestors has none), with what was skipped below it. Below such
    /// a controller nothing is named again: its own absence explains theirs. Its place is said
    /// only for such a controller: saying it for each of thousands that have one was slow.
    private func findControllersWithoutIdentifiers(from controller: UIViewController, place: @autoclosure () -> String) {
        // An alert is never restored, on purpose: its lack of an identifier explains nothing.
        if controller is UIAlertController { return }
        guard let path = resolver.path(of: controller) else {
            let identifier = controller.restorationIdentifier ?? ""
            guard identifier.isEmpty else { return } // a path cannot be made for another reason
            causes.append(.noRestorationIdentifier(className: String(describing: type(of: controller)), place: place(),
                                                   below: Self.descendants(of: controller).map(Self.name)))
            return
        }
        for (index, child) in controller.children.enumerated() {
            findControllersWithoutIdentifiers(from: child, place: "child \(index) of \(path)")
        }
        if let presented = controller.directlyPresented {
            findControllersWithoutIdentifiers(from: presented, place: "presented by \(path)")
        }
    }

    /// Every controller below one: its children and what it presented, and theirs, in order.
    private static func descendants(of controller: UIViewController) -> [UIViewController] {
        var found: [UIViewController] = []
        var seen: Set<ObjectIdentifier> = [ObjectIdentifier(controller)]
        func visit(_ parent: UIViewController) {
            for next in parent.children + [parent.directlyPresented].compactMap({ $0 }) where seen.insert(ObjectIdentifier(next)).inserted {
                found.append(next)
                visit(next)
            }
        }
        visit(controller)
        return found
    }

    /// A controller as a person finds it: its class, and its identifier when it has one.
    private static func name(_ controller: UIViewController) -> String {
        let className = String(describing: type(of: controller))
        guard let identifier = controller.restorationIdentifier, !identifier.isEmpty else { return className }
        return "\(className) \"\(identifier)\""
    }
}
