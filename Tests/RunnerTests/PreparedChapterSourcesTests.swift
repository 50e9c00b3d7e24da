import Foundation
import Testing
@testable import Runner

/// Chapter code that only Linux refuses is built from a prepared copy under `.build`, never by
/// editing the author's files; code with nothing to prepare has no copy at all.
@Suite struct PreparedChapterSourcesTests {
    static let controller = """
        import UIKit

        final class NoteViewController: UIViewController {
            @IBOutlet weak var field: UITextField!
        }

        extension NoteViewController {
            override func viewDidLoad() {
                super.viewDidLoad()
            }
        }

        """

    func book() throws -> URL {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("prepared-chapter-\(UUID().uuidString)")
        let app = root.appendingPathComponent("Chapters/demo/Apps/Ported")
        try FileManager.default.createDirectory(at: app, withIntermediateDirectories: true)
        try Data(Self.controller.utf8).write(to: app.appendingPathComponent("NoteViewController.swift"))
        try FileManager.default.createDirectory(at: root.appendingPathComponent("Chapters/demo/Apps/Plain"), withIntermediateDirectories: true)
        try Data("import UIKit\nfinal class Plain: UIViewController {}\n".utf8).write(to: root.appendingPathComponent("Chapters/demo/Apps/Plain/Plain.swift"))
        return root
    }

    @Test("A module that needs it gets a copy with a stamp, named in the manifest's layout; the author's file is untouched; a plain module gets nothing")
    func copiesOnlyWhereNeeded() throws {
        let root = try book()
        defer { try? FileManager.default.removeItem(at: root) }
        let original = root.appendingPathComponent("Chapters/demo/Apps/Ported/NoteViewController.swift")
        let first = try PreparedChapterSources(packageRoot: root).prepare(chapters: ["demo"])
        #expect(first.copiesChanged, "a copy came: the manifest must be read again")
        #expect(first.notes.contains { $0.hasPrefix("Chapters/demo/Apps/Ported/NoteViewController.swift:8: override func viewDidLoad() moved into the body of class NoteViewController") })
        #expect(first.notes.contains { $0.hasPrefix("Chapters/demo/Apps/Ported/NoteViewController.swift: @IBOutlet removed at line 4") })
        let copy = root.appendingPathComponent(".build/prepared-sources/demo/Apps/Ported/NoteViewController.swift")
        let copied = try String(contentsOf: copy, encoding: .utf8)
        #expect(copied.hasPrefix("#sourceLocation(file: \"\(original.path)\", line: 1)\n"))
        #expect(copied.contains("#sourceLocation(file: \"\(original.path)\", line: 8)\n    override func viewDidLoad()"))
        #expect(try String(contentsOf: original, encoding: .utf8) == Self.controller)
        #expect(FileManager.default.fileExists(atPath: root.appendingPathComponent(".build/prepared-sources/demo/Apps/Ported.prepared").path))
        #expect(!FileManager.default.fileExists(atPath: root.appendingPathComponent(".build/prepared-sources/demo/Apps/Plain").path))
        #expect(ManifestCache.layout(of: root).contains("  prepared Apps/Ported\n"))
        #expect(!ManifestCache.layout(of: root).contains("Apps/Plain\n"))

        let again = try PreparedChapterSources(packageRoot: root).prepare(chapters: ["demo"])
        #expect(!again.copiesChanged, "the same copy: the manifest's plan holds")

        // Written the Linux way, the module needs no copy: it goes, and the manifest is read again.
        try Data("import UIKit\nfinal class NoteViewController: UIViewController {}\n".utf8).write(to: original)
        let plain = try PreparedChapterSources(packageRoot: root).prepare(chapters: ["demo"])
        #expect(plain.copiesChanged && plain.notes.isEmpty)
        #expect(!FileManager.default.fileExists(atPath: copy.path))
        #expect(!ManifestCache.layout(of: root).contains("prepared"))
    }

    @Test("A file whose name a build cannot take is copied under a safe name, and the compiler is told the author's, escaped")
    func unsafeNames() throws {
        let root = try book()
        defer { try? FileManager.default.removeItem(at: root) }
        let plain = root.appendingPathComponent("Chapters/demo/Apps/Plain")
        try Data("let shown = 1\n".utf8).write(to: plain.appendingPathComponent("Notes \"2\".swift"))
        let prepared = try PreparedChapterSources(packageRoot: root).prepare(chapters: ["demo"])
        let files = PreparedChapterSources.swiftFiles(in: root.appendingPathComponent(".build/prepared-sources/demo/Apps/Plain"))
        #expect(files.count == 2 && files.contains("Plain.swift"))
        let renamed = try #require(files.first { $0 != "Plain.swift" })
        #expect(!renamed.contains("\""))
        let text = try String(contentsOf: root.appendingPathComponent(".build/prepared-sources/demo/Apps/Plain/\(renamed)"), encoding: .utf8)
        #expect(text == "#sourceLocation(file: \"\(plain.path)/Notes \\\"2\\\".swift\", line: 1)\nlet shown = 1\n")
        #expect(prepared.notes.contains { $0.hasPrefix("Chapters/demo/Apps/Plain/Notes \\\"2\\\".swift: built as \(renamed)") }, "\(prepared.notes)")
    }
}
