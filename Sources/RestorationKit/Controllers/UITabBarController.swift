import Foundation
import RestorationModel

/// Tabs of controllers. Inserts `:[n]:` index segments into its children's restoration paths.
/// It saves only a reference to the selected tab: the tabs themselves are the ones the app
/// builds at launch, found again by their paths. A tab that cannot be restored stays on the bar.
@preconcurrency @MainActor open class UITabBarController: UIViewController {
    open var viewControllers: [UIViewController]? {
        get { children.isEmpty ? nil : children }
        set { setViewControllers(newValue, animated: false) }
    }

    private var _selectedIndex = 0

    open var selectedIndex: Int {
        get { children.isEmpty ? NSNotFound : _selectedIndex }
        set {
            guard children.indices.contains(newValue) else { return }
            _selectedIndex = newValue
            Appearance.refresh()
        }
    }

    open var selectedViewController: UIViewController? {
        get { children.indices.contains(_selectedIndex) ? children[_selectedIndex] : nil }
        set {
            guard let newValue, let index = children.firstIndex(where: { $0 === newValue }) else { return }
            selectedIndex = index
        }
    }

    open func setViewControllers(_ viewControllers: [UIViewController]?, animated: Bool) {
        let selected = selectedViewController
        let controllers = viewControllers ?? []
        for old in children where !controllers.contains(where: { $0 === old }) {
            old.removeFromParent()
        }
        var index = 0
        for controller in controllers {
            guard insertChild(controller, at: index) else { continue }
            controller.didMove(toParent: self)
            index += 1
        }
        _selectedIndex = selected.flatMap { old in controllers.firstIndex { $0 === old } } ?? 0
        Appearance.refresh()
    }

    /// What a user's tap on a tab does.
    public func simulateSelectTab(at index: Int) throws {
        guard children.indices.contains(index) else {
            throw UserActionError("there is no tab \(index); the tab bar has \(children.count) tabs")
        }
        selectedIndex = index
    }

    /// On an unwind segue's way: selects the tab towards the destination.
    open override func unwind(for unwindSegue: UIStoryboardSegue, towards subsequentVC: UIViewController) {
        selectedViewController = subsequentVC
    }

    // MARK: State restoration

    open override func encodeRestorableState(with coder: NSCoder) {
        super.encodeRestorableState(with: coder)
        guard let coder = coder as? RestorationCoder else { return }
        // The tabs are preserved, each under its own path, but no list of them is written
        // (the talk's real archive has no children key on the tab bar).
        coder.preserveWithoutStoring(children)
        if let selectedViewController {
            coder.encodeReserved(conditionalObject: selectedViewController, forKey: ReservedKey.tabBarSelected)
        }
    }

    /// Restores the selection only. The selected tab is matched by identity, so it must be one
    /// of the tabs the app built; a tab recreated elsewhere is not put on the bar.
    open override func decodeRestorableState(with coder: NSCoder) {
        super.decodeRestorableState(with: coder)
        guard let coder = coder as? RestorationCoder else { return }
        if let path = coder.referencePaths(forKey: ReservedKey.tabBarSelected).first,
           let selected = coder.object(atPath: path) as? UIViewController {
            guard children.contains(where: { $0 === selected }) else {
                // A second controller made for the tab's path (by a restoration class, say)
                // while the bar kept the tab the app built: it cannot be selected.
                let tabs = String(describing: type(of: self))
                coder.explain(.selectedTabNotHeld(tabBar: tabs, tabBarPath: coder.ownerPath?.description ?? tabs,
                                                  selectedPath: path, selected: String(describing: type(of: selected)),
                                                  restorationClass: selected.restorationClass.map { String(describing: $0) },
                                                  firstTab: children.first.map(Self.tabTitle)))
                return
            }
            selectedViewController = selected
        }
    }

    // MARK: What the user sees

    override func visibleChain() -> [UIViewController] {
        [self] + (selectedViewController?.visibleChain() ?? [])
    }

    open override func screenElements() -> [ScreenElement] {
        let content = selectedViewController?.screenElements() ?? []
        guard isTabBarShown else { return content }
        var tabBar = ScreenElement(role: .tabBar, identifier: "tab bar")
        tabBar.set(ScreenProperty.segments, children.map(Self.tabTitle).joined(separator: " | "))
        if let selectedViewController {
            tabBar.set(ScreenProperty.selected, Self.tabTitle(of: selectedViewController))
        }
        return content + [tabBar]
    }

    /// The tab bar is hidden while a navigation stack in the selected tab holds a controller
    /// that asked for it (`hidesBottomBarWhenPushed`); popping back below it shows the bar again.
    var isTabBarShown: Bool {
        let visible = selectedViewController?.visibleChain() ?? []
        return !visible.contains { ($0 as? UINavigationController)?.hidesBottomBar == true }
    }

    /// What a tab is called: its item's title, else its controller's.
    static func tabTitle(of controller: UIViewController) -> String {
        controller.tabBarItem.title ?? controller.title ?? ""
    }
}
