import Testing
@testable import SourcePreparation

/// A file is parsed only when its bytes say something that could need preparing: a chapter with
/// nothing to prepare costs a look at its files, not a parse of each.
@Suite struct PreparationCandidatesTests {
    func candidate(_ text: String) -> Bool { PreparationCandidates.mayNeedPreparation(Array(text.utf8)) }

    @Test("Overrides in a class's body, then an extension for a conformance, as most chapter code is: not parsed")
    func overridesBeforeTheFirstExtension() {
        #expect(!candidate("""
            final class ListViewController: UITableViewController {
                override func viewDidLoad() { super.viewDidLoad() }
            }
            extension ListViewController: UIDataSourceModelAssociation {}
            """))
        #expect(!candidate("struct Model { var name = \"\" }\n"))
        #expect(!candidate(""))
    }

    @Test("An override after an extension, an attribute of Objective-C or Interface Builder: parsed")
    func whatMayNeedPreparing() {
        #expect(candidate("class A: B {}\nextension A {\n    override func f() {}\n}\n"))
        #expect(candidate("class A {\n    @IBOutlet var label: UILabel!\n}\n"))
        #expect(candidate("class A {\n    @objc func tap() {}\n}\n"))
        #expect(candidate("@objcMembers class A {}\n"))
    }
}
