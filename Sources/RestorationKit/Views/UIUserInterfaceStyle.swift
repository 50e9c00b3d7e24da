/// Light or dark appearance; the simulated device is in light mode.
nonisolated public enum UIUserInterfaceStyle: Int, Sendable {
    case unspecified = 0
    case light = 1
    case dark = 2
}
