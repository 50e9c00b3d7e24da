import UIKit

/// Main.storyboard, written in code: a tab bar whose first tab is a navigation controller
/// around the notes list, and a note scene that the list pushes. Every scene uses its
/// storyboard ID as its restoration identifier ("Use Storyboard ID").
enum MainStoryboard: UIStoryboardDefinition {
    static let name = "Main"
    static let initialScene: String? = "TabController"
    static let scenes: [UIStoryboard.Scene] = [
        .init("TabController", class: UITabBarController.self, restorationIdentifier: "TabController",
              relationship: .viewControllers(["NavigationController", "SettingsViewController"])),
        .init("NavigationController", class: UINavigationController.self, restorationIdentifier: "NavigationController",
              relationship: .rootViewController("NotesViewController")),
        .init("NotesViewController", class: NotesViewController.self, restorationIdentifier: "NotesViewController"),
        .init("SettingsViewController", class: SettingsViewController.self, restorationIdentifier: "SettingsViewController"),
        .init("NoteViewController", class: NoteViewController.self, restorationIdentifier: "NoteViewController"),
    ]
}
