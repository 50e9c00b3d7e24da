import Foundation
import RestorationKit

/// The rule book's real app: a process of its own, so that the rules about crashes and kills can
/// be shown with a real crash and a real SIGKILL. A navigation controller (`Navigation`) whose
/// root is a list (`List`), onto which the first launch pushes a note (`Note`) that shows its text.
///
/// Switches, read from the environment at each launch:
/// - `RULEBOOK_NOTE=text`: on a launch that restored nothing, push a note with this text;
///   `{version}` in it is replaced by the `CFBundleVersion` that `Bundle.main` reads.
/// - `RULEBOOK_EDIT=text`: after launching, change the note on top of the stack to this text.
/// - `RULEBOOK_LATE_EDIT=text`: the same, from a block `didFinishLaunching` queues on the main
///   queue, which queues another for the last word (`text` then ` (late)`).
/// - `RULEBOOK_CRASH_DURING_DECODE=1`: the note crashes (`fatalError`) while decoding its state.
/// The delegate also recreates a second navigation controller, `Stack`, wherever an archive
/// asks for one (the bad-archive rules use it to build nested containers).
/// - `RULEBOOK_EXTEND_RESTORATION=1`: the note calls `extendStateRestoration()` while decoding
///   and never balances it.
/// - `RULEBOOK_NOTE_MODEL=plain|secure|list`: the note saves its text inside a model object, one
///   that adopts only `NSCoding` (`plain`) or `NSSecureCoding` (`secure`), or as the one string of
///   an array (`list`), and decodes it with `decodeObject(of:forKey:)` naming those classes,
///   instead of saving the text itself.
/// - `RULEBOOK_NOTE_DECODE=untyped|as-text`: the note reads its saved value back with
///   `decodeObject(forKey:)` (`untyped`), or with `decodeObject(of:forKey:)` asking for a string
///   only (`as-text`), whatever it saved.
/// - `RULEBOOK_HANG_ON_HOME=1`: the delegate never returns from `applicationDidEnterBackground`.
///   `=library`: the same, in a loop that spends nearly all its time in a C library routine that
///   keeps no frame pointer (`strlen` over 64 MiB), so that the backtrace leaves the loop's own
///   frame out.
/// - `RULEBOOK_ANONYMOUS=1`: the navigation controller has no restoration identifier, so no
///   controller takes part.
/// - `RULEBOOK_READ_KEY=key`: the note reads its text back under this key instead of `note`
///   (a misspelling, for the cause the engine names).
/// - `RULEBOOK_RESTORES=0`: the delegate answers false to restoring.
/// - `RULEBOOK_RECREATE_ROOT=install|forget`: nothing is built in `willFinishLaunching`; the
///   delegate recreates `Navigation` and `List` when restoration asks, and puts the navigation
///   controller into the window (`install`) or not (`forget`).
/// - `RULEBOOK_DEFAULTS=text`: on a launch that restored nothing, the delegate keeps `text` in
///   `UserDefaults.standard` (key `remembered`, no `synchronize()`, as iOS code has no need to);
///   the note shows what the defaults hold under that key in a label identified `remembered`.
/// - `RULEBOOK_KILLED_WRITING_DOCUMENT=1`: after launching, the app saves 1 MiB to
///   `Documents/notes.data` with Foundation's `.atomic`, under a file size limit of 64 KiB it
///   sets itself: the kernel kills it (SIGXFSZ) in the middle of the write, after Foundation's
///   temporary file was made and before it was renamed, as a kill at the wrong moment does.
/// - `RULEBOOK_VISITS=1`: a registered object (`Visits`) is saved with the app's state. The first
///   launch registers it in `willFinishLaunching`; later launches only when the app enters the
///   background, as an object registered on the user's first visit to a screen is: long after
///   restoration ran.
@main
final class RuleBookAppDelegate: UIResponder, UIApplicationDelegate {
    var window: UIWindow?

    static func setting(_ name: String) -> String? {
        ProcessInfo.processInfo.environment[name]
    }

    var navigation: UINavigationController? { window?.rootViewController as? UINavigationController }

    func application(_ application: UIApplication, willFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]?) -> Bool {
        if Self.setting("RULEBOOK_VISITS") != nil, !UserDefaults.standard.bool(forKey: Self.visitsRegisteredBefore) {
            UserDefaults.standard.set(true, forKey: Self.visitsRegisteredBefore)
            UIApplication.registerObject(forStateRestoration: RuleBookVisits.shared, restorationIdentifier: "Visits")
        }
        window = UIWindow()
        if Self.setting("RULEBOOK_RECREATE_ROOT") == nil { window?.rootViewController = Self.makeNavigation() }
        return true
    }

    static func makeNavigation() -> UINavigationController {
        let navigation = UINavigationController(rootViewController: RuleBookListViewController())
        navigation.restorationIdentifier = setting("RULEBOOK_ANONYMOUS") == "1" ? nil : "Navigation"
        return navigation
    }

    func application(_ application: UIApplication, didFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]?) -> Bool {
        if window?.rootViewController == nil { window?.rootViewController = Self.makeNavigation() }
        if navigation?.viewControllers.count == 1, let text = Self.setting("RULEBOOK_NOTE") {
            if let remembered = Self.setting("RULEBOOK_DEFAULTS") { UserDefaults.standard.set(remembered, forKey: "remembered") }
            let version = Bundle.main.object(forInfoDictionaryKey: "CFBundleVersion") as? String ?? "none"
            navigation?.pushViewController(RuleBookNoteViewController(note: text.replacingOccurrences(of: "{version}", with: version)), animated: false)
        }
        if let text = Self.setting("RULEBOOK_EDIT"), let note = navigation?.topViewController as? RuleBookNoteViewController {
            note.note = text
        }
        if let text = Self.setting("RULEBOOK_LATE_EDIT"), let note = navigation?.topViewController as? RuleBookNoteViewController {
            DispatchQueue.main.async {
                note.note = text
                DispatchQueue.main.async { note.note += " (late)" }
            }
        }
        window?.makeKeyAndVisible()
        if Self.setting("RULEBOOK_KILLED_WRITING_DOCUMENT") == "1" {
            // Whatever the parent ignored or blocked: the kernel's kill, not an error to handle.
            signal(SIGXFSZ, SIG_DFL)
            var file = sigset_t()
            sigemptyset(&file)
            sigaddset(&file, SIGXFSZ)
            pthread_sigmask(SIG_UNBLOCK, &file, nil)
            var limit = rlimit(rlim_cur: 64 << 10, rlim_max: 64 << 10)
            setrlimit(__rlimit_resource_t(RLIMIT_FSIZE.rawValue), &limit)
            let documents = FileManager.default.urls(for: .documentDirectory, in: .userDomainMask)[0]
            try? Data(repeating: 7, count: 1 << 20).write(to: documents.appendingPathComponent("notes.data"), options: .atomic)
        }
        return true
    }

    static let visitsRegisteredBefore = "visitsRegisteredBefore"

    func applicationDidEnterBackground(_ application: UIApplication) {
        if Self.setting("RULEBOOK_VISITS") != nil {
            UIApplication.registerObject(forStateRestoration: RuleBookVisits.shared, restorationIdentifier: "Visits")
        }
        // A hung app, for the runner's time limits: spins until it is killed. The runner's test
        // of where an app hung names the line of the loop below, which calls nothing, as an
        // infinite loop in app code does.
        switch Self.setting("RULEBOOK_HANG_ON_HOME") {
        case "1"?:
            var turns = 0
            while turns >= 0 { turns = (turns + 1) % 1_000 }
        case "library"?:
            let count = 64 << 20
            let text = UnsafeMutablePointer<CChar>.allocate(capacity: count + 1)
            text.initialize(repeating: 65, count: count)
            text[count] = 0
            while strlen(text) > 0 {}
        default:
            break
        }
    }

    /// Recreates a second stack, `Stack`, wherever an archive puts one.
    func application(_ application: UIApplication, viewControllerWithRestorationIdentifierPath identifierComponents: [String], coder: NSCoder) -> UIViewController? {
        if let recreate = Self.setting("RULEBOOK_RECREATE_ROOT") {
            switch identifierComponents {
            case ["Navigation"]:
                let navigation = UINavigationController()
                navigation.restorationIdentifier = "Navigation"
                if recreate == "install" { window?.rootViewController = navigation }
                return navigation
            case ["Navigation", "List"]:
                return RuleBookListViewController()
            default:
                break
            }
        }
        guard identifierComponents.last == "Stack" else { return nil }
        let stack = UINavigationController()
        stack.restorationIdentifier = "Stack"
        return stack
    }

    func application(_ application: UIApplication, shouldSaveSecureApplicationState coder: NSCoder) -> Bool { true }
    func application(_ application: UIApplication, shouldRestoreSecureApplicationState coder: NSCoder) -> Bool { Self.setting("RULEBOOK_RESTORES") != "0" }
}

/// The root of the stack; the existing one is found by the implicit search.
final class RuleBookListViewController: UIViewController {
    override init(nibName: String?, bundle: Bundle?) {
        super.init(nibName: nibName, bundle: bundle)
        title = "List"
        restorationIdentifier = "List"
    }

    required init?(coder: NSCoder) { fatalError("not used") }
}

/// A note that shows its text and saves it; its own restoration class.
final class RuleBookNoteViewController: UIViewController, UIViewControllerRestoration {
    private let label = UILabel()
    var note: String {
        didSet { label.text = note }
    }

    init(note: String) {
        self.note = note
        super.init(nibName: nil, bundle: nil)
        title = "Note"
        restorationIdentifier = "Note"
        restorationClass = RuleBookNoteViewController.self
    }

    required init?(coder: NSCoder) { fatalError("not used") }

    static func viewController(withRestorationIdentifierPath identifierComponents: [String], coder: NSCoder) -> UIViewController? {
        RuleBookNoteViewController(note: "")
    }

    override func viewDidLoad() {
        super.viewDidLoad()
        label.accessibilityIdentifier = "note"
        label.text = note
        view.addSubview(label)
        if RuleBookAppDelegate.setting("RULEBOOK_DEFAULTS") != nil {
            let remembered = UILabel()
            remembered.accessibilityIdentifier = "remembered"
            remembered.text = UserDefaults.standard.string(forKey: "remembered") ?? ""
            view.addSubview(remembered)
        }
    }

    override func encodeRestorableState(with coder: NSCoder) {
        super.encodeRestorableState(with: coder)
        switch RuleBookAppDelegate.setting("RULEBOOK_NOTE_MODEL") {
        case "plain"?: coder.encode(RuleBookPlainNoteModel(text: note), forKey: "noteModel")
        case "secure"?: coder.encode(RuleBookSecureNoteModel(text: note), forKey: "noteModel")
        case "list"?: coder.encode([note], forKey: "noteModel")
        default: coder.encode(note, forKey: "note")
        }
    }

    override func decodeRestorableState(with coder: NSCoder) {
        super.decodeRestorableState(with: coder)
        if RuleBookAppDelegate.setting("RULEBOOK_CRASH_DURING_DECODE") == "1" {
            fatalError("RuleBookApp: crashing during decodeRestorableState, as RULEBOOK_CRASH_DURING_DECODE asks")
        }
        if RuleBookAppDelegate.setting("RULEBOOK_EXTEND_RESTORATION") == "1" {
            UIApplication.shared.extendStateRestoration()
        }
        let key = RuleBookAppDelegate.setting("RULEBOOK_NOTE_MODEL") != nil ? "noteModel" : RuleBookAppDelegate.setting("RULEBOOK_READ_KEY") ?? "note"
        let saved: Any?
        switch RuleBookAppDelegate.setting("RULEBOOK_NOTE_DECODE") {
        case "untyped"?: saved = coder.decodeObject(forKey: key)
        case "as-text"?: saved = coder.decodeObject(of: [NSString.self], forKey: key)
        default: saved = coder.decodeObject(of: [NSString.self, NSArray.self, RuleBookPlainNoteModel.self, RuleBookSecureNoteModel.self], forKey: key)
        }
        note = (saved as? String) ?? (saved as? [String])?.first ?? (saved as? RuleBookPlainNoteModel)?.text ?? (saved as? RuleBookSecureNoteModel)?.text ?? ""
    }
}

/// A note's text in a model that adopts only `NSCoding`, as code written before secure coding does.
final class RuleBookPlainNoteModel: NSObject, NSCoding {
    let text: String
    init(text: String) { self.text = text }
    init?(coder: NSCoder) { text = coder.decodeObject(forKey: "text") as? String ?? "" }
    func encode(with coder: NSCoder) { coder.encode(text, forKey: "text") }
}

/// The same model adopting `NSSecureCoding`, as secure restoration requires.
final class RuleBookSecureNoteModel: NSObject, NSSecureCoding {
    static var supportsSecureCoding: Bool { true }
    let text: String
    init(text: String) { self.text = text }
    init?(coder: NSCoder) { text = coder.decodeObject(of: NSString.self, forKey: "text") as String? ?? "" }
    func encode(with coder: NSCoder) { coder.encode(text, forKey: "text") }
}

/// The object `RULEBOOK_VISITS` registers: it counts the launches it has seen.
final class RuleBookVisits: NSObject, UIStateRestoring {
    static let shared = RuleBookVisits()
    var launches = 1

    func encodeRestorableState(with coder: NSCoder) { coder.encode(launches, forKey: "launches") }
    func decodeRestorableState(with coder: NSCoder) { launches = coder.decodeInteger(forKey: "launches") + 1 }
}
