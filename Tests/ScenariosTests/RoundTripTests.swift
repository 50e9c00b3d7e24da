import Testing
@testable import Scenarios

@Suite("Printing: canonical text, and parse → print → parse gives the same scenario")
struct RoundTripTests {
    /// One of every step, in the spelling the printer uses.
    static let canonical = """
    scenario "Every step \\"at once\\""
    app homepwner-step6
    tags editing, every-step
    points 3
    hidden
    developer mode

    expect no archive
    launch
    expect fresh launch
    tap Save
    expect crash
    launch
    tap Save
    expect crash "cannot store"
    launch
    tap Save
    tap "Save"
    tap id "save button"
    tap id "row"
    tap id "Screen"
    tap row 2
    tap row 2 section 1 in Items
    type "Rusty \\"Spork\\" \\\\ \\n\\t" into Name
    type "Rusty" into "Name"
    clear Name
    toggle Notifications
    select row 0
    select "Rusty Spork"
    scroll Items to 240
    scroll Items to (10, 240.5)
    scroll to row 30
    scroll id "to" to row 3 section 2
    scroll Items to -20
    delete row 2 in Items
    delete "Rusty Spork"
    move row 0 to row 3
    move row 0 in Items to row 1 section 1
    pick 2026-11-22 09:30 in Due
    pick 2026-11-22 09:30:15 in Due
    slide Volume to 0.8
    slide Volume to -0.000001
    slide to 1
    choose "Tokyo" in City
    choose segment 2 in City
    choose "Tokyo"
    choose segment 0
    pick 2026-01-01 00:00
    choose tab "Hypnotize"
    choose tab 1
    go back
    dismiss
    expect screen shows "Rusty Spork"
    expect screen shows Name
    expect screen does not show "Error"
    expect Name is "Rusty Spork"
    expect Name is not ""
    expect Volume is 0.8
    expect Due is 2026-11-22 09:30
    expect Items is scrolled to 240
    expect Items is scrolled to (3, 4)
    expect row 2 in Items is selected
    expect row 3 is not selected
    expect Notifications is on
    expect Items is editing
    expect id "log" is "x"
    expect selected tab is "Hypnotize"
    expect selected tab is 0
    expect log contains "Can't find"
    expect log does not contain "deprecated"
    expect archive has "item.itemKey" at "UINavigationController/:[1]:/DetailViewController"
    expect archive has "appVersion"
    expect archive has path "UINavigationController"
    expect archive does not have path "UINavigationController/UINavigationController"
    press home
    expect snapshot shows "Rusty Spork"
    expect snapshot does not show "4111"
    expect cause contains "Nothing recreated"
    expect cause does not contain "Two objects"
    wait 5 minutes
    wait 1 second
    return to the app
    press home
    kill
    update to version 2.1
    update to version "2.0 beta"
    launch
    expect restored
    expect lost
    expect lost "Name field"
    expect flicker
    expect no flicker
    crash
    crash during restoration
    fill the disk
    launch
    force quit

    """

    @Test("the printer prints a canonical file exactly as written")
    func canonicalIsStable() throws {
        let scenario = try #require(parsed(Self.canonical, file: "every.scenario"))
        #expect(ScenarioPrinter.format(scenario) == Self.canonical)
        for step in scenario.steps {
            #expect(step.description == step.text)
        }
    }

    @Test("every kind of action and expectation appears in the canonical file")
    func coverage() throws {
        let scenario = try #require(parsed(Self.canonical))
        var actions = Set<String>()
        var expectations = Set<String>()
        for step in scenario.steps {
            switch step.kind {
            case .perform(let action): actions.insert(StepOrderChecker.name(of: action))
            case .expect(let expectation): expectations.insert(StepOrderChecker.name(of: expectation))
            }
        }
        #expect(actions.count == 23)  // 24 cases: chooseSegment and chooseTab share "choose"
        #expect(expectations.count == 18)  // is and is not share a name, as do archive has and does not have
    }

    @Test("a scenario in loose spelling prints canonically and parses back to the same steps")
    func looseSpelling() throws {
        let loose = """
        \u{FEFF}# comments go away
        Scenario "Loose"\r
        APP: "my app"\r
        tags:  a ,b\r
        \r
          LAUNCH            # first
        Tap   tab   "Hypnotize"
        type "x" into   Name
        select row 3 of Items
        scroll to row 4 in Items
        scroll Items to 0, 12.50
        pick 2026-01-02T03:04Z in Due
        pick 2026-01-02 3:04 UTC in Due
        slide Volume to +0.50
        Press Home
        Return To App
        Wait 2 Minutes
        press home
        return to the app
        expect Notifications is OFF
        """
        let first = try #require(parsed(loose))
        let printed = ScenarioPrinter.format(first)
        let second = try #require(parsed(printed))
        #expect(second.name == first.name)
        #expect(second.metadata == first.metadata)
        #expect(second.kinds == first.kinds)
        #expect(ScenarioPrinter.format(second) == printed)
        #expect(printed.contains("choose tab \"Hypnotize\"\n"))
        #expect(printed.contains("select row 3 in Items\n"))
        #expect(printed.contains("scroll Items to row 4\n"))
        #expect(printed.contains("scroll Items to 12.5\n"))
        #expect(printed.contains("pick 2026-01-02 03:04 in Due\npick 2026-01-02 03:04 in Due\n"))
        #expect(printed.contains("slide Volume to 0.5\n"))
        #expect(printed.contains("app \"my app\"\n"))
    }

    @Test("values made in code print so that they parse back, identifiers included")
    func constructedValues() throws {
        let elements: [ElementReference] = [
            .identifier("Name"), .identifier("name field"), .identifier("row"), .identifier("Tab"), .identifier("log"),
            .identifier("To"), .identifier("9lives"), .identifier("a/b"), .identifier("é-ü_1.2"),
            .title("Save"), .title("a \"b\" \\ c\nd\te"), .title("🙂"),
            .row(RowPosition(row: 0), in: nil), .row(RowPosition(row: 7, section: 3), in: .title("Items list")),
        ]
        for element in elements {
            let kinds: [Step.Kind] = [.perform(.tap(element)), .expect(.screenShows(element)), .expect(.elementIs(element, .state(.selected)))]
            for kind in kinds {
                let text = kind.description
                #expect(try ScenarioParser.parseStep(text)?.kind == kind, "\(text)")
            }
        }
        for number in [0.8, -0.5, 240, 1e6, -1e6, 0.000001, 123.456789, 1.0 / 3.0] {
            let action = Action.slide(.identifier("V"), to: number)
            let reparsed = try ScenarioParser.parseStep(action.description)?.action
            guard case .slide(_, let value)? = reparsed else {
                Issue.record("\(action) did not parse back")
                continue
            }
            // Six decimals is what the language keeps; a third is rounded, the rest are exact.
            #expect(abs(value - number) < 1e-6)
            if number != 1.0 / 3.0 { #expect(value == number) }
        }
    }

    @Test("a hidden scenario can be named without revealing its steps")
    func hidden() throws {
        let scenario = try #require(parsed("scenario \"Restores the tab\"\nhidden\nlaunch\nchoose tab 1\npress home\nkill\nlaunch\nexpect selected tab is 1\n"))
        #expect(scenario.metadata.isHidden)
        #expect(scenario.summary == "Restores the tab: 5 steps, 1 expectation")
        #expect(!scenario.summary.contains("tab 1"))
    }
}
