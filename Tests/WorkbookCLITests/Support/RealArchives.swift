import Foundation
import RestorationKit

/// Two archives written by the engine itself, not assembled by hand: an app shows item A1 and
/// goes Home, then shows item B2 and goes Home again. Made once, the first time a test asks,
/// in one temporary folder: the app's container and a copy of each archive.
/// The engine runs in this process here, so on the main actor, as it does in an app.
@MainActor enum RealArchives {
    static let folder = FileManager.default.temporaryDirectory.appendingPathComponent("workbook-cli-tests-\(UUID().uuidString)")

    static let written: Result<(first: URL, second: URL), Error> = Result {
        let container = folder.appendingPathComponent("container")
        let configuration = LaunchConfiguration(containerURL: container, bundleIdentifier: "com.example.Homepwner",
                                                clockStart: Date(timeIntervalSince1970: 1_795_338_000), randomSeed: 1)
        let host = ApplicationHost(delegateType: ItemAppDelegate.self, configuration: configuration)
        host.launch()
        let detail = (host.delegate as? ItemAppDelegate)?.detail
        let first = try keep(host, as: "first.data")
        host.returnToForeground()
        detail?.itemKey = "B2"
        let second = try keep(host, as: "second.data")
        return (first, second)
    }

    /// Home, then a copy of the archive that preservation wrote.
    private static func keep(_ host: ApplicationHost, as name: String) throws -> URL {
        host.pressHome()
        let copy = folder.appendingPathComponent(name)
        try FileManager.default.copyItem(at: host.container.archiveURL, to: copy)
        return copy
    }

    static var first: URL { get throws { try written.get().first } }
    static var second: URL { get throws { try written.get().second } }
}

/// A navigation controller `Nav` with an items list and, pushed onto it, a `Detail` controller
/// that saves the key of the item it shows.
final class ItemAppDelegate: UIResponder, UIApplicationDelegate {
    var window: UIWindow?
    let detail = ItemDetailViewController()

    func application(_ application: UIApplication, willFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]?) -> Bool {
        let list = UIViewController()
        list.restorationIdentifier = "List"
        let navigation = UINavigationController(rootViewController: list)
        navigation.restorationIdentifier = "Nav"
        detail.restorationIdentifier = "Detail"
        navigation.pushViewController(detail, animated: false)
        window = UIWindow()
        window?.rootViewController = navigation
        window?.makeKeyAndVisible()
        return true
    }

    func application(_ application: UIApplication, shouldSaveSecureApplicationState coder: NSCoder) -> Bool { true }
    func application(_ application: UIApplication, shouldRestoreSecureApplicationState coder: NSCoder) -> Bool { true }
}

final class ItemDetailViewController: UIViewController {
    var itemKey = "A1"

    override func encodeRestorableState(with coder: NSCoder) {
        super.encodeRestorableState(with: coder)
        coder.encode(itemKey, forKey: "item.itemKey")
    }
}
