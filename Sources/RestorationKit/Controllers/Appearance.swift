import RestorationModel

/// Calls `viewWillAppear`/`viewDidAppear` and `viewWillDisappear`/`viewDidDisappear` when the
/// set of visible controllers changes: after a push, pop, tab switch, presentation, dismissal
/// or a new root. Controllers learn they are on screen the way UIKit tells them, which apps rely
/// on (Homepwner saves edits in `viewWillDisappear` and reloads its table in `viewWillAppear`).
enum Appearance {
    /// Recomputes what is visible in the key window and sends the callbacks for what changed.
    /// Does nothing while the app launches: UIKit sends the first round once launch is over.
    static func refresh() {
        guard let application = UIApplication.current, application.isLaunchComplete,
              let window = application.keyWindow else { return }
        window.updateVisibleControllers()
    }
}

extension UIWindow {
    /// The controllers on screen: those of the topmost full-screen presentation and of every
    /// sheet over it (a page sheet's presenter stays on screen and is told nothing).
    func currentlyVisibleControllers() -> [UIViewController] {
        guard let rootViewController else { return [] }
        return PresentationLayers(root: rootViewController).onScreen
    }

    func updateVisibleControllers() {
        let now = currentlyVisibleControllers()
        let before = visibleControllers
        let leaving = before.filter { old in !now.contains { $0 === old } }
        let arriving = now.filter { new in !before.contains { $0 === new } }
        visibleControllers = now
        for controller in leaving { controller.viewWillDisappear(false) }
        for controller in arriving {
            controller.loadViewIfNeeded()
            controller.viewWillAppear(false)
        }
        // UIKit lays the arriving views out between the two calls: frames are final in viewDidAppear.
        if !arriving.isEmpty { layoutVisibleControllers() }
        for controller in leaving { controller.viewDidDisappear(false) }
        for controller in arriving { controller.viewDidAppear(false) }
    }
}
