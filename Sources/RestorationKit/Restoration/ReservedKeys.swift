/// Keys UIKit writes into coders itself. App code must not use them: a value app code encodes
/// under one of these is refused with a warning instead of silently corrupting the archive.
enum ReservedKey {
    static let archiveMajorVersion = "kUIStateRestorationArchiveMajorVersionKey"
    static let archiveMinorVersion = "kUIStateRestorationArchiveMinorVersionKey"
    static let bundleVersion = "UIApplicationStateRestorationBundleVersion"
    static let userInterfaceIdiom = "UIApplicationStateRestorationUserInterfaceIdiom"
    static let systemVersion = "UIApplicationStateRestorationSystemVersion"
    static let timestamp = "UIApplicationStateRestorationTimestamp"
    static let storyboard = "UIStateRestorationViewControllerStoryboardKey"
    static let viewWasLoaded = "kViewControllerViewWasLoadedKey"
    static let tabBarSelected = "kTabBarSelectedViewControllerKey"
    static let children = "kUIViewControllerChildrenKey"
    static let presented = "kUIViewControllerPresentedViewControllerKey"
    static let scrollContentOffset = "kUIScrollViewContentOffsetKey"
    static let scrollContentInset = "kUIScrollViewContentInsetKey"
    static let scrollZoomScale = "kUIScrollViewZoomScaleKey"
    static let tableSelectedRows = "kUITableViewSelectedRowsKey"
    static let tableVisibleRows = "kUITableViewVisibleRowsKey"
    static let textSelectedRange = "kUITextSelectedRangeKey"
    static let textViewEditable = "kUITextViewEditableKey"
    static let imageViewBounds = "kUIImageViewBoundsKey"
    static let imageViewCenter = "kUIImageViewCenterKey"
    static let imageViewTransform = "kUIImageViewTransformKey"
    static let windowHorizontalSizeClass = "UIWindowHorizontalSizeClass"
    static let windowVerticalSizeClass = "UIWindowVerticalSizeClass"

    /// Every reserved key, including the documented spellings with a `Key` suffix.
    static let all: Set<String> = [
        archiveMajorVersion, archiveMinorVersion, bundleVersion, bundleVersion + "Key", userInterfaceIdiom, userInterfaceIdiom + "Key",
        systemVersion, timestamp, storyboard, viewWasLoaded, tabBarSelected, children, presented,
        scrollContentOffset, scrollContentInset, scrollZoomScale, tableSelectedRows, tableVisibleRows,
        textSelectedRange, textViewEditable, imageViewBounds, imageViewCenter, imageViewTransform,
        windowHorizontalSizeClass, windowVerticalSizeClass,
    ]
}

extension UIApplication {
    /// The key under which the top-level coder holds the bundle version that saved the archive.
    public static let stateRestorationBundleVersionKey = ReservedKey.bundleVersion
    /// The key under which the top-level coder holds the interface idiom that saved the archive.
    public static let stateRestorationUserInterfaceIdiomKey = ReservedKey.userInterfaceIdiom
    /// The key under which the top-level coder holds the system version that saved the archive.
    public static let stateRestorationSystemVersionKey = ReservedKey.systemVersion
    /// The key under which the top-level coder holds when the archive was saved.
    public static let stateRestorationTimestampKey = ReservedKey.timestamp
    /// The key of the storyboard a controller came from.
    public static let stateRestorationViewControllerStoryboardKey = ReservedKey.storyboard
}
