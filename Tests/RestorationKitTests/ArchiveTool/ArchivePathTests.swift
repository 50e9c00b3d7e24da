import BinaryPropertyList
import Foundation
import RestorationModel
import Testing

/// Paths as archives write them and the engine looks them up, and the archive's bytes, which
/// the engine writes from its entries without making the dictionaries they stand for.
@Suite struct ArchivePathTests {
    @Test("A path reads back as written; an index spelled unusually reads as the usual spelling; anything else is no path")
    func pathsReadAndWritten() {
        for text in ["Tabs", "Tabs/:[0]:/Stack/:[12]:/Page", "Navigation/Modal/:[0]:/Note", "Café/:[3]:/Île", "a/\u{301}b"] {
            #expect(RestorationPath(parsing: text)?.description == text)
        }
        #expect(RestorationPath(parsing: "a/\u{301}b")?.segments.count == 1, "a slash with a combining mark is one character, no separator")
        for (text, written) in [("A/:[+1]:/B", "A/:[1]:/B"), ("A/:[01]:/B", "A/:[1]:/B"), ("A/:[-0]:/B", "A/:[0]:/B"), ("É/:[+2]:/B", "É/:[2]:/B")] {
            #expect(RestorationPath(parsing: text)?.description == written)
        }
        for text in ["", "A/", "/A", "A//B", ":[1]:/A", "A/:[1]:", "A/:[]:/B", "A/:[-1]:/B", "A/:[1]:/:[2]:/B",
                     "A/:[99999999999999999999]:/B", "A/:[1x]:/B", "A/:[ 1]:/B", "É/:[-1]:/B"] {
            #expect(RestorationPath(parsing: text) == nil, "\(text)")
        }
    }

    @Test("Paths made by appending, by reading and by going up to a parent are equal, hash alike and find each other")
    func pathsFindEachOther() throws {
        let built = RestorationPath(root: "Tabs").appending("Stack", atIndex: 2).appending("Page", atIndex: 41)
        let read = try #require(RestorationPath(parsing: "Tabs/:[2]:/Stack/:[41]:/Page"))
        #expect(built == read && built.hashValue == read.hashValue)
        #expect(built.description == read.description)
        let parent = try #require(read.parent)
        #expect(parent == RestorationPath(root: "Tabs").appending("Stack", atIndex: 2))
        #expect(parent.description == "Tabs/:[2]:/Stack")
        #expect(parent.parent == RestorationPath(root: "Tabs"))
        #expect(RestorationPath(root: "Tabs").parent == nil)
        let table: [RestorationPath: Int] = [built: 1, parent: 2]
        let parentRead = try #require(RestorationPath(parsing: "Tabs/:[2]:/Stack"))
        #expect(table[read] == 1 && table[parentRead] == 2)
        #expect(table[RestorationPath(root: "Tabs").appending("Stack", atIndex: 3)] == nil)
    }

    @Test("Identifiers Swift takes for equal (a Kelvin sign and a K, é written two ways) make equal paths, as they always did")
    func equivalentIdentifiers() throws {
        let pairs = [("K", "\u{212A}"), ("\u{E9}", "e\u{301}")]
        for (first, second) in pairs {
            let a = RestorationPath(root: "Root").appending(first, atIndex: 0)
            let b = try #require(RestorationPath(parsing: "Root/:[0]:/\(second)"))
            #expect(a == b && a.hashValue == b.hashValue)
            #expect(Set([a]).contains(b))
        }
    }

    /// An archive of `paths`, each a controller with a little state and a restoration class.
    private static func archive(_ paths: [RestorationPath]) -> StateArchive {
        var classes: [RestorationPath: String] = [:]
        for path in paths { classes[path] = "App.PageViewController" }
        return StateArchive(topLevel: ["UIApplicationStateRestorationBundleVersion": "1"], restorationClassMap: classes, entries: paths.enumerated().map { index, path in
            StateArchive.Entry(path: path, kind: .viewController, className: "App.PageViewController",
                               state: ["title": .string("Page \(index)"), "counter": .integer(Int64(index))])
        })
    }

    @Test("The archive's bytes are those of its property list, also when two paths are written alike")
    func archiveBytes() throws {
        let many = (0 ..< 500).map { RestorationPath(root: "Tabs").appending("Stack", atIndex: $0 % 5).appending("Page", atIndex: $0) }
        let archive = Self.archive(many + [RestorationPath(root: "Tabs")] + many.prefix(5).compactMap(\.parent))
        #expect(archive.encoded() == BinaryPropertyList.encode(archive.propertyList))
        // An identifier with a slash in it, and the path it reads like: one key in a dictionary.
        let alike = Self.archive([RestorationPath(root: "a/b"), RestorationPath(root: "a").appending("b"), RestorationPath(root: "a")])
        #expect(alike.encoded() == BinaryPropertyList.encode(alike.propertyList))
        let spelledTwoWays = Self.archive([RestorationPath(root: "\u{E9}"), RestorationPath(root: "e\u{301}")])
        #expect(spelledTwoWays.encoded() == BinaryPropertyList.encode(spelledTwoWays.propertyList))
        // And it reads back as written.
        let read = try StateArchive(data: archive.encoded())
        #expect(read.entries.map(\.path.description) == archive.entries.map(\.path.description))
        #expect(read == archive)
    }
}
