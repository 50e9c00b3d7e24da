import RestorationModel

/// How a label, field or text view lines up its text. UIKit declares it; Foundation on Linux
/// does not. The raw values are iOS's.
nonisolated public enum NSTextAlignment: Int, Sendable {
    case left = 0
    case center = 1
    case right = 2
    case justified = 3
    case natural = 4
}
