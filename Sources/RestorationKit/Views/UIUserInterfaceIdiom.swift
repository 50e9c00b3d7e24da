/// The kind of device an interface is for, with UIKit's raw values. The simulated device is an
/// iPhone.
nonisolated public enum UIUserInterfaceIdiom: Int, Sendable {
    case unspecified = -1
    case phone = 0
    case pad = 1
    case tv = 2
    case carPlay = 3
    case mac = 5
    case vision = 6
}
