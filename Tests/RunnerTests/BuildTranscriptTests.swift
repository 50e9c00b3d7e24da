import Testing
@testable import Runner

/// What an author reads when a chapter's build fails: the compiler's errors first, each once, and
/// none of SwiftPM's notes about other packages.
@Suite struct BuildTranscriptTests {
    /// `swift build --target tour-apps` as SwiftPM 6.3 printed it for a chapter app with two errors
    /// (captured, the package's folder renamed): its warnings about another package's files come
    /// first, the first error is reported twice (once while the module is emitted), and the
    /// second comes with a note about the engine's declaration.
    static let captured = """
        warning: 'swift-distributed-tracing': found 1 file(s) which are unhandled; explicitly declare them as resources or exclude from the target
            /book/.build/checkouts/swift-distributed-tracing/Sources/Tracing/CMakeLists.txt
        warning: 'swift-distributed-tracing': found 1 file(s) which are unhandled; explicitly declare them as resources or exclude from the target
            /book/.build/checkouts/swift-distributed-tracing/Sources/ServiceContextModule/CMakeLists.txt
        [0/1] Planning build
        Building for debugging...
        [0/1] Write swift-version-6A52383ED409C6A7.txt
        [1/3] Write sources
        error: emit-module command failed with exit code 1 (use -v to see invocation)
        [3/5] Emitting module Tour2WithRestoration
        /book/Chapters/tour/Apps/Tour2WithRestoration/AppDelegate.swift:9:19: error: cannot convert value of type 'String' to specified type 'Int'
         7 |     override class var optsIn: Bool { true }
         8 | }
         9 | let broken: Int = "x"
           |                   `- error: cannot convert value of type 'String' to specified type 'Int'
        10 | func g() { UIDatePicker().setDate(Date()) }
        11 | 
        [4/5] Compiling Tour2WithRestoration AppDelegate.swift
        /book/Chapters/tour/Apps/Tour2WithRestoration/AppDelegate.swift:9:19: error: cannot convert value of type 'String' to specified type 'Int'
         7 |     override class var optsIn: Bool { true }
         8 | }
         9 | let broken: Int = "x"
           |                   `- error: cannot convert value of type 'String' to specified type 'Int'
        10 | func g() { UIDatePicker().setDate(Date()) }
        11 | 

        /book/Chapters/tour/Apps/Tour2WithRestoration/AppDelegate.swift:10:41: error: missing argument for parameter 'animated' in call
         8 | }
         9 | let broken: Int = "x"
        10 | func g() { UIDatePicker().setDate(Date()) }
           |                                         `- error: missing argument for parameter 'animated' in call
        11 | 

        /book/Sources/RestorationKit/Views/UIDatePicker.swift:19:15: note: 'setDate(_:animated:)' declared here
        17 |     open var timeZone: TimeZone?
        18 | 
        19 |     open func setDate(_ date: Date, animated: Bool) {
           |               `- note: 'setDate(_:animated:)' declared here
        20 |         self.date = date
        21 |     }
        """.components(separatedBy: "\n")

    func shown(_ lines: [String], limit: Int = 10) -> [String] {
        BuildTranscript.shown(lines, limit: limit) { !$0.hasPrefix("/book/.build/") }
    }

    @Test("The first line is the compiler's first error; each error is shown once, with its drawing and its note about the package's code")
    func errorsFirstEachOnce() {
        let lines = shown(Self.captured)
        #expect(lines.first == "/book/Chapters/tour/Apps/Tour2WithRestoration/AppDelegate.swift:9:19: error: cannot convert value of type 'String' to specified type 'Int'")
        #expect(lines.filter { $0.contains(": error: ") }.count == 2, "\(lines.joined(separator: "\n"))")
        #expect(lines.contains("/book/Sources/RestorationKit/Views/UIDatePicker.swift:19:15: note: 'setDate(_:animated:)' declared here"))
        #expect(lines.contains("19 |     open func setDate(_ date: Date, animated: Bool) {"))
        for noise in ["swift-distributed-tracing", "CMakeLists.txt", "emit-module command failed", "[4/5]", "Building for debugging"] {
            #expect(!lines.contains { $0.contains(noise) }, "shown: \(noise)")
        }
    }

    @Test("A note about a dependency's checkout is left out, and so is the rest past the limit, counted")
    func dependencyNotesAndLimit() {
        let withDependency = Self.captured + [
            "/book/.build/checkouts/swift-nio/Sources/NIOCore/Channel.swift:3:1: note: found this candidate",
            " 3 | public protocol Channel {}",
        ]
        #expect(!shown(withDependency).contains { $0.contains("swift-nio") })
        let limited = shown(Self.captured, limit: 1)
        #expect(limited.filter { $0.contains(": error: ") }.count == 1)
        #expect(limited.last == "… and 1 more error")
        #expect(!limited.contains { $0.contains("note:") }, "the note of an error not shown goes with it")
    }

    @Test("Without an error from the compiler (a link error), the lines that say error are shown")
    func withoutCompilerErrors() {
        let lines = ["[0/1] Planning build", "error: link command failed with exit code 1 (use -v to see invocation)",
                     "/usr/bin/ld.gold: error: undefined reference to 'main'", "[5/6] Linking Tour1"]
        #expect(shown(lines) == ["/usr/bin/ld.gold: error: undefined reference to 'main'"])
    }
}
