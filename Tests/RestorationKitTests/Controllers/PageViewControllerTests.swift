import Foundation
import Testing
@testable import RestorationKit

/// One page of a five-page book; its restoration class makes it again from the index it saved.
final class BookPageViewController: UIViewController, UIViewControllerRestoration {
    nonisolated(unsafe) static var restorable = true
    let index: Int

    init(index: Int) {
        self.index = index
        super.init(nibName: nil, bundle: nil)
        restorationIdentifier = "Page"
        restorationClass = BookPageViewController.self
    }

    required init?(coder: NSCoder) { fatalError("not used") }

    override func viewDidLoad() {
        super.viewDidLoad()
        let label = UILabel()
        label.text = "Page \(index + 1)"
        view.addSubview(label)
    }

    override func encodeRestorableState(with coder: NSCoder) {
        super.encodeRestorableState(with: coder)
        coder.encode(index, forKey: "index")
    }

    static func viewController(withRestorationIdentifierPath identifierComponents: [String], coder: NSCoder) -> UIViewController? {
        restorable ? BookPageViewController(index: coder.decodeInteger(forKey: "index")) : nil
    }
}

/// A book: a scrolling page view controller at the root, opened at its first page at launch.
final class BookAppDelegate: UIResponder, UIApplicationDelegate, UIPageViewControllerDataSource, UIPageViewControllerDelegate {
    var window: UIWindow?
    private(set) var turns: [String] = []

    func application(_ application: UIApplication, willFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]?) -> Bool {
        let book = UIPageViewController(transitionStyle: .scroll, navigationOrientation: .horizontal)
        book.restorationIdentifier = "Book"
        book.dataSource = self
        book.delegate = self
        book.setViewControllers([BookPageViewController(index: 0)], direction: .forward, animated: false)
        window = UIWindow()
        window?.rootViewController = book
        return true
    }

    func application(_ application: UIApplication, didFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]?) -> Bool {
        window?.makeKeyAndVisible()
        return true
    }

    func application(_ application: UIApplication, shouldSaveSecureApplicationState coder: NSCoder) -> Bool { true }
    func application(_ application: UIApplication, shouldRestoreSecureApplicationState coder: NSCoder) -> Bool { true }

    var book: UIPageViewController? { window?.rootViewController as? UIPageViewController }
    var shownIndex: Int? { (book?.viewControllers?.first as? BookPageViewController)?.index }

    func pageViewController(_ pageViewController: UIPageViewController, viewControllerBefore viewController: UIViewController) -> UIViewController? {
        guard let page = viewController as? BookPageViewController, page.index > 0 else { return nil }
        return BookPageViewController(index: page.index - 1)
    }

    func pageViewController(_ pageViewController: UIPageViewController, viewControllerAfter viewController: UIViewController) -> UIViewController? {
        guard let page = viewController as? BookPageViewController, page.index < 4 else { return nil }
        return BookPageViewController(index: page.index + 1)
    }

    func presentationCount(for pageViewController: UIPageViewController) -> Int { 5 }
    func presentationIndex(for pageViewController: UIPageViewController) -> Int { shownIndex ?? 0 }

    func pageViewController(_ pageViewController: UIPageViewController, willTransitionTo pendingViewControllers: [UIViewController]) {
        turns.append("will \(pendingViewControllers.compactMap { ($0 as? BookPageViewController)?.index })")
    }

    func pageViewController(_ pageViewController: UIPageViewController, didFinishAnimating finished: Bool,
                            previousViewControllers: [UIViewController], transitionCompleted completed: Bool) {
        turns.append("did from \(previousViewControllers.compactMap { ($0 as? BookPageViewController)?.index }) completed \(completed)")
    }
}

extension RuleBook {
    @Suite struct PageViewControllers {
        init() { BookPageViewController.restorable = true }

        @Test("A swipe asks the data source for the next page and tells the delegate before and after; past the last page there is none")
        func swipes() throws {
            let phone = Phone()
            let host = phone.launch(BookAppDelegate.self)
            let app = try #require(host.delegate as? BookAppDelegate)
            let book = try #require(app.book)
            try book.simulateSwipe(.forward)
            #expect(app.shownIndex == 1)
            #expect(app.turns == ["will [1]", "did from [0] completed true"])
            #expect(host.screen.elements.contains { $0[property: ScreenProperty.text] == "Page 2" })
            #expect(host.screen.element(identifiedBy: "page indicator")?[property: ScreenProperty.value] == "page 2 of 5")
            try book.simulateSwipe(.reverse)
            #expect(throws: UserActionError("there is no page before this one")) { try book.simulateSwipe(.reverse) }
            #expect(app.shownIndex == 0)
        }

        @Test("The page shown comes back after Home, kill and relaunch: the page view controller saves it as its child, at index 0")
        func shownPageRestored() throws {
            let phone = Phone()
            let first = phone.launch(BookAppDelegate.self)
            let book = try #require((first.delegate as? BookAppDelegate)?.book)
            try book.simulateSwipe(.forward)
            try book.simulateSwipe(.forward)
            let before = first.screen
            phone.homeAndKill()
            #expect(try phone.readArchive().entry(at: RestorationPath(parsing: "Book/:[0]:/Page")!) != nil)

            let second = phone.launch(BookAppDelegate.self)
            #expect((second.delegate as? BookAppDelegate)?.shownIndex == 2)
            #expect(second.screen == before)
            #expect(LostState.between(before, second.screen).isEmpty)
        }

        @Test("When the shown page cannot be made again, the page the app opened at launch stays")
        func unrestorablePage() throws {
            let phone = Phone()
            let first = phone.launch(BookAppDelegate.self)
            try #require((first.delegate as? BookAppDelegate)?.book).simulateSwipe(.forward)
            phone.homeAndKill()
            BookPageViewController.restorable = false
            let second = phone.launch(BookAppDelegate.self)
            #expect((second.delegate as? BookAppDelegate)?.shownIndex == 0)
        }
    }
}
