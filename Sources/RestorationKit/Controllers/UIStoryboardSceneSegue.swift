import Foundation
import RestorationModel

extension UIStoryboard.Scene {
    /// A segue drawn from a scene in Interface Builder: its identifier, what kind of transition
    /// it makes and to which scene (or, unwinding, which action it looks for), and the tap that
    /// triggers it, if a tap does rather than `performSegue(withIdentifier:sender:)`.
    public struct Segue {
        public let identifier: String
        public let kind: Kind
        /// The storyboard ID of the scene it leads to; `nil` for an unwind segue.
        public let destination: String?
        public let trigger: Trigger?

        /// A segue to another scene of the same storyboard.
        public init(_ identifier: String, kind: Kind, destination: String, trigger: Trigger? = nil) {
            self.identifier = identifier
            self.kind = kind
            self.destination = destination
            self.trigger = trigger
        }

        /// An unwind segue (drawn to the scene's Exit) to an action method, named as Interface
        /// Builder shows it: `.unwind("back", to: ListViewController.unwindToList)`. It goes back
        /// to the nearest controller on the way back that is a `ListViewController` and calls
        /// its `unwindToList(_:)`: the method stays as iOS code wrote it.
        public static func unwind<Destination: UIViewController>(_ identifier: String, to action: @escaping (Destination) -> (UIStoryboardSegue) -> Void,
                                                                 trigger: Trigger? = nil) -> Segue {
            Segue(identifier: identifier, kind: Kind(.unwindToMethod { ($0 as? Destination).map(action) }), trigger: trigger)
        }

        /// An unwind segue to an action named as a selector (`"unwindToList:"`): it goes back to
        /// the nearest controller on the way back whose `canPerformUnwindSegueAction` says yes,
        /// by default one whose `unwindActions` has that name.
        public static func unwind(_ identifier: String, action: String, trigger: Trigger? = nil) -> Segue {
            Segue(identifier: identifier, kind: Kind(.unwind(action)), trigger: trigger)
        }

        private init(identifier: String, kind: Kind, trigger: Trigger?) {
            self.identifier = identifier
            self.kind = kind
            destination = nil
            self.trigger = trigger
        }
    }

    /// A segue's kind, as Interface Builder's segue menu names them.
    public struct Kind {
        enum Transition {
            case show, showDetail
            case present(UIModalPresentationStyle?)
            case custom(UIStoryboardSegue.Type)
            case unwind(String)
            /// The action method of the controller it applies to, `nil` for any other controller.
            case unwindToMethod((UIViewController) -> ((UIStoryboardSegue) -> Void)?)
        }

        let transition: Transition

        init(_ transition: Transition) { self.transition = transition }

        /// Pushed in a navigation controller, presented modally otherwise (`show(_:sender:)`).
        public static var show: Kind { Kind(.show) }
        /// Shown as a split view's detail; presented modally on the simulated iPhone.
        public static var showDetail: Kind { Kind(.showDetail) }
        /// Presented modally, in the destination's own presentation style.
        public static var present: Kind { Kind(.present(nil)) }
        /// Presented modally in the style the segue sets (Interface Builder's "Presentation").
        public static func present(style: UIModalPresentationStyle) -> Kind { Kind(.present(style)) }
        /// Made by a `UIStoryboardSegue` subclass of the app's own, whose `perform()` transitions.
        public static func custom(_ segueClass: UIStoryboardSegue.Type) -> Kind { Kind(.custom(segueClass)) }
    }

    /// What a user does to trigger a segue drawn from a control, a bar button or a table's cell.
    public enum Trigger {
        /// A tap on a button in the scene's view, or a bar button of its navigation item, found
        /// by accessibility identifier, restoration identifier or title. The sender is what was
        /// tapped.
        case tapping(String)
        /// Selecting a row of a table in the scene's view (a segue from a prototype cell). The
        /// sender is the cell.
        case selectingRow
    }
}
