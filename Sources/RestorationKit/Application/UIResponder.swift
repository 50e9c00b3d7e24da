import Foundation
import RestorationModel

/// The base of views, view controllers, the application and its delegate.
@preconcurrency @MainActor open class UIResponder: NSObject {
    public override init() {
        super.init()
    }

    /// UIKit makes this initializer required, and so does RestorationKit: it is also how the
    /// engine creates the `@main` delegate from its type, since Swift on Linux can build an
    /// object from a metatype only through a required initializer.
    public required init?(coder: NSCoder) {
        super.init()
    }

    open var next: UIResponder? { nil }

    /// Called on each controller (and the controllers of its relationships) a storyboard makes,
    /// once it is made and before it is handed over, as a nib's objects are woken on iOS.
    /// Overrides must call `super`.
    open func awakeFromNib() {}
}
