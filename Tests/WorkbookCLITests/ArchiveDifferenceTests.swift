import BinaryPropertyList
import Foundation
import Testing
import RestorationKit

/// `ArchiveDifference`: what changed between two archives, in the order and words of the dump.
struct ArchiveDifferenceTests {
    typealias Change = ArchiveDifference.Change

    private func lines(_ old: StateArchive, _ new: StateArchive) -> [String] {
        ArchiveDifference(from: old, to: new).changes.map(\.description)
    }

    @Test("Two archives holding the same state have no difference")
    func same() {
        #expect(ArchiveDifference(from: Archives.navigation(), to: Archives.navigation()).isEmpty)
        #expect(ArchiveDifference(from: StateArchive(), to: StateArchive()).isEmpty)
    }

    @Test("A pushed controller shows as an added object and its restoration class; popping it, as removed")
    func objectsAddedAndRemoved() {
        let pushed = ArchiveDifference(from: Archives.navigation(showing: nil), to: Archives.navigation())
        #expect(pushed.changes == [
            .restorationClassChanged(path: Archives.detail, from: nil, to: "Homepwner.DetailViewController"),
            .objectAdded(Archives.navigation().entry(at: Archives.detail)!),
        ])
        #expect(pushed.changes.map(\.description) == [
            "+ Restoration class map  Nav/:[1]:/Detail = Homepwner.DetailViewController",
            "+ [View Controller] Nav/:[1]:/Detail (Class: Homepwner.DetailViewController)",
        ])
        #expect(lines(Archives.navigation(), Archives.navigation(showing: nil)) == [
            "- Restoration class map  Nav/:[1]:/Detail = Homepwner.DetailViewController",
            "- [View Controller] Nav/:[1]:/Detail (Class: Homepwner.DetailViewController)",
        ])
    }

    @Test("Keys added, removed and changed are listed per object, text quoted so an emptied field shows")
    func keys() {
        #expect(lines(Archives.navigation(showing: "A1"), Archives.navigation(showing: "B2"))
            == [#"~ Nav/:[1]:/Detail  item.itemKey: "A1" → "B2""#])
        #expect(lines(Archives.navigation(showing: "Rusty Spork"), Archives.navigation(showing: ""))
            == [#"~ Nav/:[1]:/Detail  item.itemKey: "Rusty Spork" → """#])

        var old = Archives.navigation(), new = Archives.navigation()
        old = edit(old, at: Archives.nav) { $0["TableViewIsEditing"] = .boolean(false) }
        new = edit(new, at: Archives.nav) {
            $0["kViewControllerViewWasLoadedKey"] = nil
            $0["selection"] = .array([.integer(2), .string("x")])
        }
        let difference = ArchiveDifference(from: old, to: new)
        #expect(difference.changes == [
            .keyRemoved(.object(Archives.nav), key: "TableViewIsEditing", value: .boolean(false)),
            .keyRemoved(.object(Archives.nav), key: "kViewControllerViewWasLoadedKey", value: .boolean(true)),
            .keyAdded(.object(Archives.nav), key: "selection", value: .array([.integer(2), .string("x")])),
        ])
        // Values other than text read as the dump shows them.
        #expect(difference.changes.map(\.description) == [
            "- Nav  TableViewIsEditing: No",
            "- Nav  kViewControllerViewWasLoadedKey: Yes",
            #"+ Nav  selection: (2, "x")"#,
        ])
    }

    @Test("The top-level block is compared as an owner of keys of its own")
    func topLevel() {
        var updated = Archives.navigation()
        updated.topLevel = Archives.topLevel(bundleVersion: "2")
        updated.topLevel["catalogue"] = .string("2026")
        updated.topLevel[UIApplication.stateRestorationUserInterfaceIdiomKey] = .integer(1)
        #expect(lines(Archives.navigation(), updated) == [
            #"~ Top Level  UIApplicationStateRestorationBundleVersion: "1" → "2""#,
            "~ Top Level  UIApplicationStateRestorationUserInterfaceIdiom: iPhone → iPad",
            #"+ Top Level  catalogue: "2026""#,
        ])
    }

    @Test("A version change comes first; restoration class changes say from what to what")
    func versionAndClassMap() {
        var old = Archives.navigation()
        old.minorVersion = 0
        var new = Archives.navigation()
        new.restorationClassMap[Archives.detail] = "Homepwner.ItemDetailViewController"
        #expect(lines(old, new) == [
            "~ archive version 2.0 → 2.1",
            "~ Restoration class map  Nav/:[1]:/Detail: Homepwner.DetailViewController → Homepwner.ItemDetailViewController",
        ])
    }

    @Test("Another class at the same path is a class change, both named as the runtime names them (an app's with its module)")
    func classChanges() {
        let renamed = rename(Archives.navigation(), detailClass: "Homepwner.ItemViewController")
        #expect(lines(Archives.navigation(), renamed) == [
            "~ [View Controller] Nav/:[1]:/Detail (Class: Homepwner.DetailViewController → Homepwner.ItemViewController)",
        ])
        let nextStep = rename(Archives.navigation(), detailClass: "Homepwner6.DetailViewController")
        #expect(lines(Archives.navigation(), nextStep) == [
            "~ [View Controller] Nav/:[1]:/Detail (Class: Homepwner.DetailViewController → Homepwner6.DetailViewController)",
        ])
    }

    @Test("A view where a controller was is another object: removed, then added")
    func kindChange() {
        let entries = Archives.navigation().entries.map { entry in
            entry.path == Archives.detail ? StateArchive.Entry(path: entry.path, kind: .view, className: "RestorationKit.UITableView", state: [:]) : entry
        }
        let new = StateArchive(topLevel: Archives.topLevel(), restorationClassMap: Archives.navigation().restorationClassMap, entries: entries)
        #expect(lines(Archives.navigation(), new) == [
            "- [View Controller] Nav/:[1]:/Detail (Class: Homepwner.DetailViewController)",
            "+ [View] Nav/:[1]:/Detail (Class: UITableView)",
        ])
    }

    @Test("Objects come parents first, whatever order they were written in")
    func parentsFirst() {
        let deep = Archives.detail.appending("Table")
        let new = StateArchive(topLevel: [:], entries: [
            .init(path: deep, kind: .view, className: "RestorationKit.UITableView", state: [:]),
            .init(path: Archives.detail, kind: .viewController, className: "App.Detail", state: [:]),
            .init(path: Archives.nav, kind: .viewController, className: "RestorationKit.UINavigationController", state: [:]),
        ])
        let added = ArchiveDifference(from: StateArchive(topLevel: [:], entries: []), to: new).changes.compactMap { change -> String? in
            if case .objectAdded(let entry) = change { entry.path.description } else { nil }
        }
        #expect(added == ["Nav", "Nav/:[1]:/Detail", "Nav/:[1]:/Detail/Table"])
    }

    @Test("Each change knows its sign, the first character of its line")
    func signs() {
        let changes: [(Change, ArchiveDifference.Sign)] = [
            (.keyAdded(.topLevel, key: "k", value: .integer(1)), .added),
            (.keyRemoved(.topLevel, key: "k", value: .integer(1)), .removed),
            (.keyChanged(.topLevel, key: "k", from: .integer(1), to: .integer(2)), .changed),
            (.restorationClassChanged(path: Archives.nav, from: nil, to: "A"), .added),
            (.restorationClassChanged(path: Archives.nav, from: "A", to: nil), .removed),
            (.restorationClassChanged(path: Archives.nav, from: "A", to: "B"), .changed),
        ]
        for (change, sign) in changes {
            #expect(change.sign == sign)
            #expect(change.description.hasPrefix(sign.rawValue + " "))
        }
    }

    private func edit(_ archive: StateArchive, at path: RestorationPath, _ change: (inout [String: PropertyListValue]) -> Void) -> StateArchive {
        let entries = archive.entries.map { entry in
            var entry = entry
            if entry.path == path { change(&entry.state) }
            return entry
        }
        return StateArchive(topLevel: archive.topLevel, restorationClassMap: archive.restorationClassMap, entries: entries)
    }

    private func rename(_ archive: StateArchive, detailClass: String) -> StateArchive {
        let entries = archive.entries.map { entry in
            var entry = entry
            if entry.path == Archives.detail { entry.className = detailClass }
            return entry
        }
        return StateArchive(topLevel: archive.topLevel, restorationClassMap: archive.restorationClassMap, entries: entries)
    }
}
