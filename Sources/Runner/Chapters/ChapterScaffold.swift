import Captures
import Foundation

/// A new chapter, laid out as Chapters/README.md says and ready to run and build at once: prose
/// with one directive, one app whose state comes back, one scenario that says so. The author
/// starts from something that works and changes it a save at a time.
public struct ChapterScaffold {
    public let name: String
    /// The app's folder name: the chapter's name in capitals, `Notes` after it (`state-basics`
    /// → `StateBasicsNotes`), unique among every chapter's apps because it is a target's name.
    public let app: String
    public let title: String
    public static let scenario = "leave-and-come-back"

    /// A name that cannot be a new chapter's, and why: what the person typed is the problem.
    public struct NameProblem: Error, CustomStringConvertible, Sendable {
        public let description: String
    }

    /// Checks the name against the chapters folder: a folder and page name of lowercase letters,
    /// digits and hyphens, not taken by a chapter, and an app name not taken by a target.
    public init(name: String, chapters: URL) throws {
        guard let first = name.unicodeScalars.first, ("a"..."z").contains(first),
              name.unicodeScalars.allSatisfy({ ("a"..."z").contains($0) || ("0"..."9").contains($0) || $0 == "-" }),
              !name.hasSuffix("-"), !name.contains("--"), name.count <= 60 else {
            throw NameProblem(description: "\"\(name)\" cannot name a chapter: expected lowercase letters, digits and single hyphens, starting with a letter (e.g. state-basics); it becomes a folder, a page (<name>.html) and part of addresses")
        }
        let folder = chapters.appendingPathComponent(name)
        guard !FileManager.default.fileExists(atPath: folder.path) else {
            throw NameProblem(description: "Chapters/\(name) already exists: choose another name, or edit that chapter")
        }
        let words = name.split(separator: "-").map { $0.prefix(1).uppercased() + $0.dropFirst() }
        self.name = name
        self.app = words.joined() + "Notes"
        self.title = words.joined(separator: " ")
        let taken = Self.targetNames(in: chapters)
        guard !taken.contains(app.lowercased()) else {
            throw NameProblem(description: "the new chapter's app would be called \(app), and a chapter already has an app or library of that name (they are target names, unique in the package): choose another chapter name")
        }
    }

    /// Writes the chapter's files and adds it to the end of `Chapters/contents.txt`; the paths
    /// written, relative to the chapters folder.
    @discardableResult
    public func write(in chapters: URL) throws -> [String] {
        let files: [(String, String)] = [
            ("\(name)/chapter.md", prose),
            ("\(name)/Apps/\(app)/AppDelegate.swift", appDelegate),
            ("\(name)/Apps/\(app)/NoteViewController.swift", noteViewController),
            ("\(name)/Scenarios/\(app)/\(Self.scenario).scenario", scenario),
        ]
        for (path, text) in files {
            let url = chapters.appendingPathComponent(path)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(text.utf8).write(to: url, options: .withoutOverwriting)
        }
        let contents = chapters.appendingPathComponent("contents.txt")
        var order = FileManager.default.contents(atPath: contents.path).map { String(decoding: $0, as: UTF8.self) } ?? ""
        if !order.isEmpty, !order.hasSuffix("\n") { order += "\n" }
        order += name + "\n"
        try Data(order.utf8).write(to: contents, options: .atomic)
        return files.map(\.0) + ["contents.txt"]
    }

    /// Every app and shared library of every chapter, lowercased (SwiftPM compares target
    /// names without case on some file systems).
    static func targetNames(in chapters: URL) -> Set<String> {
        var names = Set<String>()
        for chapter in ChapterCatalog.folders(in: chapters) {
            for part in ["Apps", "Shared"] {
                for target in ChapterCatalog.folders(in: chapters.appendingPathComponent("\(chapter)/\(part)")) {
                    names.insert(target.lowercased())
                }
            }
        }
        return names
    }

    var prose: String {
        """
        # \(title)

        What this chapter teaches, in a sentence or two. Save this file while `workbook serve` runs
        and the page in the browser shows the change.

        ## A note that comes back

        The app keeps one note. The user writes it and switches to another app; while the app waits
        in the background, the system needs its memory and kills it. When the user comes back, the
        note is still there, because the app saved it with its state:

        ```workbook
        run: \(app)/\(Self.scenario)
        show: screens, lost
        ```

        """
    }

    var appDelegate: String {
        """
        import UIKit

        /// Opts in to state restoration and builds its screens in `willFinishLaunching`, so that
        /// restoration finds the controllers it made.
        @main
        final class AppDelegate: UIResponder, UIApplicationDelegate {
            var window: UIWindow?

            func application(_ application: UIApplication, willFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]?) -> Bool {
                let window = UIWindow()
                let navigation = UINavigationController(rootViewController: NoteViewController())
                navigation.restorationIdentifier = "NavigationController"
                window.rootViewController = navigation
                self.window = window
                return true
            }

            func application(_ application: UIApplication, didFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]?) -> Bool {
                window?.makeKeyAndVisible()
                return true
            }

            func application(_ application: UIApplication, shouldSaveSecureApplicationState coder: NSCoder) -> Bool { true }
            func application(_ application: UIApplication, shouldRestoreSecureApplicationState coder: NSCoder) -> Bool { true }
        }

        """
    }

    var noteViewController: String {
        """
        import UIKit

        /// One field whose text is worth keeping: it is saved with the app's state and put back
        /// when the app is restored.
        final class NoteViewController: UIViewController {
            let field = UITextField()

            override init(nibName: String?, bundle: Bundle?) {
                super.init(nibName: nibName, bundle: bundle)
                title = "Note"
                restorationIdentifier = "NoteViewController"
            }

            required init?(coder: NSCoder) { fatalError("not decoded from a storyboard") }

            override func viewDidLoad() {
                super.viewDidLoad()
                field.accessibilityIdentifier = "note"
                field.placeholder = "Note"
                view.addSubview(field)
            }

            override func encodeRestorableState(with coder: NSCoder) {
                super.encodeRestorableState(with: coder)
                coder.encode(field.text ?? "", forKey: "note.text")
            }

            override func decodeRestorableState(with coder: NSCoder) {
                super.decodeRestorableState(with: coder)
                field.text = coder.decodeObject(forKey: "note.text") as? String
            }
        }

        """
    }

    var scenario: String {
        """
        scenario "Write a note, leave, come back after the system killed the app"
        launch
        type "Buy milk" into note
        press home
        # Under memory pressure the system kills the suspended app; the user taps its icon again.
        kill
        launch
        expect restored
        expect note is "Buy milk"

        """
    }
}
