import Captures
import Foundation
import RestorationKit
import Testing

/// RESTORATION.md, "UIKit's log and the workbook's explanations are two things": every line in
/// a capture's log is one a device prints, in a shape RESTORATION.md's "Debug logging" lists, so
/// that a reader who compares it with Xcode's console finds nothing a device would not print.
/// What the engine explains beyond those lines is the workbook's, in the result's causes and
/// notes, and the page shows it as the workbook's. Reads the captures of every chapter, as the
/// published book makes them.
@Suite(.serialized) struct DeviceLogTests {
    /// The function UIKit's restoration lines name on a device (seed 003).
    static let restoreState = #"void _restoreState\(UIApplication \*, NSData \*, NSObject<UIApplicationDelegate> \*, NSURL \*, NSString \*, UIStateRestorationRestoreStateBeginHandler\): "#

    /// Each message a device prints, after NSLog's prefix, as a whole-message pattern. The
    /// truncation line is real (the talk quotes it) but the function that prints it was never
    /// published; the engine names it in UIKit's style.
    static let shapes: [(name: String, pattern: String)] = [
        ("archive version", restoreState + #"State restoration archive was saved with major version \d+, minor version \d+\. Current major version 2, current minor version 1\."#),
        ("root restoration identifier paths", restoreState + #"Root restoration identifier paths are \(\n(    ([A-Za-z0-9]+|"[^"\n]+"),\n)*(    ([A-Za-z0-9]+|"[^"\n]+")\n)?\)"#),
        ("restoration class map", restoreState + #"Restoration Class map: \{\n(    ([A-Za-z0-9]+|"[^"\n]+") = ([A-Za-z0-9]+|"[^"\n]+");\n)*\}"#),
        ("object in root set", restoreState + #"Object in root set for index \[\d+\] for identifier path [^\n]+: <[^\n]+: 0x[0-9a-f]+>"#),
        ("truncation", #"-\[UIViewController\(StateRestoration\) _restoreChildViewControllers\]: Can't find Child View Controller at index \d+ with identifier [^\n]+, truncating child array"#),
        ("restoration class warning", #"Warning: restoration class for view controller does not conform to UIViewControllerRestoration protocol: Class is [^\n]+"#),
        ("marker file warning", #"Warning: Unable to create restoration in progress marker file"#),
        ("Foundation's plist warning", #"\*\*\* -\[NSKeyedUnarchiver validateAllowedClass:forKey:\] allowed unarchiving safe plist type ''NS[A-Za-z]+'[\s\S]*This will be disallowed in the future\."#),
    ]

    nonisolated(unsafe) static let nsLogPrefix = #/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d\.\d{3} [^\s\[]+\[\d+:[0-9a-f]+\] /#

    /// The entries of a log: a line with NSLog's prefix and the lines that continue its message
    /// (a description's indented lines and closing bracket); launch headings apart.
    static func entries(_ log: String) -> (messages: [String], strays: [String]) {
        var messages: [String] = []
        var strays: [String] = []
        for line in log.components(separatedBy: "\n") where !line.isEmpty && !line.hasPrefix("── launch ") {
            if let match = line.prefixMatch(of: nsLogPrefix) {
                messages.append(String(line[match.range.upperBound...]))
            } else if !messages.isEmpty, line.hasPrefix(" ") || line.hasPrefix(")") || line.hasPrefix("}") {
                messages[messages.count - 1] += "\n" + line
            } else {
                strays.append(line)
            }
        }
        return (messages, strays)
    }

    static func shape(of message: String) -> String? {
        shapes.first { (try? Regex($0.pattern).wholeMatch(in: message)) != nil }?.name
    }

    @Test("Every line of every chapter's captured log is one a device prints, in a shape RESTORATION.md lists")
    func everyLogLineIsADevicesLine() throws {
        let captures = try PublishedBook.captures()
        #expect(captures.count > 100, "every chapter's captures: \(captures.count)")
        var counted: [String: Int] = [:]
        var foreign: [String] = []
        for capture in captures {
            let log = try String(contentsOf: capture.appendingPathComponent("log.txt"), encoding: .utf8)
            let (messages, strays) = Self.entries(log)
            foreign += strays.map { "\(capture.path): not an NSLog line: \($0)" }
            for message in messages {
                if let shape = Self.shape(of: message) { counted[shape, default: 0] += 1 } else { foreign.append("\(capture.path): \(message)") }
            }
        }
        #expect(foreign.isEmpty, "\(foreign.count) lines no device prints:\n\(foreign.prefix(20).joined(separator: "\n"))")
        // The chapters do show UIKit's lines: the log is not empty for want of them.
        for shape in ["archive version", "root restoration identifier paths", "restoration class map", "object in root set", "truncation"] {
            #expect(counted[shape, default: 0] > 0, "no capture has a \(shape) line: \(counted)")
        }
    }

    @Test("The shapes are strict: the engine's own explanations, even in NSLog's dress, match none of them")
    func shapesRefuseExplanations() {
        for message in [
            Self.restoreState.replacingOccurrences(of: "\\", with: "") + "Unable to restore TabBarController: no restoration class, app delegate, existing controller or storyboard provided a view controller; it and everything below it are left out",
            "Warning: application(_:shouldSaveApplicationState:) is deprecated; implement application(_:shouldSaveSecureApplicationState:) instead.",
            "State restoration failed: earlier launches did not finish restoring (kRestorationTriesLeft reached 0). The saved state was discarded and the app launches fresh.",
            "Warning: Two objects have the restoration identifier path A/B: the first is preserved, the second (B) is skipped.",
        ] {
            #expect(Self.shape(of: message) == nil, "\(message)")
        }
        #expect(Self.shape(of: Self.restoreState.replacingOccurrences(of: "\\", with: "") + "Root restoration identifier paths are (\n    TabController,\n    \"TabController/:[0]:/First\"\n)") != nil)
        #expect(Self.shape(of: Self.restoreState.replacingOccurrences(of: "\\", with: "") + "Restoration Class map: {\n}") != nil, "an empty map, as Foundation describes an empty dictionary")
    }

    @Test("What the engine explains is the result's causes and notes, shown on the page as the workbook's and never in its log: a presented screen left out with the root that nothing recreated")
    func explanationsAreTheWorkbooks() throws {
        let capture = try #require(try PublishedBook.captures().first { $0.path.hasSuffix("chapter24/Homepwner2Identifiers/new-item") })
        let result = try JSONDecoder().decode(ScenarioResult.self, from: Data(contentsOf: capture.appendingPathComponent("result.json")))
        #expect(result.causes.map(\.kind) == [.notRecreated] && result.causes.first?.path == "UINavigationController", "\(result.causes)")
        #expect(result.notes.contains { $0.kind == .parentNotRestored && $0.path == "UINavigationController/UINavigationController" }, "\(result.notes)")
        let log = try String(contentsOf: capture.appendingPathComponent("log.txt"), encoding: .utf8)
        for explanation in result.causes + result.notes {
            #expect(!log.contains(explanation.sentence))
        }
        #expect(!log.contains("Unable to restore") && !log.contains("Nothing recreated"))

        let page = try String(contentsOf: try PublishedBook.page("chapter24.html"), encoding: .utf8)
        #expect(page.contains(#"<div class="explanation"><p class="figure-title">The workbook&#39;s explanation"#) || page.contains(#"<div class="explanation"><p class="figure-title">The workbook's explanation"#))
        let logs = page.components(separatedBy: #"<pre class="log-lines">"#).dropFirst().map { $0.components(separatedBy: "</pre>")[0] }
        #expect(!logs.isEmpty)
        #expect(logs.allSatisfy { !$0.contains("Nothing recreated") && !$0.contains("was left out") }, "the workbook's words are never shown as log lines")
    }
}
