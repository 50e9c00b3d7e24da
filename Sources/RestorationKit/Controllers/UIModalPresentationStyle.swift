/// How a presented controller is shown, with UIKit's cases and raw values. On the simulated
/// device (an iPhone held upright, compact across) they come down to three looks.
nonisolated public enum UIModalPresentationStyle: Int, Sendable {
    case fullScreen = 0
    case pageSheet = 1
    case formSheet = 2
    case currentContext = 3
    case custom = 4
    case overFullScreen = 5
    case overCurrentContext = 6
    case popover = 7
    case none = -1
    /// What UIKit picks; for a plain controller since iOS 13, a page sheet.
    case automatic = -2
}

extension UIModalPresentationStyle {
    /// Whether it shows as a sheet, a card over its presenter, which stays on screen behind it,
    /// dimmed: `.automatic` and `.pageSheet` since iOS 13, and `.formSheet`, which looks the
    /// same in a compact width. A popover adapts to a sheet in a compact width too (the
    /// engine's reading of iOS 13's adaptation; RESTORATION.md says nothing of it).
    var showsAsSheet: Bool {
        switch self {
        case .automatic, .pageSheet, .formSheet, .popover: true
        case .fullScreen, .currentContext, .custom, .overFullScreen, .overCurrentContext, .none: false
        }
    }

    /// Whether the presenter leaves the screen: it gets `viewWillDisappear` and
    /// `viewDidDisappear`, and `viewWillAppear` again on dismissal. Only a full-screen
    /// presentation removes it; a sheet, an "over" style or a custom one (an alert) keeps it in
    /// the window, and it is told nothing.
    var removesPresenter: Bool {
        switch self {
        case .fullScreen, .currentContext, .none: true
        case .automatic, .pageSheet, .formSheet, .popover, .custom, .overFullScreen, .overCurrentContext: false
        }
    }
}
