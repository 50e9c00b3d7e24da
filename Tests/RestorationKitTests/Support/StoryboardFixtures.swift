import Foundation
@testable import RestorationKit

/// A storyboard written the way `Info.plist`'s `UIMainStoryboardFile` finds it: a tab bar
/// whose first tab is a navigation controller around a list, a second tab left without a
/// restoration identifier, and a page scene made by closure.
enum TabsStoryboard: UIStoryboardDefinition {
    static let name = "Tabs"
    static let initialScene: String? = "Root"
    static let scenes: [UIStoryboard.Scene] = [
        .init("Root", class: UITabBarController.self, restorationIdentifier: "Root",
              relationship: .viewControllers(["Stack", "Unnamed"])),
        .init("Stack", class: UINavigationController.self, restorationIdentifier: "Stack",
              relationship: .rootViewController("List")),
        .init("List", class: StoryboardListViewController.self, restorationIdentifier: "List"),
        .init("Unnamed", class: StoryboardListViewController.self),
        .init("Page", restorationIdentifier: "Page") { StoryboardListViewController(coder: NSCoder())! },
        .init("Loop", class: UINavigationController.self, relationship: .rootViewController("Loop")),
    ]
}

final class StoryboardListViewController: UIViewController {
    var mark = ""

    required init?(coder: NSCoder) {
        super.init(coder: coder)
        title = "List"
    }

    override func encodeRestorableState(with coder: NSCoder) {
        super.encodeRestorableState(with: coder)
        coder.encode(mark, forKey: "mark")
    }

    override func decodeRestorableState(with coder: NSCoder) {
        super.decodeRestorableState(with: coder)
        mark = coder.decodeObject(of: NSString.self, forKey: "mark") as String? ?? ""
    }
}

/// A delegate that builds nothing: the window and its controllers come from the storyboard.
final class StoryboardAppDelegate: UIResponder, UIApplicationDelegate {
    var window: UIWindow?
    nonisolated(unsafe) static var rootSeenInWillFinish: UIViewController?

    func application(_ application: UIApplication, willFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]?) -> Bool {
        Self.rootSeenInWillFinish = window?.rootViewController
        return true
    }

    func application(_ application: UIApplication, shouldSaveSecureApplicationState coder: NSCoder) -> Bool { true }
    func application(_ application: UIApplication, shouldRestoreSecureApplicationState coder: NSCoder) -> Bool { true }

    var tabs: UITabBarController? { window?.rootViewController as? UITabBarController }
}

/// The book example of an object registered by a controller as it is made: a navigation
/// controller around a list, from which a storyboard scene, `Writer`, is pushed. The writer makes
/// its `Thing` in `awakeFromNib` and registers it, with no restoration class, so that only the
/// implicit search can find it: the object exists again only once restoration has made the writer.
enum NotebookStoryboard: UIStoryboardDefinition {
    static let name = "Notebook"
    static let initialScene: String? = "Root"
    static let scenes: [UIStoryboard.Scene] = [
        .init("Root", class: UINavigationController.self, restorationIdentifier: "Root", relationship: .rootViewController("List")),
        .init("List", class: StoryboardListViewController.self, restorationIdentifier: "List"),
        .init("Writer", class: WriterViewController.self, restorationIdentifier: "Writer"),
    ]
}

final class WriterViewController: UIViewController {
    /// Whether the thing is scoped under the writer (its restoration parent), or registered on
    /// its own at the root of the paths, as the book's example does.
    nonisolated(unsafe) static var scopesThing = false
    /// Whether the thing is made when the view loads, which restoration does only just before the
    /// writer decodes, instead of in `awakeFromNib`.
    nonisolated(unsafe) static var makesThingWhenViewLoads = false
    var thing: Thing!
    /// What the writer's coder gave back for its reference to the thing.
    var decodedThing: Any?

    override func awakeFromNib() {
        super.awakeFromNib()
        if !Self.makesThingWhenViewLoads { makeThing() }
    }

    override func viewDidLoad() {
        super.viewDidLoad()
        if Self.makesThingWhenViewLoads { makeThing() }
    }

    private func makeThing() {
        thing = Thing()
        if Self.scopesThing { thing.parent = self }
        UIApplication.registerObject(forStateRestoration: thing, restorationIdentifier: "thing")
    }

    override func encodeRestorableState(with coder: NSCoder) {
        super.encodeRestorableState(with: coder)
        // Shows the object to the archiver: a reference, saved under its own path.
        coder.encode(thing, forKey: "mything")
    }

    override func decodeRestorableState(with coder: NSCoder) {
        super.decodeRestorableState(with: coder)
        decodedThing = coder.decodeObject(of: [Thing.self], forKey: "mything")
    }
}

/// The book's arbitrary object: a word, restored by the object itself.
final class Thing: NSObject, UIStateRestoring {
    var word = ""
    weak var parent: UIViewController?

    var restorationParent: UIStateRestoring? { parent }
    func encodeRestorableState(with coder: NSCoder) { coder.encode(word, forKey: "word") }
    func decodeRestorableState(with coder: NSCoder) { word = coder.decodeObject(of: NSString.self, forKey: "word") as String? ?? "" }
}
