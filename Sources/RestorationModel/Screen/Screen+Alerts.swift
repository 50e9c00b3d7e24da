/// An alert over a screen is a question put to the user, not state of theirs: what a relaunch
/// should bring back, and what counts as lost, is the screen without it.
extension Screen {
    package var leavingOutAlerts: Screen {
        var screen = self
        screen.content = Self.removingAlerts(from: content)
        return screen
    }

    private static func removingAlerts(from element: ScreenElement) -> ScreenElement {
        var element = element
        element.children = element.children.filter { $0.role != .alert }.map(removingAlerts)
        return element
    }
}
