import Foundation
import RestorationModel

/// A colour, kept by name and components: enough to describe a screen, nothing to draw pixels.
nonisolated public final class UIColor: NSObject, Sendable {
    public let name: String

    public init(named name: String) { self.name = name }

    public convenience init(red: CGFloat, green: CGFloat, blue: CGFloat, alpha: CGFloat) {
        func byte(_ component: CGFloat) -> Int { Int((max(0, min(1, component)) * 255).rounded()) }
        self.init(named: String(format: "#%02X%02X%02X", byte(red), byte(green), byte(blue)) + (alpha < 1 ? String(format: "@%.2f", Double(alpha)) : ""))
    }

    public override var description: String { name }
    public override func isEqual(_ object: Any?) -> Bool { (object as? UIColor)?.name == name }
    public override var hash: Int { name.hashValue }

    public static let white = UIColor(named: "white")
    public static let black = UIColor(named: "black")
    public static let clear = UIColor(named: "clear")
    public static let red = UIColor(named: "red")
    public static let green = UIColor(named: "green")
    public static let blue = UIColor(named: "blue")
    public static let gray = UIColor(named: "gray")
    public static let lightGray = UIColor(named: "lightGray")
    public static let darkGray = UIColor(named: "darkGray")
    public static let yellow = UIColor(named: "yellow")
    public static let orange = UIColor(named: "orange")
    public static let purple = UIColor(named: "purple")
    public static let systemBackground = UIColor(named: "systemBackground")
    public static let label = UIColor(named: "label")
    public static let secondaryLabel = UIColor(named: "secondaryLabel")
    public static let secondarySystemBackground = UIColor(named: "secondarySystemBackground")
    /// The default tint, what a view without a tint of its own shows.
    public static let systemBlue = UIColor(named: "systemBlue")
    public static let systemRed = UIColor(named: "systemRed")
    public static let systemGreen = UIColor(named: "systemGreen")
    public static let systemOrange = UIColor(named: "systemOrange")
    public static let systemYellow = UIColor(named: "systemYellow")
    public static let systemGray = UIColor(named: "systemGray")
}
