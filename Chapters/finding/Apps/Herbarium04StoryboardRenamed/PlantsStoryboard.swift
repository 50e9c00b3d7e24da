import Foundation
import UIKit

/// Plants.storyboard, written in code. Version 2 renamed the plant's page: its storyboard ID, and
/// its restoration identifier with it, is PlantPage now. (The app reads which version it is from
/// its Info.plist, as an installed app does, so one folder plays both versions.)
enum PlantsStoryboard: UIStoryboardDefinition {
    static let pageIdentifier = (Bundle.main.object(forInfoDictionaryKey: "CFBundleVersion") as? String ?? "1") == "1"
        ? "PlantViewController"
        : "PlantPage"

    static let name = "Plants"
    static let initialScene: String? = nil
    static let scenes: [UIStoryboard.Scene] = [
        .init(pageIdentifier, class: PlantViewController.self, restorationIdentifier: pageIdentifier),
    ]
}
