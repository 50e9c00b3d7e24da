import Foundation
import RestorationModel

/// What a controller shows in the navigation bar while it is on top of a navigation stack.
@preconcurrency @MainActor open class UINavigationItem: NSObject {
    open var title: String?
    /// The title of the back button shown by the controller pushed above this one.
    open var backButtonTitle: String?
    open var hidesBackButton = false
    open var leftBarButtonItems: [UIBarButtonItem]?
    open var rightBarButtonItems: [UIBarButtonItem]?

    public init(title: String? = nil) {
        self.title = title
        super.init()
    }

    open var leftBarButtonItem: UIBarButtonItem? {
        get { leftBarButtonItems?.first }
        set { leftBarButtonItems = newValue.map { [$0] } }
    }

    open var rightBarButtonItem: UIBarButtonItem? {
        get { rightBarButtonItems?.first }
        set { rightBarButtonItems = newValue.map { [$0] } }
    }

    public func setLeftBarButton(_ item: UIBarButtonItem?, animated: Bool) { leftBarButtonItem = item }
    public func setRightBarButton(_ item: UIBarButtonItem?, animated: Bool) { rightBarButtonItem = item }
}
