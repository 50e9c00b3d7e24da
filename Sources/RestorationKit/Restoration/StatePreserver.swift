import BinaryPropertyList
import Foundation

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
    private var preserved: [RestorationPath: ObjectIdentifier] = [:]
    private var log: ConsoleLog { application.consoleLog }
    /// Whether every coder requires secure coding: set by the pair that opted in.
    private var requiresSecureCoding = true

    init(application: UIApplication, delegate: UIApplicationDelegate) {
        self.application = application
        self.delegate = delegate
        self.resolver = RestorationPathResolver(application: application, rootViewController: delegate.window?.rootViewController ?? application.keyWindow?.rootViewController)
    }

    /// The archive to write, or `nil` when the delegate does not opt in to saving.
    func preserve() -> StateArchive? {
        let topLevel = RestorationCoder(log: log, owner: "the app delegate")
        guard let pair = OptIn.shouldSave(application, delegate, topLevel) else {
            log.debug(.saveState, "The app delegate does not opt in to saving state; nothing is written")
            return nil
        }
        requiresSecureCoding = pair.requiresSecureCoding
        application.isPreserving = true
        defer { application.isPreserving = false }

        let configuration = application.configuration
        topLevel.encodeReserved(configuration.bundleVersion, forKey: ReservedKey.bundleVersion)
        topLevel.encodeReserved(configuration.systemVersion, forKey: ReservedKey.systemVersion)
        topLevel.encodeReserved(Device.now, forKey: ReservedKey.timestamp)
        topLevel.encodeReserved(0, forKey: ReservedKey.userInterfaceIdiom)
        delegate.application(application, willEncodeRestorableStateWith: topLevel)
        archive.topLevel = topLevel.values

        // A window with an identifier is preserved too, as a root of its own, before its content.
        if let window = delegate.window ?? application.keyWindow, let identifier = window.restorationIdentifier, !identifier.isEmpty {
            enqueue(window, at: RestorationPath(root: identifier))
        }
        if let root = delegate.window?.rootViewController ?? application.keyWindow?.rootViewController,
           let rootPath = resolver.path(of: root) {
            enqueue(root, at: rootPath)
        }
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
            if existing != ObjectIdentifier(object) {
                log.warn("Warning: Two objects have the restoration identifier path \(path): the first is preserved, the second (\(type(of: object))) is skipped. Restoration identifier paths must be unique.")
            }
            return
        }
        preserved[path] = ObjectIdentifier(object)
        queue.append((object, path))
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
        let coder = RestorationCoder(references: references(), log: log, owner: "\(type(of: object)) at \(path)", requiresSecureCoding: requiresSecureCoding)
        let kind: StateArchive.Kind
        switch object {
        case let controller as UIViewController:
            kind = .viewController
            controller.encodeRestorableState(with: coder)
            if let restorationClass = controller.restorationClass {
                archive.restorationClassMap[path] = String(reflecting: restorationClass)
            }
            if let view = controller.viewIfLoaded { enqueueViews(in: view, ownedBy: controller) }
        case let view as UIView:
            kind = .view
            view.encodeRestorableState(with: coder)
        case let restoring as UIStateRestoring:
            kind = .object
            restoring.encodeRestorableState(with: coder)
            if let restorationClass = restoring.objectRestorationClass {
                archive.restorationClassMap[path] = String(reflecting: restorationClass)
            }
        default:
            return
        }
        archive.append(StateArchive.Entry(path: path, kind: kind, className: String(reflecting: type(of: object)), state: coder.values))
    }

    /// References written into a coder become paths, and (unless conditional) make the
    /// referenced object preserved too.
    private func references() -> RestorationCoder.References {
        var references = RestorationCoder.References()
        references.encode = { [unowned self] object, conditional in
            guard let path = resolver.path(of: object) else { return nil }
            if !conditional { enqueue(object, at: path) }
            return path.description
        }
        return references
    }

    /// The views with identifiers in a controller's hierarchy, not those of child controllers.
    private func enqueueViews(in view: UIView, ownedBy controller: UIViewController) {
        if let owner = view.owningViewController, owner !== controller { return }
        if let path = resolver.path(of: view) { enqueue(view, at: path) }
        for subview in view.subviews { enqueueViews(in: subview, ownedBy: controller) }
    }
}
