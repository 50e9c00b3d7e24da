import Foundation
import Testing
@testable import RestorationKit

/// A controller that records the appearance calls it gets, by name.
final class AppearanceRecordingViewController: UIViewController {
    let name: String
    nonisolated(unsafe) static var calls: [String] = []

    init(name: String) {
        self.name = name
        super.init(nibName: nil, bundle: nil)
        title = name
        restorationIdentifier = name
    }

    required init?(coder: NSCoder) { fatalError("not used") }

    override func viewDidLoad() {
        super.viewDidLoad()
        let label = UILabel()
        label.text = "\(name) content"
        view.addSubview(label)
    }

    override func viewWillAppear(_ animated: Bool) { Self.calls.append("\(name).willAppear") }
    override func viewDidAppear(_ animated: Bool) { Self.calls.append("\(name).didAppear") }
    override func viewWillDisappear(_ animated: Bool) { Self.calls.append("\(name).willDisappear") }
    override func viewDidDisappear(_ animated: Bool) { Self.calls.append("\(name).didDisappear") }
}

/// A navigation controller around a recording "Inbox" screen, presenting what a test asks.
final class SheetAppDelegate: UIResponder, UIApplicationDelegate {
    var window: UIWindow?

    func application(_ application: UIApplication, willFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]?) -> Bool {
        window = UIWindow()
        let navigation = UINavigationController(rootViewController: AppearanceRecordingViewController(name: "Inbox"))
        navigation.restorationIdentifier = "Navigation"
        window?.rootViewController = navigation
        return true
    }

    func application(_ application: UIApplication, didFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]?) -> Bool {
        window?.makeKeyAndVisible()
        return true
    }

    func application(_ application: UIApplication, shouldSaveSecureApplicationState coder: NSCoder) -> Bool { true }
    func application(_ application: UIApplication, shouldRestoreSecureApplicationState coder: NSCoder) -> Bool { true }

    func application(_ application: UIApplication, viewControllerWithRestorationIdentifierPath identifierComponents: [String], coder: NSCoder) -> UIViewController? {
        // The sheet is made again with its screen; the implicit search then finds the screen in it.
        guard identifierComponents.last == "Sheet" else { return nil }
        let sheet = UINavigationController(rootViewController: AppearanceRecordingViewController(name: "Compose"))
        sheet.restorationIdentifier = "Sheet"
        return sheet
    }

    var navigation: UINavigationController? { window?.rootViewController as? UINavigationController }
}

/// Modal presentation follows `modalPresentationStyle`, as on iOS 13 and later: `.automatic` is
/// a page sheet, a card over its presenter, which stays on screen behind it and is told nothing.
extension RuleBook {
    @Suite struct PageSheets {
        init() { AppearanceRecordingViewController.calls = [] }

        private func composeSheet(style: UIModalPresentationStyle? = nil) -> UINavigationController {
            let sheet = UINavigationController(rootViewController: AppearanceRecordingViewController(name: "Compose"))
            sheet.restorationIdentifier = "Sheet"
            if let style { sheet.modalPresentationStyle = style }
            return sheet
        }

        @Test("A page sheet (.automatic) is drawn over its presenter: the presenter's bar shows above the sheet's card, and the sheet holds its own bar and content")
        func pageSheetDrawnOverPresenter() throws {
            let phone = Phone()
            let host = phone.launch(SheetAppDelegate.self)
            let navigation = try #require((host.delegate as? SheetAppDelegate)?.navigation)
            #expect(composeSheet().modalPresentationStyle == .automatic)
            navigation.present(composeSheet(), animated: true)

            let children = host.screen.content.children
            #expect(children.map(\.role) == [.navigationBar, .label, .sheet])
            #expect(children.first?[property: ScreenProperty.title] == "Inbox", "the presenter is still on screen, behind")
            let sheet = try #require(children.last)
            #expect(sheet.children.first?[property: ScreenProperty.title] == "Compose")
            #expect(sheet.children.contains { $0[property: ScreenProperty.text] == "Compose content" })

            let lines = host.screen.drawing().components(separatedBy: "\n")
            let card = try #require(lines.firstIndex { $0.contains("╭") })
            #expect(lines[1].contains("Inbox"), "the presenter's bar peeks out at the top")
            #expect(lines[(card + 1)...].contains { $0.contains("Compose") })
            #expect(!lines[..<card].contains { $0.contains("Compose") })
            #expect(Set(lines.map(\.count)).count == 1, "every row is as wide as the phone")
        }

        @Test("What a sheet covers cannot be reached: a scenario finds only what is on the sheet, and a screen is named after the sheet")
        func coveredContentUnreachable() throws {
            let phone = Phone()
            let host = phone.launch(SheetAppDelegate.self)
            try #require((host.delegate as? SheetAppDelegate)?.navigation).present(composeSheet(), animated: true)
            let screen = host.screen
            #expect(screen.content.allElements.contains { $0[property: ScreenProperty.text] == "Inbox content" })
            #expect(!screen.elements.contains { $0[property: ScreenProperty.text] == "Inbox content" })
            #expect(LostState.name(of: screen) == "Compose")
        }

        @Test("A full-screen presentation hides its presenter: nothing of it is drawn")
        func fullScreenHidesPresenter() throws {
            let phone = Phone()
            let host = phone.launch(SheetAppDelegate.self)
            try #require((host.delegate as? SheetAppDelegate)?.navigation).present(composeSheet(style: .fullScreen), animated: true)
            #expect(host.screen.content.children.map(\.role) == [.navigationBar, .label])
            #expect(host.screen.content.children.first?[property: ScreenProperty.title] == "Compose")
            #expect(!host.screen.drawing().contains("Inbox"))
        }

        @Test("A page sheet's presenter gets no viewWillDisappear when it comes nor viewWillAppear when it goes; a full-screen one's gets both")
        func presenterLifeCycle() throws {
            let phone = Phone()
            let host = phone.launch(SheetAppDelegate.self)
            let navigation = try #require((host.delegate as? SheetAppDelegate)?.navigation)

            AppearanceRecordingViewController.calls = []
            let sheet = composeSheet()
            navigation.present(sheet, animated: true)
            sheet.dismiss(animated: true)
            #expect(AppearanceRecordingViewController.calls == [
                "Compose.willAppear", "Compose.didAppear", "Compose.willDisappear", "Compose.didDisappear",
            ])

            AppearanceRecordingViewController.calls = []
            let cover = composeSheet(style: .fullScreen)
            navigation.present(cover, animated: true)
            cover.dismiss(animated: true)
            #expect(AppearanceRecordingViewController.calls == [
                "Inbox.willDisappear", "Compose.willAppear", "Inbox.didDisappear", "Compose.didAppear",
                "Compose.willDisappear", "Inbox.willAppear", "Compose.didDisappear", "Inbox.didAppear",
            ])
        }

        @Test("A sheet that did not come back is the one loss; what it held is named as on a screen of its own, where it was drawn")
        func closedSheet() {
            let list = ScreenElement(role: .navigationBar, properties: [.init("title", "Homepwner")])
            let field = ScreenElement(role: .textField, name: "Name", properties: [.init("text", "Grandfather Clock")])
            let sheet = ScreenElement(role: .sheet, children: [ScreenElement(role: .navigationBar, properties: [.init("title", "Grandfather Clock")]), field])
            let before = Screen(content: ScreenElement(role: .window, children: [list, sheet]), chain: [
                ScreenController(name: "UINavigationController"), ScreenController(name: "ItemsViewController"),
                ScreenController(name: "UINavigationController", presented: true), ScreenController(name: "DetailViewController"),
            ])
            let after = Screen(content: ScreenElement(role: .window, children: [list]), chain: Array(before.chain.prefix(2)))
            let lost = LostState.between(before, after)
            #expect(lost.map(\.description) == ["the open screen: \"Grandfather Clock\" is closed, \"Homepwner\" shows instead"])
            #expect(LostState.mentions("Name field", in: lost, leaving: before, comingBack: after))
            let differences = ScreenDifference.between(before, after)
            #expect(differences.map(\.description) == ["Navigation bar: \"Grandfather Clock\" → nothing", "Name field: \"Grandfather Clock\" → nothing"])
            #expect(differences.map(\.placeBefore) == [[1, 0], [1, 1]])
        }

        @Test("A page sheet restored after a relaunch is a sheet again, over the presenter restored under it")
        func restoredSheet() throws {
            let phone = Phone()
            let first = phone.launch(SheetAppDelegate.self)
            try #require((first.delegate as? SheetAppDelegate)?.navigation).present(composeSheet(), animated: true)
            let before = first.screen
            phone.homeAndKill()

            let second = phone.launch(SheetAppDelegate.self)
            #expect(second.screen == before)
            #expect(second.screen.content.children.last?.role == .sheet)
        }
    }
}
