import Foundation
import RestorationModel

/// A transition from one controller to another that a storyboard declares: its identifier, the
/// controller it starts from, and the one it leads to, already made when `prepare(for:sender:)`
/// sees it. `perform()` makes the transition; a custom segue overrides it.
@preconcurrency @MainActor open class UIStoryboardSegue: NSObject {
    public let identifier: String?
    public let source: UIViewController
    public let destination: UIViewController
    private let performHandler: (() -> Void)?

    /// A custom segue's initializer: storyboards make `.custom` segues with it.
    public required init(identifier: String?, source: UIViewController, destination: UIViewController) {
        self.identifier = identifier
        self.source = source
        self.destination = destination
        performHandler = nil
        super.init()
    }

    /// A segue that runs `performHandler` to make its transition.
    public init(identifier: String?, source: UIViewController, destination: UIViewController, performHandler: @escaping () -> Void) {
        self.identifier = identifier
        self.source = source
        self.destination = destination
        self.performHandler = performHandler
        super.init()
    }

    /// Makes the transition. The base class runs the handler it was given, if any.
    open func perform() {
        performHandler?()
    }
}
