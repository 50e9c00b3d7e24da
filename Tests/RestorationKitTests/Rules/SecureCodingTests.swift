import Foundation
import Testing
@testable import RestorationKit
import RestorationModel

/// Secure coding as iOS enforces it, following the delegate's opt-in pair: the secure pair's
/// coders require secure coding, the older pair's archive and restore any `NSCoding` object.
extension RuleBook {
    @Suite struct SecureCoding {
        init() {
            Fixture.reset()
            BookmarkViewController.reset()
        }

        static let holderPath = "Navigation/:[1]:/Bookmark"

        /// Foundation's lines about secure decoding, their addresses (stand-ins) shown as `0x…`.
        static func unarchiverLines(_ phone: Phone) -> [String] {
            phone.logMessages.filter { $0.contains("NSKeyedUnarchiver") }.map(withoutAddresses)
        }

        static func withoutAddresses(_ text: String) -> String {
            text.replacingOccurrences(of: #"0x[0-9a-f]+"#, with: "0x…", options: .regularExpression)
                .replacingOccurrences(of: #"Application/[0-9A-F-]{36}/"#, with: "Application/…/", options: .regularExpression)
        }

        /// The line for a leaf let through: its class and key, and the classes asked for as
        /// `NSSet` shows them.
        static func leafLine(_ leaf: String, key: String, asked: [String]) -> String {
            let set = asked.isEmpty ? "{(\n)}" : "{(\n" + asked.map { "    \"\($0)\"" }.joined(separator: ",\n") + "\n)}"
            return "*** -[NSKeyedUnarchiver validateAllowedClass:forKey:] allowed unarchiving safe plist type '\(leaf)' for key '\(key)', "
                + "even though it was not explicitly included in the client allowed classes set: '\(set)'. This will be disallowed in the future."
        }

        /// Pushes the bookmark screen, which encodes with `BookmarkViewController.encode`, then
        /// Home and kill; returns the relaunch, which decodes with `BookmarkViewController.decode`.
        func saveAndRelaunch(_ phone: Phone, delegate: ApplicationHost.Delegate.Type = NotesAppDelegate.self) throws -> ApplicationHost {
            let first = phone.launch(delegate)
            let navigation = try #require(first.application.keyWindow?.rootViewController as? UINavigationController)
            navigation.pushViewController(BookmarkViewController(), animated: false)
            phone.homeAndKill()
            return phone.launch(delegate)
        }

        @Test("Under the secure pair, an object that does not adopt NSSecureCoding is not saved; the workbook's cause names the object, key and class, and the log has no word of it")
        func plainObjectRefused() throws {
            let phone = Phone()
            BookmarkViewController.encode = { $0.encode(PlainBookmark(title: "Zurich"), forKey: "bookmark") }
            BookmarkViewController.decode = { BookmarkViewController.decoded["bookmark"] = $0.decodeObject(forKey: "bookmark") }
            _ = try saveAndRelaunch(phone)

            #expect(BookmarkViewController.requiredSecureCoding == [true, true], "encoding and decoding coders require secure coding")
            let saved = try #require(phone.readArchive().entries.first { $0.path.description == Self.holderPath })
            #expect(saved.state["bookmark"] == nil)
            #expect(phone.preservationCauses == [RestorationCause(
                .valueNotEncodable, path: Self.holderPath, className: "BookmarkViewController",
                sentence: "BookmarkViewController at \(Self.holderPath) encoded a RestorationKitTests.PlainBookmark under the key bookmark, which does not adopt NSSecureCoding, so the value was not saved. The app delegate opted in with application(_:shouldSaveSecureApplicationState:), so the coder requires secure coding: adopt NSSecureCoding in RestorationKitTests.PlainBookmark, and decode it with decodeObject(of:forKey:).")],
                    "\(phone.preservationCauses)")
            #expect(phone.log(containing: "NSSecureCoding").isEmpty, "\(phone.logLines)")
            #expect(BookmarkViewController.decoded["bookmark"]! == nil, "the state is lost after the relaunch")
        }

        @Test("Under the secure pair, a secure object holding one that is not secure is refused whole")
        func nestedPlainObjectRefused() throws {
            let phone = Phone()
            BookmarkViewController.encode = { $0.encode(SecureBookmark(title: "Zurich", note: PlainBookmark(title: "lake")), forKey: "bookmark") }
            _ = try saveAndRelaunch(phone)

            let saved = try #require(phone.readArchive().entries.first { $0.path.description == Self.holderPath })
            #expect(saved.state["bookmark"] == nil)
            #expect(phone.preservationCauses.map(\.kind) == [.valueNotEncodable])
            #expect(phone.preservationCauses.first?.sentence.contains("encoded a RestorationKitTests.SecureBookmark under the key bookmark, which holds a RestorationKitTests.PlainBookmark that does not adopt NSSecureCoding") == true)
            #expect(phone.log(containing: "NSSecureCoding").isEmpty)
        }

        @Test("decodeObject(of:forKey:) honours the class list: the class asked for comes back, and so does a subclass of it; a leaf of another class comes back with Foundation's line")
        func classListHonoured() throws {
            let phone = Phone()
            BookmarkViewController.encode = { coder in
                coder.encode(SecureBookmark(title: "Zurich"), forKey: "bookmark")
                coder.encode("Bern", forKey: "city")
                coder.encode(["Bern", "Basel"], forKey: "cities")
            }
            BookmarkViewController.decode = { coder in
                BookmarkViewController.decoded = [
                    "asked": coder.decodeObject(of: SecureBookmark.self, forKey: "bookmark"),
                    "superclass": coder.decodeObject(of: [NSObject.self], forKey: "bookmark"),
                    "city as text": coder.decodeObject(of: NSString.self, forKey: "city"),
                    "city as number": coder.decodeObject(of: NSNumber.self, forKey: "city"),
                    "cities": coder.decodeObject(of: [NSArray.self, NSString.self], forKey: "cities"),
                    "cities without their elements": coder.decodeObject(of: [NSArray.self], forKey: "cities"),
                ]
            }
            _ = try saveAndRelaunch(phone)

            let decoded = BookmarkViewController.decoded
            #expect((decoded["asked"]! as? SecureBookmark)?.title == "Zurich")
            #expect((decoded["superclass"]! as? SecureBookmark)?.title == "Zurich")
            #expect((decoded["city as text"]! as? NSString) == "Bern")
            #expect(decoded["city as number"]! == nil, "the string is let through, and then is no NSNumber")
            #expect((decoded["cities"]! as? [String]) == ["Bern", "Basel"])
            #expect((decoded["cities without their elements"]! as? [String]) == ["Bern", "Basel"])
            #expect(Self.unarchiverLines(phone) == [
                Self.leafLine("'NSString' (0x…) [/System/Library/Frameworks/Foundation.framework]", key: "city",
                              asked: [#"'NSNumber' (0x…) [/System/Library/Frameworks/Foundation.framework]"#]),
                Self.leafLine("'NSString' (0x…) [/System/Library/Frameworks/Foundation.framework]", key: "NS.objects",
                              asked: [#"'NSArray' (0x…) [/System/Library/Frameworks/CoreFoundation.framework]"#]),
                Self.leafLine("'NSString' (0x…) [/System/Library/Frameworks/Foundation.framework]", key: "NS.objects",
                              asked: [#"'NSArray' (0x…) [/System/Library/Frameworks/CoreFoundation.framework]"#]),
            ], "one line for each leaf nobody asked for, and none for those asked for")
        }

        @Test("Under the secure pair, decodeObject(forKey:) gives strings, numbers, dates and data back, each with Foundation's line saying this will be disallowed")
        func plainDecodeOfLeaves() throws {
            let phone = Phone()
            let date = Date(timeIntervalSince1970: 1_795_338_000)
            BookmarkViewController.encode = { coder in
                coder.encode("Bern", forKey: "city")
                coder.encode(NSNumber(value: 3), forKey: "visits")
                coder.encode(date, forKey: "visited")
                coder.encode(Data([1, 2]), forKey: "photo")
            }
            BookmarkViewController.decode = { coder in
                BookmarkViewController.decoded = ["city": coder.decodeObject(forKey: "city"), "visits": coder.decodeObject(forKey: "visits"),
                                                  "visited": coder.decodeObject(forKey: "visited"), "photo": coder.decodeObject(forKey: "photo")]
            }
            _ = try saveAndRelaunch(phone)

            let decoded = BookmarkViewController.decoded
            #expect(decoded["city"]! as? String == "Bern")
            #expect(decoded["visits"]! as? Int == 3)
            #expect(decoded["visited"]! as? Date == date)
            #expect(decoded["photo"]! as? Data == Data([1, 2]))
            #expect(Self.unarchiverLines(phone) == [
                Self.leafLine("'NSString' (0x…) [/System/Library/Frameworks/Foundation.framework]", key: "city", asked: []),
                Self.leafLine("'NSNumber' (0x…) [/System/Library/Frameworks/Foundation.framework]", key: "visits", asked: []),
                Self.leafLine("'NSDate' (0x…) [/System/Library/Frameworks/CoreFoundation.framework]", key: "visited", asked: []),
                Self.leafLine("'NSData' (0x…) [/System/Library/Frameworks/CoreFoundation.framework]", key: "photo", asked: []),
            ])
            #expect(phone.logLines.allSatisfy { NSLogLine.message($0) != nil }, "Foundation's lines are NSLog's, as the console shows them")
        }

        @Test("Under the secure pair, a controller and a view saved by reference come back through decodeObject(of:forKey:) with their own classes, which adopt NSCoding as UIKit's do")
        func controllerAndViewDecodedByClass() throws {
            let phone = Phone()
            BookmarkViewController.encode = { coder in
                let navigation = UIApplication.current?.keyWindow?.rootViewController as? UINavigationController
                coder.encode(navigation?.viewControllers.first, forKey: "list")
                coder.encode(navigation?.viewControllers.last?.view, forKey: "page")
            }
            BookmarkViewController.decode = { coder in
                BookmarkViewController.decoded = [
                    "list": coder.decodeObject(of: ListViewController.self, forKey: "list"),
                    "list as a controller": coder.decodeObject(of: [UIViewController.self], forKey: "list"),
                    "page": coder.decodeObject(of: UIView.self, forKey: "page"),
                ]
            }
            // The bookmark's own view takes part once it has an identifier.
            BookmarkViewController.viewIdentifier = "Page"
            let relaunch = try saveAndRelaunch(phone)

            let navigation = try #require(relaunch.application.keyWindow?.rootViewController as? UINavigationController)
            let list = try #require(BookmarkViewController.decoded["list"]! as? ListViewController)
            #expect(list === navigation.viewControllers.first, "the restored list itself, not a copy")
            #expect(BookmarkViewController.decoded["list as a controller"]! as? ListViewController === list, "a superclass asked for lets a subclass through")
            let page = try #require(BookmarkViewController.decoded["page"]! as? UIView)
            #expect(page === navigation.viewControllers.last?.view)
            #expect(phone.log(containing: "NSSecureCoding").isEmpty, "a reference needs no secure coding of the controller")
            #expect(Self.unarchiverLines(phone).isEmpty)
        }

        @Test("Under the older pair nothing is enforced: decodeObject(forKey:) gives arrays, dictionaries, references and archived objects back, with no line from Foundation")
        func olderPairDecodesAnything() throws {
            let phone = Phone()
            BookmarkViewController.encode = { coder in
                coder.encode(["Bern", "Basel"], forKey: "cities")
                coder.encode(["Bern": 2], forKey: "visits")
                coder.encode(SecureBookmark(title: "Zurich"), forKey: "bookmark")
                coder.encode((UIApplication.current?.keyWindow?.rootViewController as? UINavigationController)?.viewControllers.first, forKey: "list")
            }
            BookmarkViewController.decode = { coder in
                BookmarkViewController.decoded = ["cities": coder.decodeObject(forKey: "cities"), "visits": coder.decodeObject(forKey: "visits"),
                                                  "bookmark": coder.decodeObject(forKey: "bookmark"), "list": coder.decodeObject(forKey: "list"),
                                                  "bookmark as text": coder.decodeObject(of: [NSString.self], forKey: "bookmark")]
            }
            let relaunch = try saveAndRelaunch(phone, delegate: LegacyAppDelegate.self)

            let decoded = BookmarkViewController.decoded
            #expect(decoded["cities"]! as? [String] == ["Bern", "Basel"])
            #expect(decoded["visits"]! as? [String: Int] == ["Bern": 2])
            #expect((decoded["bookmark"]! as? SecureBookmark)?.title == "Zurich")
            #expect((decoded["bookmark as text"]! as? SecureBookmark)?.title == "Zurich", "the class list is not checked")
            let navigation = try #require(relaunch.application.keyWindow?.rootViewController as? UINavigationController)
            #expect(decoded["list"]! as? UIViewController === navigation.viewControllers.first)
            #expect(Self.unarchiverLines(phone).isEmpty)
        }

        @Test("Under the older pair the coders do not require secure coding: a plain NSCoding object is saved and comes back")
        func olderPairIsPermissive() throws {
            let phone = Phone()
            BookmarkViewController.encode = { $0.encode(PlainBookmark(title: "Zurich"), forKey: "bookmark") }
            BookmarkViewController.decode = { BookmarkViewController.decoded["bookmark"] = $0.decodeObject(forKey: "bookmark") }
            let relaunch = try saveAndRelaunch(phone, delegate: LegacyAppDelegate.self)

            #expect(relaunch.restorationReport.outcome == .restored)
            #expect(BookmarkViewController.requiredSecureCoding == [false, false])
            #expect((BookmarkViewController.decoded["bookmark"]! as? PlainBookmark)?.title == "Zurich")
            #expect(phone.log(containing: "NSSecureCoding").isEmpty)
        }

        @Test("Through a real process: a note saved in a plain NSCoding model is lost under the secure pair and the workbook's cause says why; a secure model comes back", arguments: ["plain", "secure"])
        func realProcess(model: String) throws {
            let container = ProcessContainer()
            let (first, _) = try container.launchAndWait(["RULEBOOK_NOTE": "Rusty Spork", "RULEBOOK_NOTE_MODEL": model])
            #expect(try first.request("home", reply: "ok") == "home")
            let refusals = try first.report().preservationCauses.filter { $0.kind == .valueNotEncodable }.map(\.sentence)
            #expect(first.logLines.nsLogMessages.filter { $0.contains("NSSecureCoding") }.isEmpty)
            try first.kill()

            let (app, outcome) = try container.launchAndWait(["RULEBOOK_NOTE_MODEL": model])
            #expect(outcome == "restored")
            let shown = try app.screen().element(identifiedBy: "note")?[property: ScreenProperty.text]
            try app.quit()
            if model == "plain" {
                #expect(refusals == ["RuleBookNoteViewController at Navigation/:[1]:/Note encoded a RuleBookApp.RuleBookPlainNoteModel under the key noteModel, which does not adopt NSSecureCoding, so the value was not saved. The app delegate opted in with application(_:shouldSaveSecureApplicationState:), so the coder requires secure coding: adopt NSSecureCoding in RuleBookApp.RuleBookPlainNoteModel, and decode it with decodeObject(of:forKey:)."])
                #expect(shown == "")
            } else {
                #expect(refusals.isEmpty)
                #expect(shown == "Rusty Spork")
            }
        }

        /// What the app saved the note as, how it reads it back, and the reason of the exception
        /// that ends it (addresses shown as `0x…`), or `nil` when the note comes back.
        nonisolated static let refusals: [(model: String, decode: String, reason: String?)] = [
            ("secure", "untyped", """
                value for key 'noteModel' was of unexpected class 'RuleBookApp.RuleBookSecureNoteModel' (0x…) \
                [/private/var/containers/Bundle/Application/…/RuleBookApp.app].
                Allowed classes are:
                 {(
                )}
                """),
            ("secure", "as-text", """
                value for key 'noteModel' was of unexpected class 'RuleBookApp.RuleBookSecureNoteModel' (0x…) \
                [/private/var/containers/Bundle/Application/…/RuleBookApp.app].
                Allowed classes are:
                 {(
                    "'NSString' (0x…) [/System/Library/Frameworks/Foundation.framework]"
                )}
                """),
            ("list", "untyped", """
                value for key 'noteModel' was of unexpected class 'NSArray' (0x…) [/System/Library/Frameworks/CoreFoundation.framework].
                Allowed classes are:
                 {(
                )}
                """),
            ("list", "typed", nil),
        ]

        @Test("Through a real process, under the secure pair: an object, or an array, of a class not asked for raises NSInvalidUnarchiveOperationException, and the uncaught exception ends the app while it restores; asked for, it comes back",
              arguments: refusals.indices)
        func classNotAskedForRaises(case index: Int) throws {
            let (model, decode, reason) = Self.refusals[index]
            let container = ProcessContainer()
            try container.saveNote("Rusty Spork", environment: ["RULEBOOK_NOTE_MODEL": model])
            let app = try container.launch(["RULEBOOK_NOTE_MODEL": model, "RULEBOOK_NOTE_DECODE": decode])
            guard let reason else {
                #expect(try app.waitUntilLaunched() == "restored")
                #expect(try app.screen().element(identifiedBy: "note")?[property: ScreenProperty.text] == "Rusty Spork")
                #expect(app.logLines.nsLogMessages.allSatisfy { !$0.contains("NSKeyedUnarchiver") }, "an array and its strings asked for")
                try app.quit()
                return
            }
            guard case .signalled = try app.waitForExit() else { Issue.record("the app did not die of the uncaught exception"); return }
            #expect(!app.lines.contains { $0.hasPrefix("launched") }, "the app died while it restored")
            let lastWords = "*** Terminating app due to uncaught exception 'NSInvalidUnarchiveOperationException', reason: '\(reason)'"
            #expect(Self.withoutAddresses(app.standardError).contains(lastWords))
            #expect(FileManager.default.fileExists(atPath: container.markerURL.path), "a crash while restoring leaves the marker, which counts the tries")
            // Before it ends, the engine tells the runner why, in the workbook's words: no
            // report of this launch will.
            let causes = app.lines.compactMap { try? ControlMessage(line: $0) }.compactMap { message -> RestorationCause? in
                if case .cause(let cause) = message { cause } else { nil }
            }
            #expect(causes.map(\.kind) == [.valueRefused])
            #expect(causes.first?.sentence.contains(#"read the key "noteModel" with \#(decode == "untyped" ? "decodeObject(forKey:), which asks for no class" : "decodeObject(of: [NSString.self], forKey:)")"#) == true,
                    "\(causes.map(\.sentence))")
        }
    }
}

/// A screen whose state is whatever a test encodes and decodes.
final class BookmarkViewController: UIViewController, UIViewControllerRestoration {
    nonisolated(unsafe) static var encode: (NSCoder) -> Void = { _ in }
    nonisolated(unsafe) static var decode: (NSCoder) -> Void = { _ in }
    /// What `decode` read, by name.
    nonisolated(unsafe) static var decoded: [String: Any?] = [:]
    /// `requiresSecureCoding` of the coders seen, encoding then decoding.
    nonisolated(unsafe) static var requiredSecureCoding: [Bool] = []
    /// The restoration identifier of the screen's own view, if it has one.
    nonisolated(unsafe) static var viewIdentifier: String?

    static func reset() {
        encode = { _ in }
        decode = { _ in }
        decoded = [:]
        requiredSecureCoding = []
        viewIdentifier = nil
    }

    init() {
        super.init(nibName: nil, bundle: nil)
        restorationIdentifier = "Bookmark"
        restorationClass = BookmarkViewController.self
    }

    override func viewDidLoad() {
        super.viewDidLoad()
        view.restorationIdentifier = Self.viewIdentifier
    }

    required init?(coder: NSCoder) { fatalError("not used") }

    static func viewController(withRestorationIdentifierPath identifierComponents: [String], coder: NSCoder) -> UIViewController? {
        BookmarkViewController()
    }

    override func encodeRestorableState(with coder: NSCoder) {
        super.encodeRestorableState(with: coder)
        Self.requiredSecureCoding.append(coder.requiresSecureCoding)
        Self.encode(coder)
    }

    override func decodeRestorableState(with coder: NSCoder) {
        super.decodeRestorableState(with: coder)
        Self.requiredSecureCoding.append(coder.requiresSecureCoding)
        Self.decode(coder)
    }
}

/// A model that adopts only `NSCoding`, as code written before secure coding does.
final class PlainBookmark: NSObject, NSCoding {
    let title: String
    init(title: String) { self.title = title }
    init?(coder: NSCoder) { title = coder.decodeObject(forKey: "title") as? String ?? "" }
    func encode(with coder: NSCoder) { coder.encode(title, forKey: "title") }
}

/// A model that adopts `NSSecureCoding`; it may hold another object.
final class SecureBookmark: NSObject, NSSecureCoding {
    static var supportsSecureCoding: Bool { true }
    let title: String
    let note: NSObject?
    init(title: String, note: NSObject? = nil) {
        self.title = title
        self.note = note
    }
    init?(coder: NSCoder) {
        title = coder.decodeObject(of: NSString.self, forKey: "title") as String? ?? ""
        note = nil
    }
    func encode(with coder: NSCoder) {
        coder.encode(title, forKey: "title")
        if let note { coder.encode(note, forKey: "note") }
    }
}

/// Another secure model, to ask for the wrong class.
final class OtherSecureModel: NSObject, NSSecureCoding {
    static var supportsSecureCoding: Bool { true }
    override init() {}
    init?(coder: NSCoder) {}
    func encode(with coder: NSCoder) {}
}
