import Captures
import Foundation
import RestorationKit
import Testing
@testable import Runner

/// What counts as lost, on screens built by hand: what the user had and no longer has, said once.
struct LostStateTests {
    static func screen(_ children: [ScreenElement], _ chain: [ScreenController] = [ScreenController(name: "UINavigationController"), ScreenController(name: "NoteViewController")]) -> Screen {
        Screen(content: ScreenElement(role: .window, children: children), chain: chain)
    }

    static func bar(_ title: String, buttons: [ScreenElement] = []) -> ScreenElement {
        ScreenElement(role: .navigationBar, properties: [.init("title", title)], children: buttons)
    }

    static func field(_ text: String) -> ScreenElement {
        ScreenElement(role: .textField, name: "Name", properties: [.init("text", text), .init("placeholder", "Name")])
    }

    @Test("What appeared after the relaunch is never lost; what the user typed is, by its kind")
    func appearancesAreNotLost() {
        let before = Self.screen([Self.bar("Note"), Self.field("Rusty Spork")])
        let after = Self.screen([Self.bar("Note", buttons: [ScreenElement(role: .barButton, properties: [.init("title", "Edit")])]),
                                 Self.field(""), ScreenElement(role: .table)])
        let lost = LostState.between(before, after)
        #expect(lost.map(\.description) == [#"Name field: "Rusty Spork" → """#])
        #expect(lost.map(\.kind) == [.text])
        #expect(lost.first?.controller == StateLoss.Controller(name: "NoteViewController"))
        #expect(lost.first?.place == StateLoss.Place(before: [1], after: [1]))
    }

    @Test("Another screen coming back is one loss naming both screens, not a list of what differs beneath")
    func screenSaidOnce() {
        let before = Self.screen([Self.bar("Rusty Spork"), Self.field("Rusty Spork")],
                                 [ScreenController(name: "UINavigationController", restorationPath: "Nav"),
                                  ScreenController(name: "DetailViewController", restorationPath: "Nav/:[1]:/Detail")])
        let after = Self.screen([Self.bar("Homepwner"), ScreenElement(role: .table)],
                                [ScreenController(name: "UINavigationController", restorationPath: "Nav"), ScreenController(name: "ItemsViewController")])
        let lost = LostState.between(before, after)
        #expect(lost.map(\.description) == [#"the screen: comes back on "Homepwner" instead of "Rusty Spork""#])
        #expect(lost.first?.controller == StateLoss.Controller(name: "DetailViewController", restorationPath: "Nav/:[1]:/Detail"))
    }

    @Test("An element that showed nothing (an empty label) and went is not something the user had")
    func emptyIsNotLost() {
        let empty = ScreenElement(role: .label, identifier: "Compared", properties: [.init("text", "")])
        let before = Self.screen([Self.bar("Thrift"), Self.field("M. Pryor"), empty])
        let after = Self.screen([Self.bar("Thrift"), Self.field("")])
        #expect(LostState.between(before, after).map(\.description) == [#"Name field: "M. Pryor" → """#])
    }

    @Test("Another class under the same title is the same screen to the user: what differs is said element by element, never 'comes back on X instead of X'")
    func sameTitleOtherClass() {
        let switchOn = ScreenElement(role: .switch, identifier: "Study", properties: [.init("value", "on")])
        let switchOff = ScreenElement(role: .switch, identifier: "Study", properties: [.init("value", "off")])
        let before = Self.screen([Self.bar("Thrift"), switchOn], [ScreenController(name: "UINavigationController"), ScreenController(name: "PlantViewController")])
        let after = Self.screen([Self.bar("Thrift"), switchOff], [ScreenController(name: "UINavigationController"), ScreenController(name: "PlantSheetViewController")])
        let lost = LostState.between(before, after)
        #expect(!lost.contains { $0.kind == .screen }, "\(lost.map(\.description))")
        #expect(lost.count == 1)
    }

    @Test("A container of the app's own that came back without its parts is the same screen: what the parts showed is lost, not the screen")
    func containerWithoutItsParts() {
        let label = { (text: String) in ScreenElement(role: .label, name: "Collected", properties: [.init("text", text)]) }
        let before = Self.screen([Self.bar("Compare"), label("Salt marsh"), label("Oak wood")],
                                 [ScreenController(name: "UINavigationController", restorationPath: "Nav"),
                                  ScreenController(name: "CompareViewController", restorationPath: "Nav/:[1]:/Compare"),
                                  ScreenController(name: "PlantViewController", restorationPath: "Nav/:[1]:/Compare/Left", embedded: true),
                                  ScreenController(name: "PlantViewController", restorationPath: "Nav/:[1]:/Compare/Right", embedded: true)])
        let after = Self.screen([Self.bar("Compare")],
                                [ScreenController(name: "UINavigationController", restorationPath: "Nav"),
                                 ScreenController(name: "CompareViewController", restorationPath: "Nav/:[1]:/Compare")])
        let lost = LostState.between(before, after)
        #expect(!lost.contains { $0.kind == .screen }, "\(lost.map(\.description))")
        #expect(lost.count == 2 && lost.allSatisfy { $0.kind == .content })
        // Another screen altogether is still one loss, named by the screen's controller.
        let shelf = Self.screen([Self.bar("Shelf")], [ScreenController(name: "UINavigationController", restorationPath: "Nav"),
                                                     ScreenController(name: "ShelfViewController", restorationPath: "Nav/:[0]:/Shelf")])
        #expect(LostState.between(before, shelf).map(\.description) == [#"the screen: comes back on "Shelf" instead of "Compare""#])
        #expect(LostState.between(before, shelf).first?.controller?.name == "CompareViewController")
    }

    @Test("A label that appeared after the relaunch does not take the place of an identified one after it")
    func appearedLabelDoesNotShiftPairing() {
        let label = { (identifier: String, text: String) in ScreenElement(role: .label, identifier: identifier, properties: [.init("text", text)]) }
        let before = Self.screen([Self.bar("Compare"), label("Collected", "Salt marsh"), label("Collected", "Oak wood")])
        let after = Self.screen([Self.bar("Compare"), label("Collected", "Salt marsh"), label("FoundBy", "Found by: restoration class"),
                                 label("Collected", "Oak wood")])
        #expect(LostState.between(before, after).isEmpty)
        let changed = Self.screen([Self.bar("Compare"), label("Collected", "Salt marsh"), label("FoundBy", "Found by: restoration class"),
                                   label("Collected", "Beech wood")])
        #expect(LostState.between(before, changed).map(\.description) == [#"Collected: "Oak wood" → "Beech wood""#])
    }

    @Test("An identified element that went is lost, not compared with an element of another identifier that came in its place")
    func anotherIdentifierIsAnotherElement() {
        let label = { (identifier: String?, text: String) in ScreenElement(role: .label, identifier: identifier, properties: [.init("text", text)]) }
        // The comparison's second page did not come back; the first page's "Found by" marker,
        // which only a page made at launch shows, came where its label was.
        let before = Self.screen([Self.bar("Compare"), label("Collected", "Salt marsh"), label("Collected", "Oak wood")])
        let after = Self.screen([Self.bar("Compare"), label("Collected", "Salt marsh"), label("FoundBy", "Found by: restoration class")])
        let lost = LostState.between(before, after)
        #expect(lost.map(\.description) == [#"Collected: "Oak wood" → nothing"#])
        #expect(lost.first?.place == StateLoss.Place(before: [2], after: nil))
        // A bar button named by its title is the same button when its title changes: the table's
        // editing mode is what was lost, not an Edit button that went.
        let button = { (title: String) in ScreenElement(role: .barButton, identifier: title, properties: [.init("title", title)]) }
        let editing = ScreenElement(role: .table, properties: [.init("editing", "yes")])
        let lostEditing = LostState.between(Self.screen([Self.bar("Homepwner", buttons: [button("Done")]), editing]),
                                            Self.screen([Self.bar("Homepwner", buttons: [button("Edit")]), ScreenElement(role: .table)]))
        #expect(lostEditing.map(\.kind) == [.editingMode], "\(lostEditing.map(\.description))")
    }

    @Test("A table at another offset showing the same rows kept its place; showing other rows, it lost it")
    func tableKeepsItsPlaceByRows() {
        func table(offset: String, rows: [String], selected: String) -> ScreenElement {
            ScreenElement(role: .table, properties: [.init("offset", offset)], children: rows.map { text in
                ScreenElement(role: .cell, properties: [.init("text", text)] + (text == selected ? [.init("selected", "yes")] : []))
            })
        }
        let left = Self.screen([Self.bar("Sightings"), table(offset: "(0, 528)", rows: ["Spoonbill", "Little egret"], selected: "Little egret")])
        // Two rows above went while the app was away: the same rows are on top, 88 points higher.
        let samePlace = Self.screen([Self.bar("Sightings"), table(offset: "(0, 440)", rows: ["Spoonbill", "Little egret"], selected: "Little egret")])
        #expect(LostState.between(left, samePlace).isEmpty)
        // Back at the old offset, the rows there are others: the place is lost, said once.
        let otherRows = Self.screen([Self.bar("Sightings"), table(offset: "(0, 528)", rows: ["Little egret", "Bee-eater"], selected: "")])
        let offsetOnly = Self.screen([Self.bar("Sightings"), table(offset: "(0, 0)", rows: ["Barn owl", "Grey heron"], selected: "")])
        #expect(LostState.between(left, offsetOnly).map(\.kind) == [.scrollPosition])
        #expect(!LostState.between(left, otherRows).isEmpty)
    }

    @Test("An alert up at Home that does not come back is not lost: it was a question, not the user's state")
    func alertIsNotState() {
        let alert = ScreenElement(role: .alert, name: "Leave Mull?", children: [ScreenElement(role: .button, properties: [.init("title", "Cancel")])])
        let before = Self.screen([Self.bar("Mull"), Self.field("Rusty Spork"), alert])
        #expect(LostState.between(before, Self.screen([Self.bar("Mull"), Self.field("Rusty Spork")])).isEmpty)
        #expect(LostState.between(before, Self.screen([Self.bar("Mull"), Self.field("")])).map(\.kind) == [.text])
    }

    @Test("Cosmetic differences (a placeholder, a button enabled or not) are not listed")
    func cosmeticsAreLeftOut() {
        let before = Self.screen([ScreenElement(role: .textField, name: "Name", properties: [.init("text", "x"), .init("placeholder", "Name")]),
                                  ScreenElement(role: .button, properties: [.init("title", "Save"), .init("enabled", "yes")])])
        let after = Self.screen([ScreenElement(role: .textField, name: "Name", properties: [.init("text", "x"), .init("placeholder", "Type a name")]),
                                 ScreenElement(role: .button, properties: [.init("title", "Save"), .init("enabled", "no")])])
        #expect(LostState.between(before, after).isEmpty)
    }

    @Test("A result.json holds typed losses with a schema version and reads back the same")
    func resultRoundTrips() throws {
        let loss = StateLoss(kind: .date, location: ["Reminder picker"], before: "2026-11-22 09:30", after: "2026-11-22 09:00",
                             controller: .init(name: "ReminderViewController", restorationPath: "Tabs/:[1]:/Reminder"), place: .init(before: [0], after: [0]))
        let result = ScenarioResult(scenario: "s", file: "f", app: "A", steps: [], lost: [loss], flicker: false,
                                    snapshotHides: [SnapshotVerdict.Hidden(location: ["balance"], place: [1])], launches: 2)
        let data = try JSONEncoder().encode(result)
        let json = try #require(JSONSerialization.jsonObject(with: data) as? [String: Any])
        #expect(json["schema"] as? Int == 2)
        let first = try #require((json["lost"] as? [[String: Any]])?.first)
        #expect(first["kind"] as? String == "date")
        #expect(first["said"] as? String == #"Reminder picker: "2026-11-22 09:30" → "2026-11-22 09:00""#)
        #expect(try JSONDecoder().decode(ScenarioResult.self, from: data) == result)
    }

    @Test("A hidden check's loss says its kind and the sort of element, never the values or names")
    func concealed() {
        let loss = StateLoss(kind: .date, location: ["Reminder", "Bedtime picker"], role: .datePicker, before: "2026-11-22 09:30", after: "2026-11-22 09:00").concealing()
        #expect(loss.description == "the date picked, in a date picker")
    }

    @Test("A snapshot that hides the balance and a first frame that shows it again: hides, no flicker")
    func snapshotHides() {
        let balance = ScreenElement(role: .label, identifier: "balance", properties: [.init("text", "$1,234.56")])
        let title = ScreenElement(role: .label, properties: [.init("text", "Available balance")])
        let left = Self.screen([Self.bar("Checking"), title, balance])
        let snapshot = Self.screen([Self.bar("Checking"), title])
        let verdict = SnapshotVerdict.judge(left: left, shown: snapshot, firstFrame: left)
        #expect(verdict.flicker == false)
        #expect(SnapshotVerdict.sentence(verdict.hides) == "the snapshot hides: Balance")
        // A snapshot of a screen the app did not come back to is a flicker.
        let list = Self.screen([Self.bar("Accounts")], [ScreenController(name: "UINavigationController"), ScreenController(name: "ListViewController")])
        #expect(SnapshotVerdict.judge(left: left, shown: left, firstFrame: list).flicker == true)
    }
}
