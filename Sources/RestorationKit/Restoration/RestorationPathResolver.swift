import RestorationModel

/// Works out where an object stands in the restoration tree, or that it takes no part.
///
/// A controller takes part only if it has an identifier and every ancestor on its path does.
/// A child of a navigation or tab bar controller gets a `:[n]:` segment; a presented
/// controller hangs under its presenter with none; the window's root is a root.
final class RestorationPathResolver {
    private let application: UIApplication
    private let rootViewController: UIViewController?
    private var controllerPaths: [ObjectIdentifier: RestorationPath?] = [:]
    private var childIndexes: [ObjectIdentifier: [ObjectIdentifier: Int]] = [:]

    init(application: UIApplication, rootViewController: UIViewController?) {
        self.application = application
        self.rootViewController = rootViewController
    }

    func path(of object: AnyObject) -> RestorationPath? {
        switch object {
        case let controller as UIViewController: path(of: controller)
        case let view as UIView: path(of: view)
        case let restoring as UIStateRestoring: path(ofRegistered: restoring)
        default: nil
        }
    }

    func path(of controller: UIViewController) -> RestorationPath? {
        let key = ObjectIdentifier(controller)
        if let cached = controllerPaths[key] { return cached }
        controllerPaths[key] = .some(nil) // a cycle in a broken hierarchy must end, not recurse
        let path = computePath(of: controller)
        controllerPaths[key] = path
        return path
    }

    private func computePath(of controller: UIViewController) -> RestorationPath? {
        guard let identifier = controller.restorationIdentifier, !identifier.isEmpty else { return nil }
        if let parent = controller.parent {
            return path(of: parent).flatMap { childPath(identifier, of: controller, in: parent, under: $0) }
        }
        if let presenter = controller.directPresenter {
            return path(of: presenter)?.appending(identifier)
        }
        return controller === rootViewController ? RestorationPath(root: identifier) : nil
    }

    /// The path of a controller that an object saved a reference to by hand, when its own chain
    /// does not reach the root (an ancestor has no identifier, so the tree walk skipped it):
    /// its identifiers from the highest ancestor that still has one, down to it. Apple's guide:
    /// leaving a group out of preservation does not stop the app saving one of its members by
    /// reference, which preserves it; the app makes it again at launch (which path UIKit gives
    /// it is not documented: this is the engine's reading). `nil` without an identifier.
    func pathSavedByHand(of controller: UIViewController) -> RestorationPath? {
        if let path = path(of: controller) { return path }
        guard let identifier = controller.restorationIdentifier, !identifier.isEmpty else { return nil }
        return controller.parent.flatMap { parent in
            pathSavedByHand(of: parent).flatMap { childPath(identifier, of: controller, in: parent, under: $0) }
        } ?? RestorationPath(root: identifier)
    }

    /// A child's path below its parent's: navigation, tab bar and page view controllers put the
    /// child's position in it (`:[n]:`); `nil` when such a parent does not hold the child.
    private func childPath(_ identifier: String, of child: UIViewController, in parent: UIViewController,
                           under parentPath: RestorationPath) -> RestorationPath? {
        guard Self.indexesChildren(parent) else { return parentPath.appending(identifier) }
        return index(of: child, in: parent).map { parentPath.appending(identifier, atIndex: $0) }
    }

    /// UIKit's containers that number their children in paths. A page view controller's pages
    /// are numbered like a navigation stack's (the engine's reading; RESTORATION.md is silent).
    static func indexesChildren(_ parent: UIViewController) -> Bool {
        parent is UINavigationController || parent is UITabBarController || parent is UIPageViewController
    }

    private func index(of child: UIViewController, in parent: UIViewController) -> Int? {
        let key = ObjectIdentifier(parent)
        if childIndexes[key] == nil {
            var indexes: [ObjectIdentifier: Int] = [:]
            for (index, sibling) in parent.children.enumerated() { indexes[ObjectIdentifier(sibling)] = index }
            childIndexes[key] = indexes
        }
        return childIndexes[key]?[ObjectIdentifier(child)]
    }

    /// A view takes part when it has an identifier and the controller it belongs to does.
    func path(of view: UIView) -> RestorationPath? {
        guard let identifier = view.restorationIdentifier, !identifier.isEmpty,
              let owner = Self.owningController(of: view) else { return nil }
        return path(of: owner)?.appending(identifier)
    }

    /// A registered object's path: its identifier under its restoration parent's path.
    func path(ofRegistered object: UIStateRestoring, visiting: Set<ObjectIdentifier> = []) -> RestorationPath? {
        guard let identifier = application.registeredObjects.first(where: { $0.object === object })?.identifier else { return nil }
        guard let parent = object.restorationParent else { return RestorationPath(root: identifier) }
        let key = ObjectIdentifier(object)
        guard !visiting.contains(key) else { return nil }
        let parentPath: RestorationPath?
        switch parent {
        case let controller as UIViewController: parentPath = path(of: controller)
        case let view as UIView: parentPath = path(of: view)
        default: parentPath = path(ofRegistered: parent, visiting: visiting.union([key]))
        }
        return parentPath?.appending(identifier)
    }

    /// The controller whose view hierarchy a view is in: the nearest root view's controller.
    static func owningController(of view: UIView) -> UIViewController? {
        var current: UIView? = view
        while let candidate = current {
            if let owner = candidate.owningViewController { return owner }
            current = candidate.superview
        }
        return nil
    }

    /// Every controller reachable from the root (children and presented ones) whose identifier
    /// was assigned, with its path: what the implicit search at launch looks through.
    func existingControllers() -> [RestorationPath: UIViewController] {
        var found: [RestorationPath: UIViewController] = [:]
        var pending: [UIViewController] = rootViewController.map { [$0] } ?? []
        var seen = Set<ObjectIdentifier>()
        while let controller = pending.popLast() {
            guard seen.insert(ObjectIdentifier(controller)).inserted else { continue }
            if controller.isRegisteredForRestoration, let path = path(of: controller), found[path] == nil { found[path] = controller }
            pending += controller.children
            if let presented = controller.directlyPresented { pending.append(presented) }
        }
        return found
    }
}
