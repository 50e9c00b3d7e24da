import Foundation
import RestorationModel

/// How the segues a storyboard declares are performed: made from their declaration, prepared by
/// the source, then performed; found for a tap or a row's selection that triggers them; and, for
/// unwind segues, how the controller to go back to is found and shown again.
@preconcurrency @MainActor enum StoryboardSegues {
    /// `performSegue(withIdentifier:sender:)`.
    static func perform(_ identifier: String, from source: UIViewController, sender: Any?) {
        guard let storyboard = source.storyboard, let scene = source.storyboardSceneIdentifier,
              let declared = storyboard.segue(identifier, fromScene: scene) else {
            fatalError("Receiver (<\(type(of: source))>) has no segue with identifier '\(identifier)'")
        }
        perform(declared, from: source, in: storyboard, sender: sender)
    }

    private static func perform(_ declared: UIStoryboard.Scene.Segue, from source: UIViewController, in storyboard: UIStoryboard, sender: Any?) {
        switch declared.kind.transition {
        case .unwind(let action):
            unwind(declared.identifier, from: source, sender: sender) { candidate in
                guard candidate.canPerformUnwindSegueAction(action, from: source, sender: sender) else { return nil }
                // A controller that says yes without naming the action in unwindActions has
                // nothing to run; the way back is still taken.
                return unwindAction(action, of: candidate) ?? { _ in }
            }
            return
        case .unwindToMethod(let method):
            unwind(declared.identifier, from: source, sender: sender) { $0 === source ? nil : method($0) }
            return
        case .show, .showDetail, .present, .custom:
            break
        }
        let sceneIdentifier = declared.destination ?? ""
        guard let destination = storyboard.instantiateDestination(sceneIdentifier) else {
            fatalError("Storyboard '\(storyboard.name)' doesn't contain a view controller with identifier '\(sceneIdentifier)' (the destination of segue '\(declared.identifier)')")
        }
        let segue: UIStoryboardSegue
        switch declared.kind.transition {
        case .show:
            segue = UIStoryboardSegue(identifier: declared.identifier, source: source, destination: destination) { [unowned source] in
                source.show(destination, sender: sender)
            }
        case .showDetail:
            segue = UIStoryboardSegue(identifier: declared.identifier, source: source, destination: destination) { [unowned source] in
                source.showDetailViewController(destination, sender: sender)
            }
        case .present(let style):
            if let style { destination.modalPresentationStyle = style }
            segue = UIStoryboardSegue(identifier: declared.identifier, source: source, destination: destination) { [unowned source] in
                source.present(destination, animated: true)
            }
        case .custom(let segueClass):
            segue = segueClass.init(identifier: declared.identifier, source: source, destination: destination)
        case .unwind, .unwindToMethod:
            return
        }
        source.prepare(for: segue, sender: sender)
        segue.perform()
    }

    // MARK: Triggers

    /// A tap on a button: performs the segues its scene draws from it, each if the source agrees.
    static func tapped(_ control: UIView) {
        guard let source = RestorationPathResolver.owningController(of: control) else { return }
        let names = [control.accessibilityIdentifier, control.restorationIdentifier, (control as? UIButton)?.currentTitle].compactMap { $0 }
        performTriggered(from: source, sender: control) { trigger in
            if case .tapping(let name) = trigger { return names.contains(name) }
            return false
        }
    }

    /// A tap on a bar button: the segues drawn from it by the controller whose bar holds it.
    static func tapped(_ item: UIBarButtonItem) {
        guard let window = UIApplication.current?.keyWindow else { return }
        let holder = window.currentlyVisibleControllers().last { controller in
            let items = (controller.navigationItem.leftBarButtonItems ?? []) + (controller.navigationItem.rightBarButtonItems ?? [])
            return items.contains { $0 === item }
        }
        guard let source = holder else { return }
        let names = [item.accessibilityIdentifier, item.title].compactMap { $0 }
        performTriggered(from: source, sender: item) { trigger in
            if case .tapping(let name) = trigger { return names.contains(name) }
            return false
        }
    }

    /// A row selected by a user: the segues drawn from the table's cells, with the cell as the
    /// sender. UIKit performs them before it tells the delegate `didSelectRowAt`.
    static func selectedRow(at indexPath: IndexPath, in table: UITableView) {
        guard let source = RestorationPathResolver.owningController(of: table) else { return }
        let cell: Any = table.cellForRow(at: indexPath) ?? table
        performTriggered(from: source, sender: cell) { trigger in
            if case .selectingRow = trigger { return true }
            return false
        }
    }

    private static func performTriggered(from source: UIViewController, sender: Any, matching: (UIStoryboard.Scene.Trigger) -> Bool) {
        guard let storyboard = source.storyboard, let scene = source.storyboardSceneIdentifier else { return }
        for declared in storyboard.triggeredSegues(fromScene: scene) where declared.trigger.map(matching) == true {
            guard source.shouldPerformSegue(withIdentifier: declared.identifier, sender: sender) else { continue }
            perform(declared, from: source, in: storyboard, sender: sender)
        }
    }

    // MARK: Unwinding

    /// The closure an unwind action names on a controller, with or without its trailing colon.
    static func unwindAction(_ action: String, of controller: UIViewController) -> ((UIStoryboardSegue) -> Void)? {
        let actions = controller.unwindActions
        let bare = action.hasSuffix(":") ? String(action.dropLast()) : action
        return actions[action] ?? actions[bare] ?? actions[bare + ":"]
    }

    /// An unwind segue: the destination is found (the first controller on the way back that
    /// `action` gives an action for), the source prepares, the destination's action runs, then
    /// the screens between them go (dismissed, popped) so the destination shows. With no
    /// destination on the way back nothing happens, as when Interface Builder's Exit finds no
    /// action.
    private static func unwind(_ identifier: String, from source: UIViewController, sender: Any?,
                               action: (UIViewController) -> ((UIStoryboardSegue) -> Void)?) {
        guard let found = unwindDestination(from: source, action) else { return }
        let (destination, run) = found
        let segue = UnwindSegue(identifier: identifier, source: source, destination: destination)
        source.prepare(for: segue, sender: sender)
        run(segue)
        segue.perform()
    }

    /// The controller an unwind segue goes back to: up from the source, through parents and
    /// then whoever presented, each container's other children searched first (for a
    /// navigation controller, those below the source, nearest first), then the container itself.
    /// Apple documents the pieces (`allowedChildrenForUnwinding`, `canPerformUnwindSegueAction`);
    /// this order of them is the engine's reading.
    private static func unwindDestination(from source: UIViewController, _ action: (UIViewController) -> ((UIStoryboardSegue) -> Void)?)
        -> (UIViewController, (UIStoryboardSegue) -> Void)? {
        var visited: Set<ObjectIdentifier> = [ObjectIdentifier(source)]
        var current = source
        while let next = current.parent ?? current.directPresenter, visited.insert(ObjectIdentifier(next)).inserted {
            for candidate in childrenToSearch(in: next, comingFrom: current) {
                if let found = search(candidate, action, &visited) { return found }
            }
            if let run = action(next) { return (next, run) }
            current = next
        }
        return nil
    }

    private static func search(_ controller: UIViewController, _ action: (UIViewController) -> ((UIStoryboardSegue) -> Void)?,
                               _ visited: inout Set<ObjectIdentifier>) -> (UIViewController, (UIStoryboardSegue) -> Void)? {
        guard visited.insert(ObjectIdentifier(controller)).inserted else { return nil }
        if let run = action(controller) { return (controller, run) }
        for child in childrenToSearch(in: controller, comingFrom: nil) {
            if let found = search(child, action, &visited) { return found }
        }
        return nil
    }

    /// A container's children an unwind search looks through: a navigation stack's from the top
    /// down (below the child it comes from), any other container's in order.
    private static func childrenToSearch(in container: UIViewController, comingFrom child: UIViewController?) -> [UIViewController] {
        guard let navigation = container as? UINavigationController else {
            return container.children.filter { $0 !== child }
        }
        let stack = navigation.viewControllers
        let below = child.flatMap { child in stack.firstIndex { $0 === child } } ?? stack.count
        return stack[..<below].reversed()
    }

    /// An unwind segue's transition: what was presented above the destination is dismissed,
    /// then each container on the way up shows the child towards it (`unwind(for:towards:)`).
    private final class UnwindSegue: UIStoryboardSegue {
        override func perform() {
            let layer = destination.rootAncestor
            if layer.presentedViewController != nil { layer.dismiss(animated: true) }
            var child = destination
            while let parent = child.parent {
                parent.unwind(for: self, towards: child)
                child = parent
            }
        }
    }
}
