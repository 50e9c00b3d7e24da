import Foundation
import Testing
@testable import Runner

/// `@UIApplicationMain` crashes the Swift compiler on Linux without a word, so it is found first
/// and reported like a compile error; comments and strings that mention it are not code.
@Suite struct UIApplicationMainCheckTests {
    func positions(_ source: String) -> [String] {
        UIApplicationMainCheck.findings(in: source, path: "App.swift").map { "\($0.line):\($0.column)" }
    }

    @Test("The attribute on a delegate is found at its line and column")
    func attributeIsFound() {
        #expect(positions("import UIKit\n\n@UIApplicationMain\nclass AppDelegate: UIResponder {}\n") == ["3:1"])
        #expect(positions("import UIKit\n  @UIApplicationMain final class AppDelegate {}") == ["2:3"])
    }

    @Test("Mentions in comments and string literals are not code")
    func commentsAndStringsAreSkipped() {
        let source = ##"""
            // @UIApplicationMain is how Xcode 9 templates started
            /* once: /* nested */ @UIApplicationMain */
            let hint = "write @main, not @UIApplicationMain"
            let escaped = "a \"quote\" then @UIApplicationMain"
            let raw = #"a "quote" then @UIApplicationMain"#
            let block = """
                @UIApplicationMain
                """
            let interpolated = "\(value("@UIApplicationMain")) done"
            @main
            class AppDelegate {}
            """##
        #expect(positions(source) == [])
    }

    @Test("Code inside an interpolation, and code after every kind of literal, is still code")
    func codeAroundLiterals() {
        let source = ##"""
            let a = "\(f(")")) ok"; let b = #"raw \#(x) "#
            let c = """
                text
                """
            @UIApplicationMain class D {}
            """##
        #expect(positions(source) == ["5:1"])
        #expect(positions("let longer = 1 // not @UIApplicationMainly\n@UIApplicationMainly") == [], "another name that starts the same")
    }

    @Test("A finding reads as a compiler error: file, line, column, and what to write instead")
    func findingReadsAsAnError() throws {
        let finding = try #require(UIApplicationMainCheck.findings(in: "\n@UIApplicationMain\nclass A {}", path: "alice/AppDelegate.swift").first)
        #expect(finding.description == "alice/AppDelegate.swift:2:1: error: `@UIApplicationMain` crashes the Swift compiler on Linux; "
            + "write `@main` on the app delegate class instead (RestorationKit provides its `main()`, as UIKit does)")
    }

    @Test("The runner refuses to build a chapter app that uses it, before the compiler runs, naming the file and line")
    func appBuilderRefuses() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("uiapplicationmain-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: root) }
        let app = root.appendingPathComponent("Chapters/demo/Apps/OldStyle")
        try FileManager.default.createDirectory(at: app, withIntermediateDirectories: true)
        try Data("import UIKit\n\n// was: @main\n@UIApplicationMain\nclass AppDelegate: UIResponder, UIApplicationDelegate {}\n".utf8)
            .write(to: app.appendingPathComponent("AppDelegate.swift"))
        var compilerRan = false
        let error = try #require(throws: RunnerError.self) {
            try AppBuilder(packageRoot: root).build(["OldStyle"]) { _ in compilerRan = true }
        }
        guard case .compilerWouldCrash(let what, let findings) = error else {
            Issue.record("expected the build to stop before the compiler, got \(error)")
            return
        }
        #expect(what == "OldStyle" && findings.count == 1)
        #expect(error.description.contains("Chapters/demo/Apps/OldStyle/AppDelegate.swift:4:1: error: `@UIApplicationMain` crashes the Swift compiler on Linux"))
        #expect(error.description.contains("write `@main` on the app delegate class instead"))
        #expect(!compilerRan)
    }
}
