import RestorationModel

/// How much room there is in one direction. The simulated phone is an iPhone held upright:
/// compact across, regular down.
nonisolated public enum UIUserInterfaceSizeClass: Int, Sendable {
    case unspecified = 0
    case compact = 1
    case regular = 2
}
