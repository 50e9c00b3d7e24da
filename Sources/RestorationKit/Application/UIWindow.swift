import Foundation
import RestorationModel

/// The app's window: holds the root view controller and is what the user sees.
@preconcurrency @MainActor open class UIWindow: UIView {
    /// The controller whose content fills the window.
    open var rootViewController: UIViewController? {
        didSet {
            guard oldValue !== rootViewController else { return }
            Appearance.refresh()
        }
    }

    public private(set) var isKeyWindow = false
    /// The controllers that last received `viewWillAppear`; what `Appearance` diffs against.
    var visibleControllers: [UIViewController] = []

    public override init(frame: CGRect) {
        super.init(frame: frame)
    }

    public required init?(coder: NSCoder) {
        super.init(coder: coder)
    }

    public convenience init() {
        self.init(frame: UIScreen.main.bounds)
    }

    /// Shows the window and makes it the one that receives input.
    open func makeKeyAndVisible() {
        isHidden = false
        makeKey()
    }

    open func makeKey() {
        guard let application = UIApplication.current else { return }
        for window in application.windows { window.isKeyWindow = false }
        if !application.windows.contains(where: { $0 === self }) { application.windows.append(self) }
        isKeyWindow = true
        Appearance.refresh()
    }

    // MARK: State restoration

    /// A window with a restoration identifier records the size classes it was last laid out
    /// in (seed 003, tag `SIZE_CLASSES`). Apple does not document the keys; these are ours.
    open override func encodeRestorableState(with coder: NSCoder) {
        super.encodeRestorableState(with: coder)
        guard let coder = coder as? RestorationCoder else { return }
        coder.encodeReserved(UIUserInterfaceSizeClass.compact.rawValue, forKey: ReservedKey.windowHorizontalSizeClass)
        coder.encodeReserved(UIUserInterfaceSizeClass.regular.rawValue, forKey: ReservedKey.windowVerticalSizeClass)
    }

    /// What the user sees in this window now. A sheet is drawn over the screen it was presented
    /// from, which stays behind it; a full-screen presentation covers what is below. An alert is
    /// drawn over the screen that presented it, and left out altogether for the snapshot, as the
    /// system leaves it out of its picture.
    public func currentScreen(leavingOutAlerts: Bool = false) -> Screen {
        guard !isHidden, let rootViewController else { return .launchImage }
        layoutVisibleControllers()
        let layers = PresentationLayers(root: rootViewController)
        let alertIndex = layers.chain.firstIndex { $0 is UIAlertController }
        let top = (alertIndex ?? layers.chain.count) - 1
        let drawn = layers.drawn(upTo: max(0, top))
        var shown: [ScreenElement] = []
        for layer in drawn {
            if layer === drawn.first {
                shown = layer.screenElements()
            } else {
                shown.append(ScreenElement(role: .sheet, children: layer.screenElements()))
            }
        }
        if let alertIndex, alertIndex > 0, !leavingOutAlerts, let alert = layers.chain[alertIndex] as? UIAlertController {
            shown.append(alert.alertElement())
        }
        let content = ScreenElement(role: .window, identifier: restorationIdentifier, children: shown)
        let resolver = UIApplication.current.map { RestorationPathResolver(application: $0, rootViewController: rootViewController) }
        var controllers: [ScreenController] = []
        for (level, presenter) in layers.chain[...max(0, top)].enumerated() {
            for (depth, controller) in presenter.visibleChain().enumerated() {
                controllers.append(ScreenController(name: String(describing: type(of: controller)),
                                                    restorationPath: resolver?.path(of: controller)?.description,
                                                    presented: level > 0 && depth == 0,
                                                    embedded: depth > 0 && !(controller.parent.map(RestorationPathResolver.indexesChildren) ?? false)))
            }
        }
        return Screen(content: content, chain: controllers)
    }
}
