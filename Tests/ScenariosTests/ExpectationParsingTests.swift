import Testing
@testable import Scenarios

@Suite("Expectations: every kind parses to the right value")
struct ExpectationParsingTests {
    @Test("what the screen and the snapshot show")
    func screen() {
        #expect(expectation("expect screen shows \"Rusty Spork\"") == .screenShows(.title("Rusty Spork")))
        #expect(expectation("expect screen shows Name") == .screenShows(.identifier("Name")))
        #expect(expectation("expect screen does not show \"Error\"") == .screenDoesNotShow(.title("Error")))
        #expect(expectation("expect snapshot shows \"Rusty Spork\"") == .snapshotShows(.title("Rusty Spork")))
        #expect(expectation("expect snapshot does not show \"4111\"") == .snapshotDoesNotShow(.title("4111")))
        #expect(expectation("expect screen shows row 3") == .screenShows(.row(RowPosition(row: 3), in: nil)))
    }

    @Test("a control's value: text, number, date, offset, state, and their negations")
    func values() {
        #expect(expectation("expect Name is \"Rusty Spork\"") == .elementIs(.identifier("Name"), .text("Rusty Spork")))
        #expect(expectation("expect Name is \"\"") == .elementIs(.identifier("Name"), .text("")))
        #expect(expectation("expect Name is not \"Rusty Spork\"") == .elementIsNot(.identifier("Name"), .text("Rusty Spork")))
        #expect(expectation("expect Volume is 0.8") == .elementIs(.identifier("Volume"), .number(0.8)))
        #expect(expectation("expect City is \"Tokyo\"") == .elementIs(.identifier("City"), .text("Tokyo")))
        #expect(expectation("expect Due is 2026-11-22 09:30") == .elementIs(.identifier("Due"), .date(ScenarioDate(year: 2026, month: 11, day: 22, hour: 9, minute: 30)!)))
        #expect(expectation("expect Items is scrolled to 240") == .elementIs(.identifier("Items"), .scrolled(x: 0, y: 240)))
        #expect(expectation("expect Items is scrolled to (5, 240)") == .elementIs(.identifier("Items"), .scrolled(x: 5, y: 240)))
        #expect(expectation("expect Notifications is on") == .elementIs(.identifier("Notifications"), .state(.on)))
        #expect(expectation("expect Notifications is OFF") == .elementIs(.identifier("Notifications"), .state(.off)))
        #expect(expectation("expect row 2 is selected") == .elementIs(.row(RowPosition(row: 2), in: nil), .state(.selected)))
        #expect(expectation("expect row 2 in Items is not selected") == .elementIsNot(.row(RowPosition(row: 2), in: .identifier("Items")), .state(.selected)))
        #expect(expectation("expect Items is editing") == .elementIs(.identifier("Items"), .state(.editing)))
        #expect(expectation("expect \"Save\" is disabled") == .elementIs(.title("Save"), .state(.disabled)))
        #expect(expectation("expect Save is enabled") == .elementIs(.identifier("Save"), .state(.enabled)))
        #expect(expectation("expect id \"log\" is \"x\"") == .elementIs(.identifier("log"), .text("x")))
        #expect(expectation("expect selected tab is \"Hypnotize\"") == .selectedTab(.title("Hypnotize")))
        #expect(expectation("expect selected tab is 1") == .selectedTab(.index(1)))
    }

    @Test("the log and the archive")
    func logAndArchive() {
        #expect(expectation("expect log contains \"Can't find Child View Controller\"") == .logContains("Can't find Child View Controller"))
        #expect(expectation("expect log does not contain \"deprecated\"") == .logDoesNotContain("deprecated"))
        #expect(expectation("expect cause contains \"Nothing recreated\"") == .causeContains("Nothing recreated"))
        #expect(expectation("expect CAUSE does not contain \"Two objects\"") == .causeDoesNotContain("Two objects"))
        #expect(expectation("expect id \"cause\" is \"x\"") == .elementIs(.identifier("cause"), .text("x")), "an element called cause is still written with id")
        #expect(expectation("expect archive has \"itemKey\" at \"UINavigationController/:[1]:/DetailViewController\"")
            == .archiveHas(.key("itemKey", at: "UINavigationController/:[1]:/DetailViewController")))
        #expect(expectation("expect archive has \"appVersion\"") == .archiveHas(.key("appVersion", at: nil)))
        #expect(expectation("expect archive has path \"UINavigationController/UINavigationController/:[0]:/DetailViewController\"")
            == .archiveHas(.path("UINavigationController/UINavigationController/:[0]:/DetailViewController")))
        #expect(expectation("expect archive does not have path \"TabController\"") == .archiveDoesNotHave(.path("TabController")))
        #expect(expectation("expect archive does not have \"itemKey\" at \"A/:[0]:/B\"") == .archiveDoesNotHave(.key("itemKey", at: "A/:[0]:/B")))
        #expect(expectation("expect no archive") == .noArchive)
    }

    @Test("restoration: restored, lost, flicker, fresh launch")
    func restoration() {
        #expect(expectation("expect restored") == .restored)
        #expect(expectation("expect lost") == .lost(nil))
        #expect(expectation("expect lost \"Name field\"") == .lost("Name field"))
        #expect(expectation("expect flicker") == .flicker)
        #expect(expectation("expect no flicker") == .noFlicker)
        #expect(expectation("expect fresh launch") == .freshLaunch)
    }

    @Test("a crash the scenario claims: expect crash, with or without its message")
    func crash() {
        #expect(expectation("expect crash") == .crashed(nil))
        #expect(expectation("expect crash \"cannot store\"") == .crashed("cannot store"))
    }
}
