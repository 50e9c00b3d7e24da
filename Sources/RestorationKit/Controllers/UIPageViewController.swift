import Foundation
import RestorationModel

/// Pages a user turns by swiping, one controller per page. The page shown is its child (two,
/// side by side, for a double-sided book); the pages on either side come from its data source
/// when a user swipes.
///
/// In state restoration it is a container like a navigation controller: its shown pages get
/// `:[n]:` index segments in their paths, it saves references to them, and at launch shows the
/// ones that came back. RESTORATION.md names only navigation and tab bar controllers; saving the
/// shown page, so that the user comes back to the page they were reading, is the engine's
/// reading of what a device does.
@preconcurrency @MainActor open class UIPageViewController: UIViewController {
    nonisolated public enum TransitionStyle: Int, Sendable { case pageCurl = 0, scroll = 1 }
    nonisolated public enum NavigationOrientation: Int, Sendable { case horizontal = 0, vertical = 1 }
    nonisolated public enum NavigationDirection: Int, Sendable { case forward = 0, reverse = 1 }
    nonisolated public enum SpineLocation: Int, Sendable { case none = 0, min = 1, mid = 2, max = 3 }

    nonisolated public struct OptionsKey: Hashable, RawRepresentable, Sendable {
        public let rawValue: String
        public init(rawValue: String) { self.rawValue = rawValue }
        public static let spineLocation = OptionsKey(rawValue: "UIPageViewControllerOptionSpineLocationKey")
        public static let interPageSpacing = OptionsKey(rawValue: "UIPageViewControllerOptionInterPageSpacingKey")
    }

    public let transitionStyle: TransitionStyle
    public let navigationOrientation: NavigationOrientation
    public let spineLocation: SpineLocation
    open weak var dataSource: UIPageViewControllerDataSource?
    open weak var delegate: UIPageViewControllerDelegate?
    open var isDoubleSided = false

    public init(transitionStyle style: TransitionStyle, navigationOrientation: NavigationOrientation,
                options: [OptionsKey: Any]? = nil) {
        transitionStyle = style
        self.navigationOrientation = navigationOrientation
        let spine = (options?[.spineLocation] as? SpineLocation) ?? (options?[.spineLocation] as? Int).flatMap(SpineLocation.init)
        spineLocation = style == .scroll ? .none : spine ?? .min
        super.init(nibName: nil, bundle: nil)
    }

    /// As a storyboard makes it: Interface Builder's defaults, page curl and horizontal.
    public required init?(coder: NSCoder) {
        transitionStyle = .pageCurl
        navigationOrientation = .horizontal
        spineLocation = .min
        super.init(coder: coder)
    }

    /// The pages shown: one, or two side by side.
    open var viewControllers: [UIViewController]? {
        children.isEmpty ? nil : children
    }

    /// Shows these pages in place of the ones shown.
    open func setViewControllers(_ viewControllers: [UIViewController]?, direction: NavigationDirection, animated: Bool,
                                 completion: ((Bool) -> Void)? = nil) {
        let pages = viewControllers ?? []
        for old in children where !pages.contains(where: { $0 === old }) {
            old.removeFromParent()
        }
        var index = 0
        for page in pages {
            guard insertChild(page, at: index) else { continue }
            page.didMove(toParent: self)
            index += 1
        }
        Appearance.refresh()
        completion?(true)
    }

    // MARK: What a user does

    /// What a user's swipe does: the data source gives the page after (`.forward`) or before
    /// the one shown, the delegate is told before and after, and that page shows. Throws when
    /// there is no page that way. Returns the page now shown.
    @discardableResult
    public func simulateSwipe(_ direction: NavigationDirection) throws -> UIViewController {
        guard let shown = direction == .forward ? children.last : children.first else {
            throw UserActionError("the page view controller shows no page to turn")
        }
        guard let dataSource else { throw UserActionError("the page view controller has no data source, so a swipe turns no page") }
        let next = direction == .forward
            ? dataSource.pageViewController(self, viewControllerAfter: shown)
            : dataSource.pageViewController(self, viewControllerBefore: shown)
        guard let next else {
            throw UserActionError("there is no page \(direction == .forward ? "after" : "before") this one")
        }
        let previous = children
        delegate?.pageViewController(self, willTransitionTo: [next])
        setViewControllers([next], direction: direction, animated: true)
        delegate?.pageViewController(self, didFinishAnimating: true, previousViewControllers: previous, transitionCompleted: true)
        return next
    }

    // MARK: State restoration

    open override func encodeRestorableState(with coder: NSCoder) {
        super.encodeRestorableState(with: coder)
        (coder as? RestorationCoder)?.encodeReserved(references: children, forKey: ReservedKey.children)
    }

    /// Shows the pages that came back; when none did, the page the app set at launch stays.
    open override func decodeRestorableState(with coder: NSCoder) {
        super.decodeRestorableState(with: coder)
        guard let coder = coder as? RestorationCoder, coder.containsValue(forKey: ReservedKey.children) else { return }
        let restored = ContainerRestoration.children(from: coder)
        if !restored.isEmpty { setViewControllers(restored, direction: .forward, animated: false) }
    }

    // MARK: What the user sees

    override func visibleChain() -> [UIViewController] {
        [self] + children.flatMap { $0.visibleChain() }
    }

    /// The pages shown, then, for a scrolling page view controller whose data source counts
    /// its pages, the dots that say which page this is.
    open override func screenElements() -> [ScreenElement] {
        var elements = children.flatMap { $0.screenElements() }
        if transitionStyle == .scroll, let dataSource, case let count = dataSource.presentationCount(for: self), count > 0 {
            var dots = ScreenElement(role: .view, name: "Page indicator", identifier: "page indicator")
            dots.set(ScreenProperty.value, "page \(dataSource.presentationIndex(for: self) + 1) of \(count)")
            elements.append(dots)
        }
        return elements
    }
}
