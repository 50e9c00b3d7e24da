import BinaryPropertyList
import Foundation
import RestorationKit
import Testing

/// `workbook archive dump`, run as a student runs it.
@MainActor struct ArchiveDumpCommandTests {
    @Test("An archive the engine wrote prints as restorationArchiveTool prints it")
    func text() throws {
        let run = try workbook("archive", "dump", try RealArchives.first.path)
        #expect(run.status == 0)
        #expect(run.errors.isEmpty)
        #expect(run.output == """
            Restoration class map is {
            }

            Top Level
            ---------

                            kUIStateRestorationArchiveMajorVersionKey.........2
                            kUIStateRestorationArchiveMinorVersionKey.........1
                            UIApplicationStateRestorationBundleVersion........1
                            UIApplicationStateRestorationSystemVersion........17.0
                            UIApplicationStateRestorationTimestamp............2026-11-22 09:00:00 +0000
                            UIApplicationStateRestorationUserInterfaceIdiom...iPhone


            [View Controller] Nav (Class: UINavigationController)
            -----------------------------------------------------

                            kUIViewControllerChildrenKey......(
                                                                "Nav/:[0]:/List",
                                                                "Nav/:[1]:/Detail"
                                                              )
                            kViewControllerViewWasLoadedKey...Yes


            [View Controller] Nav/:[0]:/List (Class: UIViewController)
            ----------------------------------------------------------

                            kViewControllerViewWasLoadedKey...No


            [View Controller] Nav/:[1]:/Detail (Class: WorkbookCLITests.ItemDetailViewController)
            -------------------------------------------------------------------------------------

                            item.itemKey......................A1
                            kViewControllerViewWasLoadedKey...Yes

            """)
    }

    @Test("--json prints the same archive for tools, values typed, the version among the top level's keys")
    func json() throws {
        let run = try workbook("archive", "dump", "--json", try RealArchives.first.path)
        #expect(run.status == 0)
        let document = try #require(try JSONSerialization.jsonObject(with: Data(run.output.utf8)) as? [String: Any])
        #expect(document["majorVersion"] as? Int == 2)
        let topLevel = try #require(document["topLevel"] as? [String: Any])
        #expect(topLevel["kUIStateRestorationArchiveMajorVersionKey"] as? Int == 2)
        #expect(topLevel["kUIStateRestorationArchiveMinorVersionKey"] as? Int == 1)
        #expect(topLevel["UIApplicationStateRestorationBundleVersion"] as? String == "1")
        let objects = try #require(document["objects"] as? [[String: Any]])
        #expect(objects.compactMap { $0["path"] as? String }.contains("Nav/:[1]:/Detail"))
        let detail = try #require(objects.first { $0["path"] as? String == "Nav/:[1]:/Detail" })
        #expect(detail["class"] as? String == "WorkbookCLITests.ItemDetailViewController")
        #expect((detail["state"] as? [String: Any])?["item.itemKey"] as? String == "A1")
        #expect((detail["state"] as? [String: Any])?["kViewControllerViewWasLoadedKey"] as? Bool == true)
        let navigation = try #require(objects.first { $0["path"] as? String == "Nav" })
        let children = (navigation["state"] as? [String: Any])?["kUIViewControllerChildrenKey"] as? [[String: String]]
        #expect(children == [["reference": "Nav/:[0]:/List"], ["reference": "Nav/:[1]:/Detail"]])
    }

    @Test("--json stays valid JSON whatever the archive holds: quotes, line breaks, data, dates, nested values")
    func jsonOfAwkwardValues() throws {
        let awkward = StateArchive(topLevel: Archives.topLevel(), entries: [
            .init(path: Archives.nav, kind: .viewController, className: "RestorationKit.UINavigationController", state: [
                "quote": .string("He said \"hi\"\nthen left\u{2028}"),
                "data": .data(Data([0, 1, 2, 255])),
                "when": .date(Date(timeIntervalSince1970: 0)),
                "nested": ["list": [1, 2.5, true, "x"], "empty": .dictionary([:])],
                "nan": .real(.nan),
            ]),
        ])
        let file = try Archives.write(awkward)
        defer { try? FileManager.default.removeItem(at: file) }
        let run = try workbook("archive", "dump", "--json", file.path)
        #expect(run.status == 0)
        let document = try #require(try JSONSerialization.jsonObject(with: Data(run.output.utf8)) as? [String: Any])
        let state = try #require((document["objects"] as? [[String: Any]])?.first?["state"] as? [String: Any])
        #expect(state["quote"] as? String == "He said \"hi\"\nthen left\u{2028}")
        #expect((state["data"] as? [String: String])?["data"] == "AAEC/w==")

        let text = try workbook("archive", "dump", file.path)
        #expect(text.output.contains(#"                quote...."He said \"hi\"\nthen left\U2028""# + "\n"))
    }

    /// Ways a file can fail to be an archive.
    enum Damage: String, CaseIterable, Sendable {
        case truncated, empty, garbage

        func apply(to archive: Data) -> Data {
            switch self {
            case .truncated: archive.prefix(archive.count / 2)
            case .empty: Data()
            case .garbage: Data("bplist00 but not really a property list".utf8)
            }
        }
    }

    @Test("A truncated, empty or garbage file ends with status 2 and one line naming it", arguments: Damage.allCases)
    func malformed(_ damage: Damage) throws {
        let file = try Archives.write(damage.apply(to: try Data(contentsOf: try RealArchives.first)))
        defer { try? FileManager.default.removeItem(at: file) }
        let run = try workbook("archive", "dump", file.path)
        #expect(run.status == 2)
        #expect(run.output.isEmpty)
        #expect(run.errors.hasPrefix("Error: \(file.path) is not a restoration archive: "))
        #expect(run.errors.contains("Expected the data.data"))
        #expect(run.errors.split(separator: "\n").count == 1, "one line, no stack trace: \(run.errors)")
    }

    @Test("A missing file or a folder ends with status 2 and says what would be right")
    func notAFile() throws {
        let missing = try workbook("archive", "dump", "/no/such/data.data")
        #expect(missing.status == 2)
        #expect(missing.errors == "Error: there is no file at /no/such/data.data. Expected the data.data an app writes in Library/Saved Application State/<bundle id>.savedState/, or one from a capture's archives/ folder.\n")

        let withArchive = FileManager.default.temporaryDirectory.appendingPathComponent("savedState-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: withArchive, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: withArchive) }
        try FileManager.default.copyItem(at: try RealArchives.first, to: withArchive.appendingPathComponent("data.data"))
        let suggested = try workbook("archive", "dump", withArchive.path)
        #expect(suggested.status == 2)
        #expect(suggested.errors == "Error: \(withArchive.path) is a folder. Did you mean \(withArchive.path)/data.data?\n")
    }
}
