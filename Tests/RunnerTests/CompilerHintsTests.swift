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

    @Test("An override of a restoration method in an extension is followed by a hint to move it into the class body")
    func restorationOverrideInExtension() {
        #expect(CompilerHints.adding(to: Self.captured) == [
            Self.captured[0],
            "hint: move the override of encodeRestorableState(with:) into the class's own body: on Linux nothing is @objc dynamic, so an extension cannot override it (on iOS it can).",
            Self.captured[1],
            Self.captured[2],
        ])
    }

    @Test("Other errors, and the same error about a method that is not about restoration, get no hint")
    func otherErrorsUntouched() {
        let lines = [
            "/work/Apps/Detail/DetailViewController.swift:12:19: error:  instance method 'viewDidLoad()' declared in 'UIViewController' cannot be overridden from extension",
            "/work/Apps/Detail/DetailViewController.swift:3:5: error: cannot find 'itemStore' in scope",
        ]
        #expect(CompilerHints.adding(to: lines) == lines)
    }
}
