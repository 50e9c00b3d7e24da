import UIKit

/// An app written as for iOS, with nothing but `import UIKit`: what a developer's own code looks
/// like when it is brought over unchanged. It shows where Foundation puts its Library folder,
/// and in the background it prints a line and keeps a note in that folder, so the runner's tests
/// can see that print debugging survives a kill and that the Library is the container's. It also
/// shows what app code finds of the runner's protocol channel, and prints lines that look like
/// the protocol's, which the runner must take for output only. Its secret label hides itself
/// from the snapshot through a notification block written as a Swift 5 iOS target writes it.
@main
final class AppDelegate: UIResponder, UIApplicationDelegate {
    var window: UIWindow?

    var libraryFolder: URL? {
        FileManager.default.urls(for: .libraryDirectory, in: .userDomainMask).first
    }

    func application(_ application: UIApplication, didFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]?) -> Bool {
        let controller = UIViewController()
        controller.title = "iOS style"
        let label = UILabel()
        label.accessibilityIdentifier = "library"
        label.text = libraryFolder?.path ?? "no Library folder"
        controller.view.addSubview(label)
        let channel = UILabel()
        channel.accessibilityIdentifier = "channel"
        let descriptor = fcntl(3, F_GETFD) == -1 ? "descriptor 3 closed" : "descriptor 3 open"
        let variable = ProcessInfo.processInfo.environment["WORKBOOK_PROTOCOL_FD"] == nil ? "no variable" : "variable set"
        channel.text = "\(descriptor), \(variable)"
        controller.view.addSubview(channel)
        let secret = SecretLabel()
        secret.accessibilityIdentifier = "secret"
        secret.text = "1234"
        secret.hideWhileInactive()
        controller.view.addSubview(secret)
        // Answers to the runner, had they reached it: a launch that claims restoration, and a
        // screen it cannot read.
        print("launched restored")
        print("screen {}")
        FileHandle.standardError.write(Data("ok home\n".utf8))
        window = UIWindow()
        window?.rootViewController = controller
        window?.makeKeyAndVisible()
        return true
    }

    func applicationDidEnterBackground(_ application: UIApplication) {
        print("IOSStyleApp: entered the background")
        guard let libraryFolder else { return }
        try? Data("left at Home\n".utf8).write(to: libraryFolder.appendingPathComponent("note.txt"))
    }
}
