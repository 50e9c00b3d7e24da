import UIKit

/// Plants.storyboard, written in code: one scene, the plant's page, whose storyboard ID is also
/// its restoration identifier (Interface Builder's "Use Storyboard ID").
enum PlantsStoryboard: UIStoryboardDefinition {
    static let name = "Plants"
    static let initialScene: String? = nil
    static let scenes: [UIStoryboard.Scene] = [
        .init("PlantViewController", class: PlantViewController.self, restorationIdentifier: "PlantViewController"),
    ]
}
