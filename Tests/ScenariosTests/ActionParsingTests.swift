import Testing
@testable import Scenarios

@Suite("Actions: every kind of step parses to the right value")
struct ActionParsingTests {
    @Test("the app's life: launch, home, return, kill, force quit, crash, update, wait, a full disk")
    func lifecycle() {
        #expect(action("launch") == .launch)
        #expect(action("press home") == .pressHome)
        #expect(action("press Home") == .pressHome)
        #expect(action("return to the app") == .returnToApp)
        #expect(action("return to app") == .returnToApp)
        #expect(action("kill") == .kill)
        #expect(action("force quit") == .forceQuit)
        #expect(action("crash") == .crash)
        #expect(action("crash during restoration") == .crashDuringRestoration)
        #expect(action("update to version 2") == .update(version: "2"))
        #expect(action("update to version 2.1.0") == .update(version: "2.1.0"))
        #expect(action("update to version \"2.0 beta\"") == .update(version: "2.0 beta"))
        #expect(action("wait 5 minutes") == .wait(ScenarioDuration(5, .minutes)))
        #expect(action("wait 30 seconds") == .wait(ScenarioDuration(30, .seconds)))
        #expect(action("wait 1 second") == .wait(ScenarioDuration(1, .seconds)))
        #expect(action("wait 2 hours") == .wait(ScenarioDuration(2, .hours)))
        #expect(action("wait 1 day") == .wait(ScenarioDuration(1, .days)))
        #expect(ScenarioDuration(5, .minutes).seconds == 300)
        #expect(action("fill the disk") == .fillDisk)
        #expect(action("fill disk") == .fillDisk)
    }

    @Test("keywords ignore case; identifiers keep it")
    func caseOfKeywords() {
        #expect(action("TAP Save") == .tap(.identifier("Save")))
        #expect(action("Tap save") == .tap(.identifier("save")))
        #expect(action("Press HOME") == .pressHome)
    }

    @Test("tap: identifiers, titles, explicit ids, rows, tabs")
    func tap() {
        #expect(action("tap Save") == .tap(.identifier("Save")))
        #expect(action("tap \"Save\"") == .tap(.title("Save")))
        #expect(action("tap id \"save button\"") == .tap(.identifier("save button")))
        #expect(action("tap id \"row\"") == .tap(.identifier("row")))
        #expect(action("tap row 2") == .tap(.row(RowPosition(row: 2), in: nil)))
        #expect(action("tap row 2 section 1 in Items") == .tap(.row(RowPosition(row: 2, section: 1), in: .identifier("Items"))))
        #expect(action("tap row 3 of Items") == .tap(.row(RowPosition(row: 3), in: .identifier("Items"))))
        #expect(action("tap Edit") == .tap(.identifier("Edit")))
        #expect(action("tap UINavigationController.detail-2_x") == .tap(.identifier("UINavigationController.detail-2_x")))
        #expect(action("tap tab \"Hypnotize\"") == .chooseTab(.title("Hypnotize")))
        #expect(action("tap tab 1") == .chooseTab(.index(1)))
        #expect(action("tap \"Ça va 🙂\"") == .tap(.title("Ça va 🙂")))
    }

    @Test("type, clear and toggle take a field or a switch")
    func fields() {
        #expect(action("type \"Rusty Spork\" into Name") == .type("Rusty Spork", into: .identifier("Name")))
        #expect(action("type \"Rusty\" into \"Name\"") == .type("Rusty", into: .title("Name")))
        #expect(action(#"type "a \"quoted\" \\ word\n" into Name"#) == .type("a \"quoted\" \\ word\n", into: .identifier("Name")))
        #expect(action("type \"\" into Name") == .type("", into: .identifier("Name")))
        #expect(action("clear Name") == .clear(.identifier("Name")))
        #expect(action("toggle Notifications") == .toggle(.identifier("Notifications")))
    }

    @Test("select, delete and move rows")
    func rows() {
        #expect(action("select row 0") == .select(.row(RowPosition(row: 0), in: nil)))
        #expect(action("select \"Rusty Spork\"") == .select(.title("Rusty Spork")))
        #expect(action("select row 4 in Items") == .select(.row(RowPosition(row: 4), in: .identifier("Items"))))
        #expect(action("delete row 2") == .deleteRow(.row(RowPosition(row: 2), in: nil)))
        #expect(action("delete \"Rusty Spork\"") == .deleteRow(.title("Rusty Spork")))
        #expect(action("move row 0 to row 3") == .moveRow(.row(RowPosition(row: 0), in: nil), to: RowPosition(row: 3)))
        #expect(action("move row 0 in Items to row 3 section 1") == .moveRow(.row(RowPosition(row: 0), in: .identifier("Items")), to: RowPosition(row: 3, section: 1)))
        #expect(action("move \"Rusty Spork\" to row 0") == .moveRow(.title("Rusty Spork"), to: RowPosition(row: 0)))
    }

    @Test("scroll to an offset or to a row, with or without naming the table")
    func scroll() {
        #expect(action("scroll Items to 240") == .scroll(.identifier("Items"), to: .offset(x: 0, y: 240)))
        #expect(action("scroll Items to 10, 240") == .scroll(.identifier("Items"), to: .offset(x: 10, y: 240)))
        #expect(action("scroll Items to (10, 240.5)") == .scroll(.identifier("Items"), to: .offset(x: 10, y: 240.5)))
        #expect(action("scroll to 240") == .scroll(nil, to: .offset(x: 0, y: 240)))
        #expect(action("scroll Items to row 30") == .scroll(.identifier("Items"), to: .row(RowPosition(row: 30))))
        #expect(action("scroll to row 30") == .scroll(nil, to: .row(RowPosition(row: 30))))
        #expect(action("scroll to row 30 in Items") == .scroll(.identifier("Items"), to: .row(RowPosition(row: 30))))
        #expect(action("scroll id \"to\" to 5") == .scroll(.identifier("to"), to: .offset(x: 0, y: 5)))
    }

    @Test("pick a date (UTC), in every accepted spelling")
    func pick() {
        let date = ScenarioDate(year: 2026, month: 11, day: 22, hour: 9, minute: 30)!
        #expect(action("pick 2026-11-22 09:30 in Due") == .pick(date, in: .identifier("Due")))
        #expect(action("pick 2026-11-22 9:30 in Due") == .pick(date, in: .identifier("Due")))
        #expect(action("pick 2026-11-22 09:30 UTC in Due") == .pick(date, in: .identifier("Due")))
        #expect(action("pick 2026-11-22T09:30Z in Due") == .pick(date, in: .identifier("Due")))
        #expect(action("pick 2026-11-22 09:30:15 in Due") == .pick(ScenarioDate(year: 2026, month: 11, day: 22, hour: 9, minute: 30, second: 15)!, in: .identifier("Due")))
        #expect(action("pick 2026-11-22 in Due") == .pick(ScenarioDate(year: 2026, month: 11, day: 22)!, in: .identifier("Due")))
        #expect(action("pick 2028-02-29 00:00 in Due") == .pick(ScenarioDate(year: 2028, month: 2, day: 29)!, in: .identifier("Due")))
    }

    @Test("a date is a moment in UTC")
    func dateMoment() {
        #expect(ScenarioDate(year: 1970, month: 1, day: 1)!.secondsSince1970 == 0)
        #expect(ScenarioDate(year: 2026, month: 11, day: 22, hour: 9, minute: 30)!.secondsSince1970 == 1_795_339_800)
        #expect(ScenarioDate(year: 2000, month: 3, day: 1)!.secondsSince1970 == 951_868_800)
        #expect(ScenarioDate(year: 1969, month: 12, day: 31, hour: 23, minute: 59, second: 59)!.secondsSince1970 == -1)
        #expect(ScenarioDate(year: 2026, month: 2, day: 30) == nil)
        #expect(ScenarioDate(year: 2100, month: 2, day: 29) == nil)
        #expect(ScenarioDate(year: 2000, month: 2, day: 29) != nil)
        #expect(ScenarioDate(year: 2026, month: 11, day: 22, hour: 9, minute: 30)!.description == "2026-11-22 09:30")
    }

    @Test("slide, choose a segment, choose a tab")
    func controls() {
        #expect(action("slide Volume to 0.8") == .slide(.identifier("Volume"), to: 0.8))
        #expect(action("slide Volume to -3") == .slide(.identifier("Volume"), to: -3))
        #expect(action("slide Volume to 100") == .slide(.identifier("Volume"), to: 100))
        #expect(action("choose \"Tokyo\" in City") == .chooseSegment(.title("Tokyo"), in: .identifier("City")))
        #expect(action("choose segment 2 in City") == .chooseSegment(.index(2), in: .identifier("City")))
        #expect(action("choose tab \"Hypnotize\"") == .chooseTab(.title("Hypnotize")))
        #expect(action("choose tab 0") == .chooseTab(.index(0)))
    }

    @Test("slide, pick and choose may leave out the control when the screen has only one")
    func onlyControl() {
        #expect(action("slide to 0.8") == .slide(nil, to: 0.8))
        #expect(action("pick 2026-11-22 09:30") == .pick(ScenarioDate(year: 2026, month: 11, day: 22, hour: 9, minute: 30)!, in: nil))
        #expect(action("pick 2026-11-22 09:30 IN Due") == .pick(ScenarioDate(year: 2026, month: 11, day: 22, hour: 9, minute: 30)!, in: .identifier("Due")))
        #expect(action("choose \"Tokyo\"") == .chooseSegment(.title("Tokyo"), in: nil))
        #expect(action("choose segment 1") == .chooseSegment(.index(1), in: nil))
        #expect(action("slide id \"to\" to 1") == .slide(.identifier("to"), to: 1))
    }

    @Test("navigation: go back, dismiss")
    func navigation() {
        #expect(action("go back") == .goBack)
        #expect(action("dismiss") == .dismiss)
    }

    @Test("comments, blank lines and whitespace")
    func comments() throws {
        #expect(action("tap Save   # the button at the top") == .tap(.identifier("Save")))
        #expect(action("\t tap\tSave\t") == .tap(.identifier("Save")))
        #expect(action("tap \"# not a comment\"") == .tap(.title("# not a comment")))
        #expect(action("tap Save# glued") == .tap(.identifier("Save")))
        #expect(try ScenarioParser.parseStep("   # only a comment") == nil)
        #expect(try ScenarioParser.parseStep("") == nil)
        let step = try? ScenarioParser.parseStep("  tap   Save  # why", file: "x.scenario", line: 4)
        #expect(step?.text == "tap   Save")
        #expect(step?.location == Scenarios.SourceLocation(file: "x.scenario", line: 4, column: 3))
    }
}
