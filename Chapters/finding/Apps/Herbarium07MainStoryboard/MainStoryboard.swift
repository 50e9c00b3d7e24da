import UIKit

/// Main.storyboard, written in code, and named by Info.plist as the app's main storyboard: UIKit
/// makes the window and the initial scene, the navigation controller with the shelf in it,
/// before the app delegate hears of the launch. Each scene's restoration identifier is its
/// storyboard ID.
enum MainStoryboard: UIStoryboardDefinition {
    static let name = "Main"
    static let initialScene: String? = "ShelfNavigation"
    static let scenes: [UIStoryboard.Scene] = [
        .init("ShelfNavigation", class: UINavigationController.self, restorationIdentifier: "ShelfNavigation",
              relationship: .rootViewController("ShelfViewController")),
        .init("ShelfViewController", class: ShelfViewController.self, restorationIdentifier: "ShelfViewController"),
    ]
}
