import Foundation
import Testing
@testable import RestorationKit

/// A shop as a ported iOS app builds it: a tab bar whose first tab is a navigation stack with
/// the tab's item given to its root controller, and a second tab with a system item.
final class ShopAppDelegate: UIResponder, UIApplicationDelegate {
    var window: UIWindow?

    func application(_ application: UIApplication, didFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]?) -> Bool {
        let products = UIViewController()
        products.title = "Products"
        products.tabBarItem = UITabBarItem(title: "Browse", image: UIImage(systemName: "bag"), tag: 1)
        let tabs = UITabBarController()
        tabs.viewControllers = [UINavigationController(rootViewController: products),
                                UITableViewController(style: .plain).withTabBarItem(UITabBarItem(tabBarSystemItem: .favorites, tag: 2))]
        window = UIWindow()
        window?.rootViewController = tabs
        window?.makeKeyAndVisible()
        return true
    }

    var tabs: UITabBarController { window!.rootViewController as! UITabBarController }
    var browse: UINavigationController { tabs.viewControllers![0] as! UINavigationController }
}

private extension UIViewController {
    func withTabBarItem(_ item: UITabBarItem) -> Self {
        tabBarItem = item
        return self
    }
}

/// A pushed screen, such as a product's page, that may ask for the whole screen.
private func page(_ title: String, hidesTabBar: Bool) -> UIViewController {
    let page = UIViewController()
    page.title = title
    page.hidesBottomBarWhenPushed = hidesTabBar
    return page
}

extension RuleBook {
    @Suite struct TabBars {
        init() { Fixture.reset() }

        private func tabBar(_ host: ApplicationHost) -> ScreenElement? {
            host.screen.elements.first { $0.role == .tabBar }
        }

        @Test("A tab bar item made with a title, an image and a tag keeps them; the tab bar shows the titles")
        func itemsWithImages() throws {
            let phone = Phone()
            let host = phone.launch(ShopAppDelegate.self)
            let shop = try #require(host.delegate as? ShopAppDelegate)
            let item = try #require(shop.browse.viewControllers[0].tabBarItem)
            #expect(item.image == UIImage(systemName: "bag") && item.tag == 1)
            #expect(item.selectedImage == item.image, "without a selected image, the image is shown selected too")
            item.selectedImage = UIImage(systemName: "bag.fill")?.withRenderingMode(.alwaysOriginal)
            #expect(item.selectedImage?.name == "bag.fill" && item.selectedImage?.renderingMode == .alwaysOriginal)
            #expect(tabBar(host)?[property: ScreenProperty.segments] == "Browse | Favorites")
            #expect(tabBar(host)?[property: ScreenProperty.selected] == "Browse")
            #expect(host.screen.drawing().contains("[Browse]  Favorites"))
        }

        @Test("A navigation controller with no tab bar item of its own shows its root controller's")
        func navigationTakesItsRootsItem() throws {
            let phone = Phone()
            let host = phone.launch(ShopAppDelegate.self)
            let shop = try #require(host.delegate as? ShopAppDelegate)
            #expect(shop.browse.tabBarItem === shop.browse.viewControllers[0].tabBarItem)
            #expect(shop.browse.tabBarItem.image?.name == "bag")
            shop.browse.pushViewController(page("Lamp", hidesTabBar: false), animated: false)
            #expect(tabBar(host)?[property: ScreenProperty.selected] == "Browse", "the root's item, whatever is on top")

            shop.browse.tabBarItem = UITabBarItem(title: "Shop", image: nil, tag: 0)
            #expect(tabBar(host)?[property: ScreenProperty.segments] == "Shop | Favorites", "an item of its own wins")
        }

        @Test("A pushed controller that hides the bottom bar hides the tab bar for itself and what is pushed above it; popping below it shows the bar again")
        func hidesBottomBarWhenPushed() throws {
            let phone = Phone()
            let host = phone.launch(ShopAppDelegate.self)
            let browse = try #require(host.delegate as? ShopAppDelegate).browse
            browse.pushViewController(page("Lamp", hidesTabBar: true), animated: false)
            #expect(tabBar(host) == nil)
            #expect(!host.screen.drawing().contains("Favorites"), "the drawing has no tab bar:\n\(host.screen.drawing())")
            #expect(throws: UserActionError.self) { try host.perform(.chooseTab("Favorites")) }

            browse.pushViewController(page("Reviews", hidesTabBar: false), animated: false)
            #expect(tabBar(host) == nil, "still hidden above the controller that hid it")

            try host.perform(.back)
            #expect(tabBar(host) == nil)
            try host.perform(.back)
            #expect(tabBar(host)?[property: ScreenProperty.segments] == "Browse | Favorites")
            #expect(host.screen.drawing().contains("Favorites"))
            try host.perform(.chooseTab("Favorites"))
            #expect(try #require(host.delegate as? ShopAppDelegate).tabs.selectedIndex == 1)
        }

        @Test("Another tab's stack does not hide the tab bar: only the selected tab's does")
        func onlyTheSelectedTabCounts() throws {
            let phone = Phone()
            let host = phone.launch(ShopAppDelegate.self)
            let shop = try #require(host.delegate as? ShopAppDelegate)
            shop.browse.pushViewController(page("Lamp", hidesTabBar: true), animated: false)
            shop.tabs.selectedIndex = 1
            #expect(tabBar(host)?[property: ScreenProperty.selected] == "Favorites")
        }
    }
}
