import Foundation
import RestorationModel

/// Manages a screen's view hierarchy and takes part in state restoration when it has a
/// `restorationIdentifier` and every ancestor on its path has one too.
///
/// It adopts `NSCoding`, as UIKit declares it (and not `NSSecureCoding`), so a coder's
/// `decodeObject(of: PlantViewController.self, forKey:)` compiles as on iOS. A restoration
/// coder keeps a controller as a reference, never a copy, and gives the restored controller back.
@preconcurrency @MainActor open class UIViewController: UIResponder, UIStateRestoring, @preconcurrency NSCoding {
    /// The name earlier RestorationKit code used; UIKit's is `UIModalPresentationStyle`.
    public typealias ModalPresentationStyle = UIModalPresentationStyle

    // MARK: Restoration

    /// Marks the controller for preservation. `nil` excludes it and everything below it.
    open var restorationIdentifier: String? {
        get { assignedRestorationIdentifier }
        set { assignedRestorationIdentifier = newValue }
    }
    /// What was assigned to `restorationIdentifier`. UIKit registers a controller for the
    /// implicit search when the property is set, so an identifier that only an overriding
    /// getter returns is preserved (preservation asks the getter) but never found again at
    /// launch: the gotcha the talk reports (seed 003).
    private var assignedRestorationIdentifier: String?
    /// Whether the implicit search at launch can find this controller.
    var isRegisteredForRestoration: Bool {
        assignedRestorationIdentifier != nil && assignedRestorationIdentifier == restorationIdentifier
    }
    /// The class asked first to recreate this controller at launch.
    open var restorationClass: UIViewControllerRestoration.Type?
    /// The storyboard this controller was instantiated from, if any.
    public internal(set) var storyboard: UIStoryboard?
    /// The storyboard ID of the scene that made it: where its segues are declared.
    var storyboardSceneIdentifier: String?

    // MARK: Identity on screen

    open var title: String? {
        didSet { if _tabBarItem?.title == nil { _tabBarItem?.title = title } }
    }
    public private(set) lazy var navigationItem = UINavigationItem()
    private var _tabBarItem: UITabBarItem?
    /// Made on first use with the controller's title, as UIKit does.
    open var tabBarItem: UITabBarItem! {
        get {
            if _tabBarItem == nil { _tabBarItem = UITabBarItem(title: title, image: nil, tag: 0) }
            return _tabBarItem
        }
        set { _tabBarItem = newValue }
    }
    /// Whether the app gave this controller a tab bar item (or used the one made on first use);
    /// a navigation controller without one shows its root controller's.
    var hasOwnTabBarItem: Bool { _tabBarItem != nil }
    /// Hides the tab bar while this controller, or one pushed above it, is on top of a
    /// navigation stack inside a tab bar controller.
    open var hidesBottomBarWhenPushed = false
    /// `.automatic`, as on iOS 13 and later: a page sheet over the presenter.
    open var modalPresentationStyle: UIModalPresentationStyle = .automatic

    // MARK: Life cycle

    public init(nibName nibNameOrNil: String?, bundle nibBundleOrNil: Bundle?) {
        super.init()
    }

    public convenience override init() {
        self.init(nibName: nil, bundle: nil)
    }

    public required init?(coder: NSCoder) {
        super.init(coder: coder)
    }

    /// `NSCoding`'s archiving. A device writes what a nib holds; here a controller comes from
    /// code or a storyboard definition, so there is nothing of UIKit's own to write. Overrides
    /// call `super`, as on iOS.
    open func encode(with coder: NSCoder) {}

    private var _view: UIView?

    /// The root view, loaded on first use through `loadView()` and `viewDidLoad()`.
    open var view: UIView! {
        get {
            loadViewIfNeeded()
            return _view
        }
        set {
            _view?.owningViewController = nil
            _view = newValue
            newValue?.owningViewController = self
        }
    }

    open var viewIfLoaded: UIView? { _view }
    open var isViewLoaded: Bool { _view != nil }

    /// Creates the root view. Override to build your own; do not call `super` then.
    open func loadView() {
        view = UIView(frame: UIScreen.main.bounds)
    }

    open func viewDidLoad() {}

    public func loadViewIfNeeded() {
        guard _view == nil else { return }
        loadView()
        if _view == nil { view = UIView(frame: UIScreen.main.bounds) }
        viewDidLoad()
    }

    open func viewWillAppear(_ animated: Bool) {}
    open func viewDidAppear(_ animated: Bool) {}
    open func viewWillDisappear(_ animated: Bool) {}
    open func viewDidDisappear(_ animated: Bool) {}

    // MARK: Layout

    /// Called before the layout pass lays out the controller's view (`Layout/LayoutPass.swift`).
    open func viewWillLayoutSubviews() {}
    /// Called once the controller's view and its subviews are laid out.
    open func viewDidLayoutSubviews() {}
    /// Where a controller updates its view's constraints, after `view.setNeedsUpdateConstraints()`.
    /// Overrides must call `super`, which updates the view's own.
    open func updateViewConstraints() {
        viewIfLoaded?.updateConstraints()
    }
    /// Room added to the safe area the bars leave, for this controller's view and its children's.
    open var additionalSafeAreaInsets: UIEdgeInsets = .zero {
        didSet { viewIfLoaded?.setNeedsLayout() }
    }

    /// The device's traits: an iPhone held upright (see `UITraitCollection.current`).
    open var traitCollection: UITraitCollection { .current }
    /// Never called on the simulated device, whose traits never change.
    open func traitCollectionDidChange(_ previousTraitCollection: UITraitCollection?) {}

    // MARK: Editing

    open private(set) var isEditing = false

    open func setEditing(_ editing: Bool, animated: Bool) {
        isEditing = editing
        _editButtonItem?.title = editing ? "Done" : "Edit"
    }

    private var _editButtonItem: UIBarButtonItem?
    /// The Edit button if it was created; asking `editButtonItem` would create it.
    var editButtonItemIfLoaded: UIBarButtonItem? { _editButtonItem }
    /// A button that toggles editing and shows "Edit" or "Done" to match.
    public var editButtonItem: UIBarButtonItem {
        if let _editButtonItem { return _editButtonItem }
        let item = UIBarButtonItem(title: isEditing ? "Done" : "Edit", primaryAction: UIAction { [weak self] _ in
            guard let self else { return }
            self.setEditing(!self.isEditing, animated: true)
        })
        _editButtonItem = item
        return item
    }

    // MARK: Containment

    public private(set) var children: [UIViewController] = []
    public private(set) weak var parent: UIViewController?

    open func addChild(_ child: UIViewController) {
        insertChild(child, at: children.count)
    }

    /// Inserts a child; `false` when it would contain its own container and was refused.
    @discardableResult
    func insertChild(_ child: UIViewController, at index: Int) -> Bool {
        guard !isOnPresentationPath(of: child) else {
            UIApplication.current?.notes.add(.presentationRefused(className: "\(type(of: child))", "\(Self.describe(child)) cannot become a child of \(Self.describe(self)), which it contains"))
            return false
        }
        // A controller is in `children` exactly when its parent is this one: only one that moves
        // within this container needs finding (a scan per insertion made a long stack quadratic).
        if child.parent !== self {
            child.removeFromParent()
        } else if let current = children.firstIndex(where: { $0 === child }) {
            children.remove(at: current)
        }
        child.willMove(toParent: self)
        children.insert(child, at: max(0, min(index, children.count)))
        child.parent = self
        return true
    }

    open func removeFromParent() {
        guard let parent else { return }
        parent.children.removeAll { $0 === self }
        self.parent = nil
        didMove(toParent: nil)
    }

    open func willMove(toParent parent: UIViewController?) {}
    open func didMove(toParent parent: UIViewController?) {}

    public var navigationController: UINavigationController? {
        var current = parent
        while let candidate = current {
            if let navigation = candidate as? UINavigationController { return navigation }
            current = candidate.parent
        }
        return nil
    }

    public var tabBarController: UITabBarController? {
        var current = parent
        while let candidate = current {
            if let tabs = candidate as? UITabBarController { return tabs }
            current = candidate.parent
        }
        return nil
    }

    /// The outermost container of this controller: where presentations really start.
    var rootAncestor: UIViewController {
        var current = self
        while let parent = current.parent { current = parent }
        return current
    }

    // MARK: Presentation

    private var _presentedViewController: UIViewController?
    private weak var _presentingViewController: UIViewController?

    /// The controller this one (or its container) presented modally.
    public var presentedViewController: UIViewController? {
        rootAncestor._presentedViewController
    }

    /// The controller that presented this one (or this one's container).
    public var presentingViewController: UIViewController? {
        rootAncestor._presentingViewController
    }

    /// The controller that presented exactly this one, not through a container.
    var directPresenter: UIViewController? { _presentingViewController }
    var directlyPresented: UIViewController? { _presentedViewController }

    /// Presents a controller modally. As in UIKit, a controller inside a container presents
    /// through its outermost container, so its own identifier is not on the presented path.
    open func present(_ viewControllerToPresent: UIViewController, animated flag: Bool, completion: (() -> Void)? = nil) {
        let presenter = rootAncestor
        if presenter.isOnPresentationPath(of: viewControllerToPresent) {
            UIApplication.current?.notes.add(.presentationRefused(className: "\(type(of: viewControllerToPresent))", "\(Self.describe(viewControllerToPresent)) was presented modally while it is already on screen"))
            return
        }
        if let existing = presenter._presentedViewController {
            UIApplication.current?.notes.add(.presentationRefused(className: "\(type(of: viewControllerToPresent))", "\(Self.describe(viewControllerToPresent)) was presented on \(Self.describe(presenter)), which is already presenting \(Self.describe(existing))"))
            return
        }
        viewControllerToPresent.removeFromParent()
        presenter._presentedViewController = viewControllerToPresent
        viewControllerToPresent._presentingViewController = presenter
        Appearance.refresh()
        completion?()
    }

    /// Dismisses what this controller presented or, if it presents nothing, dismisses itself.
    open func dismiss(animated flag: Bool, completion: (() -> Void)? = nil) {
        let root = rootAncestor
        let presenter = root._presentedViewController != nil ? root : root._presentingViewController
        guard let presenter, presenter._presentedViewController != nil else {
            completion?()
            return
        }
        Self.dismissPresented(by: presenter)
        Appearance.refresh()
        completion?()
    }

    /// Takes down what a controller presented, and everything presented above it.
    private static func dismissPresented(by presenter: UIViewController) {
        var chain: [UIViewController] = []
        var current = presenter
        while let presented = current._presentedViewController, !chain.contains(where: { $0 === presented }) {
            chain.append(presented)
            current = presented
        }
        for presented in chain.reversed() {
            presented._presentingViewController?._presentedViewController = nil
            presented._presentingViewController = nil
        }
    }

    /// Whether `controller` is this one, one of its ancestors, or on the chain of controllers
    /// that presented them: presenting it from here would make a loop.
    func isOnPresentationPath(of controller: UIViewController) -> Bool {
        // The usual way up has no presentation on it: then the parents alone, walked without the
        // bookkeeping below (which every insertion into a long stack paid), decide it.
        var ancestor: UIViewController? = self
        for _ in 0 ..< 64 {
            guard let current = ancestor else { return false }
            if current === controller { return true }
            if current._presentingViewController != nil { break }
            ancestor = current.parent
        }
        var visited = Set<ObjectIdentifier>()
        var pending: [UIViewController] = [self]
        while let current = pending.popLast() {
            guard visited.insert(ObjectIdentifier(current)).inserted else { continue }
            if current === controller { return true }
            if let parent = current.parent { pending.append(parent) }
            if let presenter = current._presentingViewController { pending.append(presenter) }
        }
        return false
    }

    /// Shows a controller the way the context it is in shows things: pushed when this controller
    /// is in a navigation controller, presented modally otherwise, as UIKit's default does.
    open func show(_ vc: UIViewController, sender: Any?) {
        if let navigation = navigationController {
            navigation.show(vc, sender: sender)
        } else {
            present(vc, animated: true)
        }
    }

    /// Shows a controller as the detail of a split view. Only a split view controller takes it,
    /// and the simulated iPhone has none (RestorationKit has no `UISplitViewController`), so it
    /// is presented modally, as UIKit does when no container takes it.
    open func showDetailViewController(_ vc: UIViewController, sender: Any?) {
        present(vc, animated: true)
    }

    // MARK: Segues

    /// Performs a segue the storyboard declares for this controller's scene. A controller that
    /// did not come from a storyboard, or whose scene has no such segue, is a programming error,
    /// as on iOS. `shouldPerformSegue` is not asked: it is asked only of segues a tap triggers.
    open func performSegue(withIdentifier identifier: String, sender: Any?) {
        StoryboardSegues.perform(identifier, from: self, sender: sender)
    }

    /// Called before a segue's destination appears, with the destination already made: where a
    /// controller hands it what it needs. For an unwind segue, called on the controller left.
    open func prepare(for segue: UIStoryboardSegue, sender: Any?) {}

    /// Whether a segue a user's tap triggered should go ahead (`true` unless overridden).
    open func shouldPerformSegue(withIdentifier identifier: String, sender: Any?) -> Bool { true }

    /// The unwind actions this controller implements, by name, for unwind segues a storyboard
    /// declares by name (`.unwind("back", action: "unwindToList:")`):
    /// `override var unwindActions: [String: (UIStoryboardSegue) -> Void] { ["unwindToList:": unwindToList] }`.
    /// Linux has no selectors for UIKit to find the method by; the name, with or without its
    /// trailing colon, stands for it. A segue declared with the method itself
    /// (`.unwind("back", to: ListViewController.unwindToList)`) needs none of this.
    open var unwindActions: [String: (UIStoryboardSegue) -> Void] { [:] }

    /// Whether this controller is the destination of an unwind segue: by default, when it
    /// implements the action and is not the controller being left.
    open func canPerformUnwindSegueAction(_ action: String, from fromViewController: UIViewController, sender: Any?) -> Bool {
        fromViewController !== self && StoryboardSegues.unwindAction(action, of: self) != nil
    }

    /// Called on each container on an unwind segue's way, to show the child towards its
    /// destination: a navigation controller pops to it, a tab bar controller selects it.
    open func unwind(for unwindSegue: UIStoryboardSegue, towards subsequentVC: UIViewController) {}

    static func describe(_ controller: UIViewController) -> String {
        "<\(type(of: controller)): \(controller.restorationIdentifier ?? "no identifier")>"
    }

    // MARK: State restoration

    open var restorationParent: UIStateRestoring? { nil }
    open var objectRestorationClass: UIObjectRestoration.Type? { nil }

    /// Saves this controller's state. The base class saves a reference to what it presented,
    /// whether its view was loaded and its storyboard; it does not save its children.
    /// Overrides must call `super`.
    open func encodeRestorableState(with coder: NSCoder) {
        guard let coder = coder as? RestorationCoder else { return }
        coder.reachedBaseImplementation = true
        coder.encodeReserved(isViewLoaded, forKey: ReservedKey.viewWasLoaded)
        if let storyboard { coder.encodeReserved(storyboard.name, forKey: ReservedKey.storyboard) }
        if let presented = directlyPresented { coder.encodeReserved(presented, forKey: ReservedKey.presented) }
    }

    /// Restores this controller's state; called after its view loaded, parents first.
    /// The base class presents again what it had presented. Overrides must call `super`.
    open func decodeRestorableState(with coder: NSCoder) {
        guard let coder = coder as? RestorationCoder else { return }
        coder.reachedBaseImplementation = true
        for path in coder.referencePaths(forKey: ReservedKey.presented) {
            // A presented controller hangs directly under its presenter, with no index segment.
            guard let presentedPath = RestorationPath(parsing: path), presentedPath.indexInParent == nil,
                  coder.ownerPath == nil || presentedPath.parent == coder.ownerPath,
                  let presented = coder.object(at: presentedPath) as? UIViewController, presented !== self else {
                // Restoration already said why the presented controller did not come back.
                continue
            }
            if directlyPresented !== presented {
                if directlyPresented != nil { dismiss(animated: false) }
                present(presented, animated: false)
            }
        }
    }

    /// Called on every restored object once the whole hierarchy is back.
    open func applicationFinishedRestoringState() {}

    // MARK: What the user sees

    /// The screen elements of this controller's own content (its view, or for containers the
    /// bars and the visible child).
    open func screenElements() -> [ScreenElement] {
        view.screenElements()
    }

    /// The visible controllers at and below this one, outermost first (not what it presented).
    func visibleChain() -> [UIViewController] {
        [self] + children.flatMap { $0.visibleChain() }
    }
}
