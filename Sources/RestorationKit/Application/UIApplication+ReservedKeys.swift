import RestorationModel

extension UIApplication {
    /// The key under which the top-level coder holds the bundle version that saved the archive.
    nonisolated public static let stateRestorationBundleVersionKey = ReservedKey.bundleVersion
    /// The key under which the top-level coder holds the interface idiom that saved the archive.
    nonisolated public static let stateRestorationUserInterfaceIdiomKey = ReservedKey.userInterfaceIdiom
    /// The key under which the top-level coder holds the system version that saved the archive.
    nonisolated public static let stateRestorationSystemVersionKey = ReservedKey.systemVersion
    /// The key under which the top-level coder holds when the archive was saved.
    nonisolated public static let stateRestorationTimestampKey = ReservedKey.timestamp
    /// The key of the storyboard a controller came from.
    nonisolated public static let stateRestorationViewControllerStoryboardKey = ReservedKey.storyboard
}
