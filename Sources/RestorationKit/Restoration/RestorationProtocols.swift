import Foundation
import RestorationModel

/// A class that recreates view controllers at launch. Setting a controller's `restorationClass`
/// makes UIKit ask this type first, and switches off every other way of finding that controller.
@preconcurrency @MainActor public protocol UIViewControllerRestoration: AnyObject {
    /// Returns the controller for the path, or `nil` to say it should not come back.
    static func viewController(withRestorationIdentifierPath identifierComponents: [String], coder: NSCoder) -> UIViewController?
}

/// Any object that wants its state preserved, registered with
/// `UIApplication.registerObject(forStateRestoration:restorationIdentifier:)`.
@preconcurrency @MainActor public protocol UIStateRestoring: AnyObject {
    /// The object whose path scopes this one's; `nil` makes it a root.
    var restorationParent: UIStateRestoring? { get }
    /// The class that recreates this object at launch when it was not registered again in time.
    var objectRestorationClass: UIObjectRestoration.Type? { get }
    func encodeRestorableState(with coder: NSCoder)
    func decodeRestorableState(with coder: NSCoder)
    func applicationFinishedRestoringState()
}

extension UIStateRestoring {
    public var restorationParent: UIStateRestoring? { nil }
    public var objectRestorationClass: UIObjectRestoration.Type? { nil }
    public func encodeRestorableState(with coder: NSCoder) {}
    public func decodeRestorableState(with coder: NSCoder) {}
    public func applicationFinishedRestoringState() {}
}

/// Recreates registered objects at launch.
@preconcurrency @MainActor public protocol UIObjectRestoration: AnyObject {
    static func object(withRestorationIdentifierPath identifierComponents: [String], coder: NSCoder) -> UIStateRestoring?
}

/// Lets a table or collection view save its selected and visible rows as identifiers of model
/// objects rather than positions, so a row stays selected even when the data was reordered.
@preconcurrency @MainActor public protocol UIDataSourceModelAssociation: AnyObject {
    func modelIdentifierForElement(at idx: IndexPath, in view: UIView) -> String?
    func indexPathForElement(withModelIdentifier identifier: String, in view: UIView) -> IndexPath?
}
