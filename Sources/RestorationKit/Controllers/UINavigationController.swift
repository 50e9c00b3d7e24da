import Foundation
import RestorationModel

/// A stack of controllers with a navigation bar. Inserts `:[n]:` index segments into its
/// children's restoration paths, and saves references to its stack, bottom to top.
@preconcurrency @MainActor open class UINavigationController: UIViewController {
    public init(rootViewController: UIViewController) {
        super.init(nibName: nil, bundle: nil)
        setViewControllers([rootViewController], animated: false)
    }

    public override init(nibName nibNameOrNil: String?, bundle nibBundleOrNil: Bundle?) {
        super.init(nibName: nibNameOrNil, bundle: nibBundleOrNil)
    }

    public required init?(coder: NSCoder) {
        super.init(coder: coder)
    }

    open var isNavigationBarHidden = false

    public func setNavigationBarHidden(_ hidden: Bool, animated: Bool) {
        isNavigationBarHidden = hidden
    }

    /// The stack, bottom to top.
    open var viewControllers: [UIViewController] {
        get { children }
        set { setViewControllers(newValue, animated: false) }
    }

    open var topViewController: UIViewController? { children.last }

    /// A navigation controller given no tab bar item of its own shows its root controller's in a
    /// tab bar, as UIKit does: the root controller usually says what the tab is.
    open override var tabBarItem: UITabBarItem! {
        get {
            guard !hasOwnTabBarItem, let root = children.first else { return super.tabBarItem }
            return root.tabBarItem
        }
        set { super.tabBarItem = newValue }
    }

    /// The controller on screen: what the top controller presented, or the top controller.
    open var visibleViewController: UIViewController? {
        presentedViewController ?? topViewController
    }

    open func setViewControllers(_ viewControllers: [UIViewController], animated: Bool) {
        let kept = Set(viewControllers.map(ObjectIdentifier.init))
        for old in children where !kept.contains(ObjectIdentifier(old)) {
            old.removeFromParent()
        }
        var index = 0
        for controller in viewControllers {
            guard insertChild(controller, at: index) else { continue }
            controller.didMove(toParent: self)
            index += 1
        }
        Appearance.refresh()
    }

    open func pushViewController(_ viewController: UIViewController, animated: Bool) {
        guard insertChild(viewController, at: children.count) else { return }
        viewController.didMove(toParent: self)
        Appearance.refresh()
    }

    @discardableResult
    open func popViewController(animated: Bool) -> UIViewController? {
        guard children.count > 1, let top = children.last else { return nil }
        top.removeFromParent()
        Appearance.refresh()
        return top
    }

    @discardableResult
    open func popToRootViewController(animated: Bool) -> [UIViewController]? {
        guard let root = children.first else { return nil }
        return popToViewController(root, animated: animated)
    }

    @discardableResult
    open func popToViewController(_ viewController: UIViewController, animated: Bool) -> [UIViewController]? {
        guard let index = children.firstIndex(where: { $0 === viewController }) else { return nil }
        let popped = Array(children[(index + 1)...])
        popped.forEach { $0.removeFromParent() }
        Appearance.refresh()
        return popped
    }

    /// What a user's tap on the back button does.
    public func simulateBack() throws {
        guard children.count > 1 else { throw UserActionError("there is no back button: the navigation stack holds one screen") }
        guard topViewController?.navigationItem.hidesBackButton != true else {
            throw UserActionError("the back button is hidden on this screen")
        }
        popViewController(animated: true)
    }

    /// A navigation controller shows by pushing.
    open override func show(_ vc: UIViewController, sender: Any?) {
        pushViewController(vc, animated: true)
    }

    /// On an unwind segue's way: pops back to the child towards the destination.
    open override func unwind(for unwindSegue: UIStoryboardSegue, towards subsequentVC: UIViewController) {
        popToViewController(subsequentVC, animated: true)
    }

    // MARK: State restoration

    open override func encodeRestorableState(with coder: NSCoder) {
        super.encodeRestorableState(with: coder)
        (coder as? RestorationCoder)?.encodeReserved(references: children, forKey: ReservedKey.children)
    }

    open override func decodeRestorableState(with coder: NSCoder) {
        super.decodeRestorableState(with: coder)
        guard let coder = coder as? RestorationCoder, coder.containsValue(forKey: ReservedKey.children) else { return }
        // When not even the root came back, the stack the app built stays: an empty navigation
        // controller would show the user nothing at all.
        let restored = ContainerRestoration.children(from: coder)
        if !restored.isEmpty { setViewControllers(restored, animated: false) }
    }

    // MARK: What the user sees

    override func visibleChain() -> [UIViewController] {
        [self] + (topViewController?.visibleChain() ?? [])
    }

    /// Whether the tab bar around this stack is hidden: a controller that hides it hides it for
    /// everything pushed above it too, until it is popped.
    var hidesBottomBar: Bool {
        children.contains { $0.hidesBottomBarWhenPushed }
    }

    open override func screenElements() -> [ScreenElement] {
        guard let top = topViewController else { return [] }
        var elements: [ScreenElement] = []
        if !isNavigationBarHidden { elements.append(navigationBar(for: top)) }
        return elements + top.screenElements()
    }

    private func navigationBar(for top: UIViewController) -> ScreenElement {
        let item = top.navigationItem
        var bar = ScreenElement(role: .navigationBar, identifier: "navigation bar")
        bar.set(ScreenProperty.title, item.title ?? top.title ?? "")
        if children.count > 1, !item.hidesBackButton, item.leftBarButtonItem == nil {
            let below = children[children.count - 2]
            bar.set(ScreenProperty.back, below.navigationItem.backButtonTitle ?? below.navigationItem.title ?? below.title ?? "Back")
        }
        bar.children = (item.leftBarButtonItems ?? []).map { $0.screenElement(side: "left") }
            + (item.rightBarButtonItems ?? []).map { $0.screenElement(side: "right") }
        return bar
    }
}
