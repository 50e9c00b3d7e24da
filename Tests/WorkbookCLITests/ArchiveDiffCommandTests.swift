import Foundation
import Testing

/// `workbook archive diff`, run as a student runs it: exit status as `diff`'s.
@MainActor struct ArchiveDiffCommandTests {
    @Test("Two Homes of a real app: status 1, the changed key listed under its object")
    func different() throws {
        let first = try RealArchives.first.path, second = try RealArchives.second.path
        let run = try workbook("archive", "diff", first, second)
        #expect(run.status == 1)
        #expect(run.errors.isEmpty)
        let lines = run.output.split(separator: "\n").map(String.init)
        #expect(lines.prefix(2) == ["--- \(first)", "+++ \(second)"])
        #expect(lines.contains(#"~ Nav/:[1]:/Detail  item.itemKey: "A1" → "B2""#))
    }

    @Test("The same archive twice: status 0, and a sentence saying so")
    func same() throws {
        let archive = try RealArchives.first.path
        let run = try workbook("archive", "diff", archive, archive)
        #expect(run.status == 0)
        #expect(run.output == "The archives hold the same state.\n")
    }

    @Test("Added and removed objects are listed with their class")
    func objects() throws {
        let short = try Archives.write(Archives.navigation(showing: nil)), long = try Archives.write(Archives.navigation())
        defer { [short, long].forEach { try? FileManager.default.removeItem(at: $0) } }
        let pushed = try workbook("archive", "diff", short.path, long.path)
        #expect(pushed.status == 1)
        #expect(pushed.output.contains("\n+ [View Controller] Nav/:[1]:/Detail (Class: Homepwner.DetailViewController)\n"))
        let popped = try workbook("archive", "diff", long.path, short.path)
        #expect(popped.output.contains("\n- [View Controller] Nav/:[1]:/Detail (Class: Homepwner.DetailViewController)\n"))
    }

    @Test("--json gives each change with its kind, place and typed values")
    func json() throws {
        let first = try RealArchives.first.path, second = try RealArchives.second.path
        let run = try workbook("archive", "diff", "--json", first, second)
        #expect(run.status == 1)
        let document = try #require(try JSONSerialization.jsonObject(with: Data(run.output.utf8)) as? [String: Any])
        #expect(document["same"] as? Bool == false)
        #expect(document["old"] as? String == first)
        let changes = try #require(document["changes"] as? [[String: Any]])
        let itemKey = try #require(changes.first { $0["key"] as? String == "item.itemKey" })
        #expect(itemKey["change"] as? String == "keyChanged")
        #expect(itemKey["object"] as? String == "Nav/:[1]:/Detail")
        #expect(itemKey["from"] as? String == "A1")
        #expect(itemKey["to"] as? String == "B2")
        #expect(itemKey["text"] as? String == #"~ Nav/:[1]:/Detail  item.itemKey: "A1" → "B2""#)

        let same = try workbook("archive", "diff", "--json", first, first)
        #expect(same.status == 0)
        let sameDocument = try #require(try JSONSerialization.jsonObject(with: Data(same.output.utf8)) as? [String: Any])
        #expect(sameDocument["same"] as? Bool == true)
        #expect((sameDocument["changes"] as? [Any])?.isEmpty == true)
    }

    @Test("An archive that cannot be read is trouble, status 2, not a difference; the line names it")
    func trouble() throws {
        let garbage = try Archives.write(Data("not an archive".utf8))
        defer { try? FileManager.default.removeItem(at: garbage) }
        let good = try RealArchives.first.path
        for arguments in [[good, garbage.path], [garbage.path, good], [good, "/no/such/data.data"]] {
            let run = try workbook("archive", "diff", arguments[0], arguments[1])
            #expect(run.status == 2)
            #expect(run.output.isEmpty)
            let bad = arguments[0] == good ? arguments[1] : arguments[0]
            #expect(run.errors.hasPrefix("Error: ") && run.errors.contains(bad))
            #expect(run.errors.split(separator: "\n").count == 1)
        }
    }
}
