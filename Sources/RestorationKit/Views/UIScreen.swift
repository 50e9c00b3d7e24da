import Foundation
import RestorationModel

/// The device's screen. Its size decides how many table rows are visible.
@preconcurrency @MainActor public final class UIScreen {
    public static let main = UIScreen()
    /// An iPhone's screen in points; every simulated device has this one.
    public let bounds = CGRect(x: 0, y: 0, width: 375, height: 667)
    public let scale: CGFloat = 2
}

extension UIScreen {
    /// The device's traits: an iPhone held upright.
    public var traitCollection: UITraitCollection { .current }
}
