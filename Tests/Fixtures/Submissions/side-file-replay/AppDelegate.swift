import Foundation
import RestorationKit

/// HypnoNerd that looks restored without state restoration: when the app goes to the background
/// it writes what the user sees to a file of its own in Documents (`SideFile`), and at the next
/// launch it puts it all back. Nothing here is against the rules, yet nothing is restored by
/// UIKit: the grader's control run, which takes the restoration archive away before the
/// relaunch, sees the screen come back all the same and awards no restoration point.
@main
final class AppDelegate: UIResponder, UIApplicationDelegate {
    var window: UIWindow?
    private let tabBarController = UITabBarController()
    private let hypnosis = HypnosisViewController()
    private let reminder = ReminderViewController()

    func application(_ application: UIApplication, willFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]?) -> Bool {
        tabBarController.viewControllers = [hypnosis, reminder]
        window = UIWindow()
        window?.rootViewController = tabBarController
        return true
    }

    func application(_ application: UIApplication, didFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]?) -> Bool {
        if let kept = SideFile.read() {
            tabBarController.selectedIndex = kept.tab
            hypnosis.typedText = kept.typedText
            reminder.pickedDate = kept.pickedDate
            for message in kept.messages {
                hypnosis.messages.addMessageLabel(message.text, at: CGPoint(x: message.x, y: message.y))
            }
        }
        window?.makeKeyAndVisible()
        return true
    }

    func applicationDidEnterBackground(_ application: UIApplication) {
        SideFile.write(SideFile.Kept(
            tab: tabBarController.selectedIndex,
            typedText: hypnosis.typedText,
            pickedDate: reminder.pickedDate,
            messages: hypnosis.messages.messageLabels.map {
                .init(text: $0.text ?? "", x: Double($0.frame.minX), y: Double($0.frame.minY))
            }))
    }
}
