import Foundation
import Testing
@testable import RestorationKit

/// Storyboard apps navigate by segues, as on iOS: `prepare(for:sender:)` sees a destination
/// already made, a tap's segue asks `shouldPerformSegue` first, an unwind segue finds its way
/// back, and a controller a segue made comes back through the storyboard (restoration's fourth
/// way, RESTORATION.md "Restoration" 3.4).
extension RuleBook {
    @Suite struct Segues {
        init() {
            ShopLog.calls = []
            ShopLog.allowsDetails = true
        }

        private func shop() throws -> (Phone, ApplicationHost, ShopStoryboardAppDelegate) {
            let phone = Phone()
            phone.mainStoryboardFile = "Shop"
            let host = phone.launch(ShopStoryboardAppDelegate.self)
            return (phone, host, try #require(host.delegate as? ShopStoryboardAppDelegate))
        }

        @Test("A segue's prepare(for:sender:) sees its destination made from the storyboard before it appears; a show segue in a navigation controller pushes it")
        func prepareSeesDestination() throws {
            let (_, host, app) = try shop()
            let catalog = try #require(app.catalog)
            ShopLog.calls = []
            catalog.performSegue(withIdentifier: "showProduct", sender: nil)
            #expect(ShopLog.calls == ["prepare showProduct for a ProductViewController from Shop, view loaded: false, on screen: false"],
                    "performSegue asks no shouldPerformSegue")
            let product = try #require(app.navigation?.topViewController as? ProductViewController)
            #expect(app.navigation?.viewControllers.count == 2)
            #expect(product.product == "Teapot")
            #expect(product.restorationIdentifier == "Product")
            #expect(host.screen.elements.contains { $0[property: ScreenProperty.text] == "Teapot" })
        }

        @Test("A segue a tap triggers asks shouldPerformSegue, with the button as sender; refused, nothing moves")
        func triggeredSegueAsksFirst() throws {
            let (_, host, app) = try shop()
            ShopLog.calls = []
            ShopLog.allowsDetails = false
            try host.perform(.tap(.title("Details")))
            #expect(ShopLog.calls == ["should showProduct from UIButton"])
            #expect(app.navigation?.viewControllers.count == 1)

            ShopLog.allowsDetails = true
            try host.perform(.tap(.title("Details")))
            #expect(app.navigation?.topViewController is ProductViewController)
        }

        @Test("A controller reached through a segue comes back after Home, kill and relaunch, made again from the storyboard")
        func segueDestinationRestored() throws {
            let (phone, first, app) = try shop()
            try #require(app.catalog).performSegue(withIdentifier: "showProduct", sender: nil)
            let before = first.screen
            phone.homeAndKill()
            #expect(try phone.readArchive().entry(at: RestorationPath(parsing: "Root/:[1]:/Product")!)?.state[ReservedKey.storyboard] == .string("Shop"))

            let second = phone.launch(ShopStoryboardAppDelegate.self)
            let restored = try #require(second.delegate as? ShopStoryboardAppDelegate)
            let product = try #require(restored.navigation?.topViewController as? ProductViewController)
            #expect(restored.navigation?.viewControllers.count == 2)
            #expect(product.product == "Teapot")
            #expect(product.storyboard?.name == "Shop")
            #expect(LostState.between(before, second.screen).isEmpty)
        }

        @Test("An unwind segue goes back to the controller implementing its action: the source prepares, the action runs while the source is still shown, then what lies between goes")
        func unwindBackDownTheStack() throws {
            let (_, host, app) = try shop()
            let catalog = try #require(app.catalog)
            catalog.performSegue(withIdentifier: "showProduct", sender: nil)
            ShopLog.calls = []
            try host.perform(.tap(.title("Done")))
            #expect(ShopLog.calls == [
                "Product prepares backToCatalog towards a CatalogViewController",
                "unwindToCatalog backToCatalog from ProductViewController, still on screen: true",
            ])
            #expect(app.navigation?.viewControllers.count == 1)
            #expect(app.navigation?.topViewController === catalog)
        }

        @Test("An unwind segue from a presented screen finds its action below the presentation and dismisses it")
        func unwindThroughPresentation() throws {
            let (_, host, app) = try shop()
            let catalog = try #require(app.catalog)
            catalog.performSegue(withIdentifier: "checkout", sender: nil)
            let checkout = try #require((catalog.presentedViewController as? UINavigationController)?.topViewController as? CheckoutViewController)
            #expect(host.screen.content.children.last?.role == .sheet, "a present segue keeps the destination's .automatic style: a page sheet")
            ShopLog.calls = []
            checkout.performSegue(withIdentifier: "cancel", sender: nil)
            #expect(ShopLog.calls == ["unwindToCatalog cancel from CheckoutViewController, still on screen: true"])
            #expect(catalog.presentedViewController == nil)
        }

        @Test("A segue drawn from a table's cells runs when a user selects a row, with the cell as sender, before the delegate hears didSelectRowAt")
        func rowSelectionSegue() throws {
            Fixture.reset()
            let phone = Phone()
            let host = phone.launch(NotesAppDelegate.self)
            let plants = try #require(UIStoryboard.register(PlantsStoryboard.self).instantiateInitialViewController() as? PlantsTableViewController)
            host.delegate.window?.rootViewController = plants
            ShopLog.calls = []
            try host.perform(.selectRow(.text("Ivy"), table: nil))
            #expect(ShopLog.calls == ["prepare openPlant from the cell of row 1, presented: false, style: fullScreen", "didSelectRowAt 1"])
            #expect(plants.presentedViewController is CheckoutViewController)
        }

        @Test("awakeFromNib is called on each controller a storyboard makes, once made and given its identifier and storyboard, children before their container")
        func awakeFromNib() throws {
            _ = try shop()
            #expect(ShopLog.calls.prefix(2) == ["Catalog.awake as Catalog from Shop", "Root.awake with [\"CatalogViewController\"]"])
        }

        @Test("show(_:sender:) pushes inside a navigation controller and presents outside one; showDetailViewController presents on an iPhone")
        func showAndShowDetail() throws {
            Fixture.reset()
            let phone = Phone()
            let host = phone.launch(NotesAppDelegate.self)
            let navigation = try #require((host.delegate as? NotesAppDelegate)?.navigation)
            let list = try #require(navigation.topViewController)
            let note = NoteViewController(note: "shown")
            list.show(note, sender: nil)
            #expect(navigation.topViewController === note)
            #expect(list.presentedViewController == nil)

            let detail = NoteViewController(note: "detail")
            note.showDetailViewController(detail, sender: nil)
            #expect(navigation.presentedViewController === detail, "no split view to show it in")
            #expect(navigation.viewControllers.count == 2)
            detail.dismiss(animated: false)

            let alone = UIViewController()
            host.delegate.window?.rootViewController = alone
            let shown = UIViewController()
            alone.show(shown, sender: nil)
            #expect(alone.presentedViewController === shown)
        }
    }
}
