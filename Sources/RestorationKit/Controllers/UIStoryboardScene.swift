import Foundation
import RestorationModel

extension UIStoryboard {
    /// One scene of a storyboard, as Interface Builder would save it: its storyboard ID, the
    /// controller it makes, the restoration identifier set in the identity inspector, the
    /// relationship segues that give a container its children, and the segues drawn from it.
    public struct Scene {
        /// How a container scene gets its children, each another scene of the same storyboard.
        public enum Relationship {
            /// A navigation controller's root view controller.
            case rootViewController(String)
            /// A tab bar controller's tabs, in order.
            case viewControllers([String])
        }

        public let storyboardIdentifier: String
        /// `nil` leaves the controller out of restoration, as Interface Builder does by
        /// default; pass the storyboard ID for its "Use Storyboard ID".
        public let restorationIdentifier: String?
        public let relationship: Relationship?
        /// The segues that start from this scene (`performSegue(withIdentifier:sender:)` and
        /// triggers find them here).
        public let segues: [Segue]
        let make: (NSCoder) -> UIViewController?

        /// A scene whose controller is of `controllerClass`, made with `init?(coder:)` as a
        /// storyboard makes it: give the class a working `required init?(coder:)`.
        public init(_ storyboardIdentifier: String, class controllerClass: UIViewController.Type,
                    restorationIdentifier: String? = nil, relationship: Relationship? = nil, segues: [Segue] = []) {
            self.storyboardIdentifier = storyboardIdentifier
            self.restorationIdentifier = restorationIdentifier
            self.relationship = relationship
            self.segues = segues
            self.make = { coder in controllerClass.init(coder: coder) }
        }

        /// A scene whose controller a closure makes (what a custom `instantiate` would do).
        public init(_ storyboardIdentifier: String, restorationIdentifier: String? = nil,
                    relationship: Relationship? = nil, segues: [Segue] = [], make: @escaping () -> UIViewController) {
            self.storyboardIdentifier = storyboardIdentifier
            self.restorationIdentifier = restorationIdentifier
            self.relationship = relationship
            self.segues = segues
            self.make = { _ in make() }
        }
    }
}

/// A storyboard file written in code. An app names its main storyboard in `Info.plist`
/// (`UIMainStoryboardFile`, say `Main`), and RestorationKit finds the definition by name: a type
/// called `MainStoryboard` in the app's module, conforming to this protocol. The storyboard can
/// also be registered by hand with `UIStoryboard.register(_:)` before it is used.
@preconcurrency @MainActor public protocol UIStoryboardDefinition {
    /// The storyboard's name, as `UIStoryboard(name:bundle:)` is asked for it.
    static var name: String { get }
    /// The storyboard ID of the scene an app starts with ("Is Initial View Controller").
    static var initialScene: String? { get }
    static var scenes: [UIStoryboard.Scene] { get }
}
