import Foundation
import Testing
import TestSupport

/// UIKit's API is isolated to the main actor, and so is RestorationKit's: code that makes or
/// touches a view controller off the main actor is diagnosed by the compiler, as it is on iOS,
/// while code on the main actor (a controller's own methods, a delegate's) compiles clean.
extension RuleBook {
    @Suite struct MainActorIsolation {
        /// What the compiler says about `source` in Swift 6 mode, type-checked against UIKit.
        static func diagnostics(of source: String) throws -> String {
            let modules = try #require(BuiltProducts.modules, "the UIKit module was not found beside the test bundle")
            let folder = FileManager.default.temporaryDirectory.appendingPathComponent("isolation-\(UUID().uuidString)")
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            defer { try? FileManager.default.removeItem(at: folder) }
            let file = folder.appendingPathComponent("Check.swift")
            try source.write(to: file, atomically: true, encoding: .utf8)
            return try ToolRun.run("swiftc", ["-typecheck", "-swift-version", "6", "-I", modules.path, file.path]).said
        }

        @Test("A view controller made off the main actor is diagnosed as main-actor isolated; made on it, nothing is said")
        func viewControllersBelongToTheMainActor() throws {
            let off = try Self.diagnostics(of: """
                import UIKit
                final class Page: UIViewController {}
                nonisolated func makePage() -> UIViewController { Page() }
                """)
            #expect(off.contains("call to main actor-isolated initializer 'init()' in a synchronous nonisolated context"), "\(off)")
            let on = try Self.diagnostics(of: """
                import UIKit
                final class Page: UIViewController {
                    override func viewDidLoad() {
                        super.viewDidLoad()
                        view.addSubview(UILabel())
                    }
                }
                @MainActor func makePage() -> UIViewController { Page() }
                """)
            #expect(!on.contains("warning") && !on.contains("error"), "\(on)")
        }

        /// UIKit marks its classes and protocols `@MainActor` in so many words, so a subclass or a
        /// conforming type is on the main actor too and needs no attribute of its own; the engine's
        /// default isolation alone would not pass on to them. Its constants and values are nobody's.
        @Test("A subclass or delegate of the app's is on the main actor as on iOS; UIKit's constants and values are usable anywhere")
        func isolationPassesToTheAppsOwnTypes() throws {
            let inherited = try Self.diagnostics(of: """
                import UIKit
                final class Page: UIViewController {
                    var headline: String? { title }
                    static func make() -> Page { let page = Page(); page.restorationIdentifier = "Page"; return page }
                    func hide() { view.isHidden = true }
                }
                final class AppDelegate: UIResponder, UIApplicationDelegate {
                    var window: UIWindow?
                    var root: UIViewController? { window?.rootViewController }
                }
                final class Rows: NSObject, UITableViewDataSource {
                    var names = ["A"]
                    func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int { names.count }
                    func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell { UITableViewCell() }
                    func reload(_ table: UITableView) { table.reloadData() }
                }
                """)
            #expect(!inherited.contains("error"), "\(inherited)")
            let values = try Self.diagnostics(of: """
                import UIKit
                struct Item: Sendable { var created = Device.now }
                nonisolated func describe(_ coder: NSCoder) -> String {
                    coder.encode(CGAffineTransform.identity, forKey: "t")
                    let key = UIApplication.stateRestorationBundleVersionKey
                    let state: UIControl.State = [.selected]
                    return "\\(key) \\(state.rawValue) \\(NSTextAlignment.center.rawValue) \\(IndexPath(row: 1, section: 0).row) \\(UIColor.red)"
                }
                """)
            #expect(!values.contains("error"), "\(values)")
        }
    }
}
