import Foundation
import Testing
@testable import RestorationKit

/// A stack without an identifier whose top page the app delegate saves by hand (Apple's guide,
/// "Excluding groups of view controllers": doing so preserves that page and its state).
final class SavedByHandAppDelegate: UIResponder, UIApplicationDelegate {
    nonisolated(unsafe) static var decodedReference: UIViewController?
    var window: UIWindow?
    var page: NoteViewController?

    func application(_ application: UIApplication, willFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]?) -> Bool {
        let page = NoteViewController(note: "default")
        page.restorationClass = nil
        let navigation = UINavigationController(rootViewController: ListViewController())
        navigation.pushViewController(page, animated: false) // the navigation controller has no identifier
        self.page = page
        window = UIWindow()
        window?.rootViewController = navigation
        return true
    }

    func application(_ application: UIApplication, shouldSaveSecureApplicationState coder: NSCoder) -> Bool { true }
    func application(_ application: UIApplication, shouldRestoreSecureApplicationState coder: NSCoder) -> Bool { true }

    func application(_ application: UIApplication, willEncodeRestorableStateWith coder: NSCoder) {
        coder.encode(page, forKey: "page")
    }

    func application(_ application: UIApplication, viewControllerWithRestorationIdentifierPath identifierComponents: [String], coder: NSCoder) -> UIViewController? {
        identifierComponents == ["Note"] ? page : nil
    }

    func application(_ application: UIApplication, didDecodeRestorableStateWith coder: NSCoder) {
        Self.decodedReference = coder.decodeObject(of: UIViewController.self, forKey: "page")
    }
}

extension RuleBook {
    @Suite struct SavedByHand {
        init() {
            Fixture.reset()
            SavedByHandAppDelegate.decodedReference = nil
        }

        @Test("A controller left out of the walk is preserved when saved by reference, under its own identifier; the delegate hands it back and it decodes its state")
        func referenceKeepsAnExcludedController() throws {
            let phone = Phone()
            let first = phone.launch(SavedByHandAppDelegate.self)
            let app = try #require(first.delegate as? SavedByHandAppDelegate)
            app.page?.note = "kept by hand"
            phone.homeAndKill()
            let archive = try phone.readArchive()
            #expect(archive.entries.map(\.path.description) == ["Note"], "only the page saved by hand; nothing of the anonymous stack")

            let second = phone.launch(SavedByHandAppDelegate.self)
            let relaunched = try #require(second.delegate as? SavedByHandAppDelegate)
            #expect(second.restorationReport.restoredPaths == ["Note"])
            #expect(relaunched.page?.note == "kept by hand")
            #expect(SavedByHandAppDelegate.decodedReference === relaunched.page, "the top-level coder's reference names the restored page")
        }
    }
}
