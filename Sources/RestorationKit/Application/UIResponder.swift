import Foundation
import RestorationModel

/// The base of views, view controllers, the application and its delegate.
@MainActor open class UIResponder: NSObject {
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
}
