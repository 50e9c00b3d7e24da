/// Keys UIKit writes into coders itself. App code must not use them: a value app code encodes
/// under one of these is refused with a warning instead of silently corrupting the archive.
package enum ReservedKey {
    package static let archiveMajorVersion = "kUIStateRestorationArchiveMajorVersionKey"
    package static let archiveMinorVersion = "kUIStateRestorationArchiveMinorVersionKey"
    package static let bundleVersion = "UIApplicationStateRestorationBundleVersion"
    package static let userInterfaceIdiom = "UIApplicationStateRestorationUserInterfaceIdiom"
    package static let systemVersion = "UIApplicationStateRestorationSystemVersion"
    package static let timestamp = "UIApplicationStateRestorationTimestamp"
    package static let storyboard = "UIStateRestorationViewControllerStoryboardKey"
    package static let viewWasLoaded = "kViewControllerViewWasLoadedKey"
    package static let tabBarSelected = "kTabBarSelectedViewControllerKey"
    package static let children = "kUIViewControllerChildrenKey"
    package static let presented = "kUIViewControllerPresentedViewControllerKey"
    package static let scrollContentOffset = "kUIScrollViewContentOffsetKey"
    package static let scrollContentInset = "kUIScrollViewContentInsetKey"
    package static let scrollZoomScale = "kUIScrollViewZoomScaleKey"
    package static let tableSelectedRows = "kUITableViewSelectedRowsKey"
    package static let tableVisibleRows = "kUITableViewVisibleRowsKey"
    package static let textSelectedRange = "kUITextSelectedRangeKey"
    package static let textViewEditable = "kUITextViewEditableKey"
    package static let imageViewBounds = "kUIImageViewBoundsKey"
    package static let imageViewCenter = "kUIImageViewCenterKey"
    package static let imageViewTransform = "kUIImageViewTransformKey"
    package static let windowHorizontalSizeClass = "UIWindowHorizontalSizeClass"
    package static let windowVerticalSizeClass = "UIWindowVerticalSizeClass"

    /// Every reserved key, including the documented spellings with a `Key` suffix.
    package static let all: Set<String> = [
        archiveMajorVersion, archiveMinorVersion, bundleVersion, bundleVersion + "Key", userInterfaceIdiom, userInterfaceIdiom + "Key",
        systemVersion, timestamp, storyboard, viewWasLoaded, tabBarSelected, children, presented,
        scrollContentOffset, scrollContentInset, scrollZoomScale, tableSelectedRows, tableVisibleRows,
        textSelectedRange, textViewEditable, imageViewBounds, imageViewCenter, imageViewTransform,
        windowHorizontalSizeClass, windowVerticalSizeClass,
    ]
}
