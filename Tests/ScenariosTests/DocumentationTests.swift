import Foundation
import Testing
@testable import Scenarios

/// The reference page's examples are real: they parse, and the errors it shows are the errors
/// the parser prints.
@Suite("Documentation: the examples in Documentation/Scenarios.md are true")
struct DocumentationTests {
    static let page: String? = {
        let url = URL(fileURLWithPath: #filePath)
            .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Documentation/Scenarios.md")
        return try? String(contentsOf: url, encoding: .utf8)
    }()

    @Test("the first example and the complete example parse")
    func examplesParse() throws {
        let page = try #require(Self.page)
        let examples = Self.scenarioBlocks(page)
        #expect(examples.count == 2)
        for example in examples {
            let scenario = parsed(example, file: "chapter24/scenarios/example.scenario")
            #expect(scenario != nil)
        }
    }

    @Test("the error output shown is what the parser prints")
    func errorOutput() throws {
        let page = try #require(Self.page)
        let shown = try #require(Self.fencedBlocks(page).first { $0.hasPrefix("chapter24/scenarios/edit.scenario:4:1") })
        let file = """
        scenario "Edit an item"
        app homepwner-step5
        launch
        tpa row 0
        clear Name
        select row three
        pick 2026-02-30 09:30 in Due
        press home
        return to the app
        type "Rusty Spork into Name
        """
        do {
            _ = try ScenarioParser.parse(file, file: "chapter24/scenarios/edit.scenario")
            Issue.record("the example parsed")
        } catch {
            #expect(error.detailedDescription == shown)
        }
    }

    @Test("every form in the table at a glance parses, with and without its optional parts")
    func glance() throws {
        let page = try #require(Self.page)
        let glance = try #require(Self.fencedBlocks(page).first { $0.hasPrefix("launch\npress home") })
        let pieces: [(String, String)] = [
            ("ELEMENT", "Name"), ("ROW", "row 2"), ("TAB", "1"), ("OFFSET", "240"), ("VALUE", "\"x\""),
            ("ENTRY", "\"k\""), ("DATE", "2026-01-01 09:30"), ("NUMBER", "3"), ("VERSION", "2"), ("TABLE", "Items"),
            ("TEXT", "x"), ("SEGMENT", "Tokyo"), ("seconds|minutes|hours|days", "seconds"),
        ]
        var forms = 0
        for line in glance.split(separator: "\n") where !line.isEmpty {
            let first = String(line.prefix { !$0.isWhitespace })
            guard first.uppercased() != first else { continue }  // ELEMENT, ROW…: the pieces
            for form in line.components(separatedBy: "   ").map({ $0.trimmingCharacters(in: .whitespaces) }) where !form.isEmpty {
                for keepOptional in [true, false] {
                    var text = keepOptional
                        ? form.replacingOccurrences(of: "[", with: "").replacingOccurrences(of: "]", with: "")
                        : form.replacingOccurrences(of: #"\s*\[[^\]]*\]"#, with: "", options: .regularExpression)
                    for (piece, example) in pieces { text = text.replacingOccurrences(of: piece, with: example) }
                    text = text.replacingOccurrences(of: #"\bN\b"#, with: "2", options: .regularExpression)
                    text = text.replacingOccurrences(of: #"\bS\b"#, with: "1", options: .regularExpression)
                    #expect(throws: Never.self, "\(form) → \(text)") { _ = try ScenarioParser.parseStep(text) }
                }
                forms += 1
            }
        }
        #expect(forms == 44)
    }

    /// Fenced blocks without an info string, in order.
    static func fencedBlocks(_ page: String) -> [String] {
        var blocks: [String] = []
        var current: [Substring]?
        var inOtherBlock = false
        for line in page.split(separator: "\n", omittingEmptySubsequences: false) {
            if line.hasPrefix("```") {
                if inOtherBlock {
                    inOtherBlock = false
                } else if let lines = current {
                    blocks.append(lines.joined(separator: "\n"))
                    current = nil
                } else if line == "```" {
                    current = []
                } else {
                    inOtherBlock = true
                }
                continue
            }
            current?.append(line)
        }
        return blocks
    }

    /// The blocks that are whole scenarios (they have a `scenario` line).
    static func scenarioBlocks(_ page: String) -> [String] {
        fencedBlocks(page).filter { block in
            block.split(separator: "\n").contains { $0.hasPrefix("scenario \"") }
        }
    }
}
