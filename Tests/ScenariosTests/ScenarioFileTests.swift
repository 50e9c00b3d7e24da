import Testing
@testable import Scenarios

@Suite("Files: header, steps, locations, line endings")
struct ScenarioFileTests {
    static let example = """
    # Homepwner, step 5: edits typed in the detail screen survive a kill.
    scenario "Edit an item and come back"
    app homepwner-step5
    tags: editing, text-field
    points 2

    launch
    tap row 0                          # open the first item
    clear Name
    type "Rusty Spork" into Name
    press home
    expect archive has "item.itemKey" at "UINavigationController/:[1]:/DetailViewController"
    kill
    launch
    expect restored
    expect Name is "Rusty Spork"
    expect no flicker
    """

    @Test("developer mode is a header: the device keeps archives after failed restorations")
    func developerMode() throws {
        let scenario = try #require(parsed("developer mode\nlaunch\n"))
        #expect(scenario.metadata.developerMode)
        #expect(try #require(parsed("launch\n")).metadata.developerMode == false)
        let errors = fileErrors("developer\nlaunch\n")
        #expect(errors.first?.message.contains("'mode'") == true, "\(errors.map(\.message))")
    }

    @Test("a complete scenario: name, metadata, steps with their lines, columns and text")
    func complete() throws {
        let scenario = try #require(parsed(Self.example, file: "chapter24/scenarios/edit.scenario"))
        #expect(scenario.name == "Edit an item and come back")
        #expect(scenario.file == "chapter24/scenarios/edit.scenario")
        #expect(scenario.metadata == ScenarioMetadata(app: "homepwner-step5", tags: ["editing", "text-field"], isHidden: false, points: 2))
        #expect(scenario.steps.count == 11)
        #expect(scenario.actions.count == 7)
        #expect(scenario.expectations.count == 4)
        let tap = scenario.steps[1]
        #expect(tap.kind == .perform(.tap(.row(RowPosition(row: 0), in: nil))))
        #expect(tap.location.description == "chapter24/scenarios/edit.scenario:8:1")
        #expect(tap.text == "tap row 0")
        #expect(tap.description == "tap row 0")
        #expect(scenario.steps.last?.location.line == 17)
        #expect(scenario.summary == "Edit an item and come back: 7 steps, 4 expectations")
    }

    @Test("without a scenario line the name comes from the file")
    func defaultName() throws {
        #expect(parsed("launch", file: "chapter24/scenarios/kill-and-relaunch.scenario")?.name == "kill-and-relaunch")
        #expect(parsed("launch", file: "other.txt")?.name == "other.txt")
    }

    @Test("hidden scenarios, quoted app names, tags separated by spaces")
    func metadata() throws {
        let scenario = try #require(parsed("hidden\napp \"HypnoNerd Solution\"\ntags a b, c\nlaunch"))
        #expect(scenario.metadata.isHidden)
        #expect(scenario.metadata.app == "HypnoNerd Solution")
        #expect(scenario.metadata.tags == ["a", "b", "c"])
    }

    @Test("CRLF, CR, a byte order mark and tabs read the same as plain LF")
    func lineEndings() throws {
        let plain = try #require(parsed("launch\ntap Save\n\texpect screen shows \"Saved\"\n"))
        let crlf = try #require(parsed("\u{FEFF}launch\r\ntap Save\r\n\texpect screen shows \"Saved\"\r\n"))
        let cr = try #require(parsed("launch\rtap Save\r\texpect screen shows \"Saved\""))
        #expect(crlf.steps == plain.steps)
        #expect(cr.steps == plain.steps)
        #expect(plain.steps[2].location.column == 2)
        // The BOM is not a column: the first step is at 1:1.
        #expect(crlf.steps[0].location.description == "t.scenario:1:1")
        // A blank line with CRLF still counts as one line.
        let blank = try #require(parsed("launch\r\n\r\n\r\ntap Save"))
        #expect(blank.steps[1].location.line == 4)
    }

    @Test("columns count characters, not bytes")
    func columns() {
        let errors = fileErrors("launch\ntype \"héllo 🙂\" into Nàme oops")
        #expect(errors.map(at) == ["2:26"])
    }

    @Test("parsing from bytes and from a file on disk")
    func bytesAndFiles() throws {
        let scenario = try ScenarioParser.parse(bytes: Array("launch\ntap Save\n".utf8), file: "b.scenario")
        #expect(scenario.steps.count == 2)
        let url = URL(fileURLWithPath: NSTemporaryDirectory()).appendingPathComponent("scenarios-test-\(UUID().uuidString).scenario")
        try Data("launch\npress home\n".utf8).write(to: url)
        defer { try? FileManager.default.removeItem(at: url) }
        let fromDisk = try ScenarioParser.parse(contentsOf: url, file: "disk.scenario")
        #expect(fromDisk.actions == [.launch, .pressHome])
        #expect(fromDisk.steps[1].location.description == "disk.scenario:2:1")
        do {
            _ = try ScenarioParser.parse(contentsOf: url.appendingPathExtension("missing"), file: "missing.scenario")
            Issue.record("a missing file parsed")
        } catch {
            #expect(error.errors.first?.description.hasPrefix("missing.scenario: error: cannot read the scenario") == true)
        }
    }

    @Test("parseStep refuses header lines and several lines")
    func singleStep() {
        #expect(lineError("hidden")?.message == "'hidden' is a header line of a scenario file, not a step")
        #expect(throws: ScenarioErrors.self) { try ScenarioParser.parseStep("launch\ntap Save") }
    }
}

import Foundation
