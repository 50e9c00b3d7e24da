import Testing
@testable import Site

/// A `workbook` block read from the code block cmark found: its options typed and checked once,
/// every mistake with its line.
struct DirectiveTests {
    static func problem(_ text: String, line: Int = 3) -> String? {
        do {
            _ = try Directive.read(text, line: line, file: "chapter.md")
            return nil
        } catch {
            return error.description
        }
    }

    @Test("Each kind reads its target and its typed options, with the defaults an author leaves out")
    func reads() throws {
        let run = try Directive.read("run: Homepwner0Start/edit-an-item\n", line: 3, file: "chapter.md")
        #expect(run == Directive(kind: .run, owner: "Homepwner0Start", name: "edit-an-item", options: .run(show: [.screens, .lost], restorationLogOnly: false), line: 3))
        let shown = try Directive.read("run: A/b\nshow: log, steps\nfilter: restoration", line: 9, file: "chapter.md")
        #expect(shown.options == .run(show: [.log, .steps], restorationLogOnly: true))
        #expect(try Directive.read("archive: A/b\nnumber: 2", line: 1, file: "c.md").options == .archive(number: 2, against: nil))
        #expect(try Directive.read("archive: A/b", line: 1, file: "c.md").options == .archive(number: nil, against: nil))
        #expect(try Directive.read("archive: A/b\nagainst: C/d", line: 1, file: "c.md").options == .archive(number: nil, against: .init(owner: "C", scenario: "d")))
        #expect(throws: SiteError.self) { try Directive.read("archive: A/b\nagainst: C", line: 1, file: "c.md") }
        let listing = try Directive.read("  listing: A/B.swift\n\n  symbol: B.save\n  diff: previous\n", line: 1, file: "c.md")
        #expect(listing.options == .listing(symbol: "B.save", region: nil, diffAgainst: "previous"))
        #expect(listing.target == "A/B.swift")
    }

    @Test("A malformed block is reported with the line of its mistake")
    func malformed() {
        #expect(Self.problem("run Homepwner0Start/edit\n") == "chapter.md:4: expected `key: value` in a workbook block, found \"run Homepwner0Start/edit\"")
        #expect(Self.problem("listing: A/B.swift\nshow: screens\n", line: 7) == "chapter.md:7: `show:` does not go with `listing:`; it takes `diff:`, `region:`, `symbol:`")
        #expect(Self.problem("run: A/b\nrun: A/c") == "chapter.md:5: a workbook block shows one thing; this one already has `run:`")
        #expect(Self.problem("show: screens") == "chapter.md:3: a workbook block must start with `run:`, `listing:` or `archive:`")
        #expect(Self.problem("run: Homepwner0Start") == "chapter.md:3: expected `App/scenario`, found \"Homepwner0Start\"")
    }

    @Test("Option values are checked when the block is read, not again when it is drawn")
    func optionValues() {
        #expect(Self.problem("run: A/b\nshow: screens, phones") == "chapter.md:3: cannot show \"phones\"; choose from archive, log, lost, screens, steps")
        #expect(Self.problem("run: A/b\nfilter: warnings") == "chapter.md:3: `filter:` takes `restoration`, not \"warnings\"")
        #expect(Self.problem("archive: A/b\nnumber: last") == "chapter.md:3: `number:` counts the run's archives from 1, not \"last\"")
        #expect(Self.problem("archive: A/b\nnumber: 0") == "chapter.md:3: `number:` counts the run's archives from 1, not \"0\"")
        #expect(Self.problem("listing: A/B.swift\ndiff: A/B") == "chapter.md:3: `diff:` is `previous`, `none` or an app of the chapter, not \"A/B\"")
    }

    @Test("A block cmark ran to the end of the prose was never closed")
    func closing() {
        let lines = "# T\n\n```workbook\nrun: A/b\n```\n\n~~~~workbook\nrun: A/c\n".split(separator: "\n", omittingEmptySubsequences: false)
        #expect(Directive.isClosed(endLine: 5, in: lines))
        #expect(!Directive.isClosed(endLine: 9, in: lines))
        #expect(!Directive.isClosed(endLine: 8, in: lines))
        #expect(!Directive.isClosed(endLine: 40, in: lines))
    }
}
