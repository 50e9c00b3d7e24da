import Foundation
import Testing
import TestSupport
@testable import SourcePreparation

/// iOS code that only Linux refuses compiles as written: overrides in extensions are folded into
/// their classes and `@objc`/Interface Builder attributes removed, on copies, and the compiler
/// still names the author's files and lines. The copies are type-checked by the real compiler.
@Suite struct ModulePreparationTests {
    /// A view controller written as for iOS, over a base class of its own (no UIKit needed to show
    /// what the compiler makes of it): its restoration override in an extension in the same file,
    /// another in a file of its own, outlets, an action and `@objc` methods.
    static let controller = """
        import Foundation

        open class Controller: NSObject {
            open func encodeRestorableState(with coder: NSCoder) {}
            open func decodeRestorableState(with coder: NSCoder) {}
            open var title: String? { nil }
        }

        final class NoteViewController: Controller {
            @IBOutlet weak var body: NSObject!
            var text = ""

            @IBAction func save(_ sender: Any) { text = "" }
            @objc(refreshWith:) func refresh(with value: Int) {}
        }

        extension NoteViewController {
            override func encodeRestorableState(with coder: NSCoder) {
                super.encodeRestorableState(with: coder)
                coder.encode(text, forKey: "text")
            }
        }

        let lastLine = 1
        """

    static let restoration = """
        import Foundation

        // Restoration, kept apart as iOS developers often do.
        extension NoteViewController {
            @objc override func decodeRestorableState(with coder: NSCoder) {
                super.decodeRestorableState(with: coder)
                text = coder.decodeObject(forKey: "text") as? String ?? ""
            }

            override var title: String? { "Note" }

            func helper() -> Int { 1 }
        }
        """

    /// The sources as the compiler gets them in a folder of copies, each naming its original.
    func prepare(_ files: [(name: String, text: String)], originals: URL) -> PreparedModule {
        ModulePreparation.prepare(files.map { file in
            SwiftSource(name: file.name, reportedPath: originals.appendingPathComponent(file.name).path, compiledAtReportedPath: false, bytes: Array(file.text.utf8))
        })
    }

    /// What `swiftc -typecheck` says of the files, written in `folder`.
    func typecheck(_ files: [(name: String, bytes: [UInt8])], in folder: URL) throws -> ToolRun {
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        for file in files { try Data(file.bytes).write(to: folder.appendingPathComponent(file.name)) }
        return try ToolRun.run("swiftc", ["-typecheck", "-swift-version", "5", "-module-name", "Notes"] + PreparedModule.oneLineDiagnostics
                               + files.map { folder.appendingPathComponent($0.name).path })
    }

    @Test("Written as for iOS, the module does not compile on Linux as it is, and its prepared copies do")
    func preparedCopiesCompile() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("preparation-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let files = [("NoteViewController.swift", Self.controller), ("NoteViewController+Restoration.swift", Self.restoration)]
        let original = try typecheck(files.map { ($0.0, Array($0.1.utf8)) }, in: folder.appendingPathComponent("original"))
        #expect(original.status != 0)
        #expect(original.said.contains("cannot be overridden from extension"), "\(original.said)")
        #expect(original.said.contains("Objective-C interoperability is disabled"))

        let prepared = prepare(files, originals: folder.appendingPathComponent("original"))
        let copies = try typecheck(zip(files, prepared.files).map { ($0.0.0, $0.1) }, in: folder.appendingPathComponent("prepared"))
        #expect(copies.status == 0, "\(copies.said)")
        #expect(prepared.needsOneLineDiagnostics)
    }

    @Test("The build says what it folded, from which file and line into which class, and what it removed")
    func notesNameWhatWasDone() {
        let prepared = prepare([("NoteViewController.swift", Self.controller), ("NoteViewController+Restoration.swift", Self.restoration)],
                               originals: URL(fileURLWithPath: "/book"))
        let because = "on Linux nothing is @objc dynamic, so an extension cannot override"
        #expect(prepared.notes == [
            "NoteViewController.swift: @IBOutlet removed at line 10; @IBAction at line 13; @objc at line 14: on Linux no Objective-C runtime or Interface Builder reads them",
            "NoteViewController+Restoration.swift: @objc removed at line 5: on Linux no Objective-C runtime or Interface Builder reads them",
            "NoteViewController.swift:18: override func encodeRestorableState(with:) moved into the body of class NoteViewController (line 9): " + because,
            "NoteViewController+Restoration.swift:5: override func decodeRestorableState(with:) moved into the body of class NoteViewController (NoteViewController.swift:9): " + because,
            "NoteViewController+Restoration.swift:10: override var title moved into the body of class NoteViewController (NoteViewController.swift:9): " + because,
        ])
    }

    @Test("A compile error inside a folded member, and one in the file it was folded into, are reported at the author's file, line and column")
    func diagnosticsPointAtTheAuthorsLines() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("preparation-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let controller = Self.controller.replacingOccurrences(of: "let lastLine = 1", with: "let lastLine: Int = \"one\"")
        let restoration = Self.restoration.replacingOccurrences(of: "text = coder.decodeObject", with: "txet = coder.decodeObject")
        let originals = folder.appendingPathComponent("original")
        let files = [("NoteViewController.swift", controller), ("NoteViewController+Restoration.swift", restoration)]
        let prepared = prepare(files, originals: originals)
        let run = try typecheck(zip(files, prepared.files).map { ($0.0.0, $0.1) }, in: folder.appendingPathComponent("prepared"))
        let errors = run.said.split(separator: "\n").filter { $0.contains(": error: ") }.sorted()
        #expect(errors == [
            "\(originals.path)/NoteViewController+Restoration.swift:7:9: error: cannot find 'txet' in scope",
            "\(originals.path)/NoteViewController.swift:24:21: error: cannot convert value of type 'String' to specified type 'Int'",
        ], "\(run.said)")
        // Under each, the line as the author wrote it, never a line of the copies or a directive.
        #expect(run.said.contains("        txet = coder.decodeObject(forKey: \"text\") as? String ?? \"\"\n        ^~~~"), "\(run.said)")
        #expect(!run.said.contains("#sourceLocation"))
        #expect(!run.said.contains(folder.appendingPathComponent("prepared").path))
    }

    @Test("A module with nothing to prepare is handed back byte for byte, with nothing said")
    func nothingToPrepare() {
        let plain = "import Foundation\n\nfinal class Model {\n    var name = \"override @objc in a string is text\"\n}\n"
        let prepared = ModulePreparation.prepare([SwiftSource(name: "Model.swift", reportedPath: "/book/Model.swift", compiledAtReportedPath: true, bytes: Array(plain.utf8))])
        #expect(prepared.files == [Array(plain.utf8)])
        #expect(prepared.notes.isEmpty)
        #expect(!prepared.needsOneLineDiagnostics)
        // Moved elsewhere, it only gains the directive that names it.
        let moved = ModulePreparation.prepare([SwiftSource(name: "Model.swift", reportedPath: "/book/Model.swift", compiledAtReportedPath: false, bytes: Array(plain.utf8))])
        #expect(moved.files == [Array("#sourceLocation(file: \"/book/Model.swift\", line: 1)\n".utf8) + Array(plain.utf8)])
        #expect(moved.notes.isEmpty)
    }

    @Test("What cannot be folded as it is stays for the compiler to name: another module's class, a constrained extension, a class declared twice, broken syntax")
    func whatIsNotFolded() {
        let source = """
            import Foundation
            extension NSObject {
                override open var description: String { "mine" }
            }
            class Box<T>: NSObject {}
            extension Box where T == Int {
                override var hash: Int { 1 }
            }
            #if os(Linux)
            class Twice: NSObject {}
            #else
            class Twice: NSObject {}
            #endif
            extension Twice {
                override var hash: Int { 2 }
            }
            """
        let prepared = ModulePreparation.prepare([SwiftSource(name: "A.swift", reportedPath: "/book/A.swift", compiledAtReportedPath: true, bytes: Array(source.utf8))])
        #expect(prepared.files == [Array(source.utf8)])
        #expect(prepared.notes.isEmpty)

        let broken = "class A: NSObject {\n  @objc func f() {\n}\nextension A { override var hash: Int { 1 } }\n"
        let untouched = ModulePreparation.prepare([SwiftSource(name: "B.swift", reportedPath: "/book/B.swift", compiledAtReportedPath: true, bytes: Array(broken.utf8))])
        #expect(untouched.files == [Array(broken.utf8)], "a file the parser finds broken is the compiler's to explain")
    }

    @Test("`@objc` on a protocol means something Linux cannot give, and is kept with what it holds")
    func objcProtocolsAreKept() {
        let source = "@objc protocol NoteDelegate {\n    @objc optional func noteDidChange()\n}\nclass Note {\n    @objc func tap() {}\n}\n"
        let prepared = ModulePreparation.prepare([SwiftSource(name: "A.swift", reportedPath: "/book/A.swift", compiledAtReportedPath: true, bytes: Array(source.utf8))])
        let text = String(decoding: prepared.files[0], as: UTF8.self)
        #expect(text == "@objc protocol NoteDelegate {\n    @objc optional func noteDidChange()\n}\nclass Note {\n          func tap() {}\n}\n")
    }

    @Test("A folded member goes between directives naming its own file and line, then the class's; what it leaves is spaces")
    func foldedText() {
        let source = "class A: B {\n    var x = 1\n}\nextension A {\n    override func f() {}\n}\n"
        let prepared = ModulePreparation.prepare([SwiftSource(name: "A.swift", reportedPath: "/book/A.swift", compiledAtReportedPath: true, bytes: Array(source.utf8))])
        let member = "    override func f() {}"
        #expect(String(decoding: prepared.files[0], as: UTF8.self) == "class A: B {\n    var x = 1\n"
            + "\n#sourceLocation(file: \"/book/A.swift\", line: 5)\n" + member + "\n#sourceLocation(file: \"/book/A.swift\", line: 3)\n"
            + "}\nextension A {\n" + String(repeating: " ", count: member.utf8.count) + "\n}\n")
    }
}
