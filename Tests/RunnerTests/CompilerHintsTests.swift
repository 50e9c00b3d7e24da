import Testing
@testable import Runner

/// The compiler on Linux refuses what iOS accepts; a hint after its error says what to do.
@Suite struct CompilerHintsTests {
    /// Captured from swiftc 6.3 on Linux, compiling an override of `encodeRestorableState(with:)`
    /// in an extension of a view controller subclass (its first line, then the copy of the
    /// message it draws under the source). The two spaces after `error:` are the compiler's.
    static let captured = [
        "/work/Apps/Detail/DetailViewController.swift:8:19: error:  instance method 'encodeRestorableState(with:)' declared in 'UIViewController' cannot be overridden from extension",
        " 8 |     override func encodeRestorableState(with coder: NSCoder) {",
        "   |                   `- error:  instance method 'encodeRestorableState(with:)' declared in 'UIViewController' cannot be overridden from extension",
    ]

    @Test("An override in an extension that the workbook could not move is followed by a hint that says why and what to do")
    func overrideInExtension() {
        let hinted = CompilerHints.adding(to: Self.captured)
        #expect(hinted.count == 4 && hinted[0] == Self.captured[0] && Array(hinted[2...]) == Array(Self.captured[1...]))
        #expect(hinted[1].hasPrefix("hint: on Linux nothing is @objc dynamic, so an extension cannot override."))
        #expect(hinted[1].contains("when the class is declared in the same app and the extension is a plain one"))
    }

    /// Each captured from swiftc 6.3 on Linux, compiling iOS code against the workbook's UIKit.
    @Test("Selectors, target-action, an @objc protocol and an outlet left in place each get the workbook's way", arguments: [
        ("Notes.swift:9:40: error: '#selector' can only be used with the Objective-C runtime", "closure action"),
        ("Notes.swift:4:14: error: cannot find type 'Selector' in scope", "closure action"),
        ("Notes.swift:6:16: error: value of type 'UIButton' has no member 'addTarget'", "control.addAction(UIAction"),
        ("Notes.swift:2:2: error: Objective-C interoperability is disabled", "protocol Name: AnyObject"),
        ("Notes.swift:6:5: error: '@IBOutlet' property cannot have non-'@objc' class type 'UILabel'", "make the view in code"),
    ])
    func linuxOnlyErrors(error: String, advice: String) throws {
        let hinted = CompilerHints.adding(to: [error])
        #expect(hinted.count == 2)
        let hint = try #require(hinted.last)
        #expect(hint.hasPrefix("hint: ") && hint.contains(advice), "\(hint)")
    }

    @Test("Other errors, and the copy of a message drawn under the source, get no hint")
    func otherErrorsUntouched() {
        let lines = [
            "/work/Apps/Detail/DetailViewController.swift:3:5: error: cannot find 'itemStore' in scope",
            "   |                   `- error:  instance method 'viewDidLoad()' declared in 'UIViewController' cannot be overridden from extension",
        ]
        #expect(CompilerHints.adding(to: lines) == lines)
    }
}
