import Testing
@testable import Scenarios

@Suite("Errors: located, explained, with a suggestion")
struct ErrorTests {
    @Test("the format: file:line:column: error: …, then a note")
    func format() throws {
        let errors = fileErrors("launch\n\nselect row three\n", file: "chapter24/scenarios/edit.scenario")
        #expect(errors.count == 1)
        let error = try #require(errors.first)
        #expect(error.description.hasPrefix("chapter24/scenarios/edit.scenario:3:12: error: expected a number after 'row', found \"three\""))
        #expect(error.description.contains("chapter24/scenarios/edit.scenario:3:12: note: write the number in digits: 'row 3'"))
        #expect(error.expected == "a number after 'row'")
        #expect(error.detailedDescription.contains("    select row three\n               ^~~~~"))
    }

    @Test("a typo of a step gets the nearest keyword")
    func typos() {
        #expect(lineError("tpa Save")?.hint == "did you mean 'tap'?")
        #expect(lineError("lauch")?.hint == "did you mean 'launch'?")
        #expect(lineError("exepct restored")?.hint == "did you mean 'expect'?")
        #expect(lineError("slid Volume to 1")?.hint == "did you mean 'slide'?")
        #expect(lineError("tpa Save")?.message == "unknown step \"tpa\"")
        #expect(lineError("press hoem")?.hint == "did you mean 'home'?")
        #expect(lineError("force quti")?.hint == "did you mean 'quit'?")
        #expect(lineError("expect screen shwos \"x\"")?.hint == "did you mean 'shows'?")
        #expect(lineError("expect screeen shows \"x\"")?.hint == "did you mean 'expect screen'?")
        #expect(lineError("expect restord")?.hint == "did you mean 'expect restored'?")
        #expect(lineError("expect no flickr")?.hint == "did you mean 'flicker'?")
        #expect(lineError("expect Volume is selectd")?.hint == "did you mean 'selected'?")
        #expect(lineError("wait 5 minuts")?.hint == "did you mean 'minutes'?")
        #expect(lineError("xyzzy")?.hint == "a line starts with what happens: tap xyzzy, expect xyzzy is …")
    }

    @Test("everyday words that are not steps say what to write")
    func insteadOf() {
        #expect(lineError("relaunch")?.hint?.contains("'launch'") == true)
        #expect(lineError("home")?.hint == "write 'press home'")
        #expect(lineError("back")?.hint == "write 'go back'")
        #expect(lineError("click Save")?.hint == "write 'tap'")
        #expect(lineError("toggle editing")?.hint?.contains("tap Edit") == true)
        #expect(lineError("expect nothing lost")?.hint?.contains("expect restored") == true)
        #expect(lineError("go home")?.hint == "to leave the app, write 'press home'")
        #expect(lineError("wait 5 min")?.hint == "write 'minutes' in full")
    }

    @Test("several errors in one file are all reported, in order, each at its line and column")
    func severalErrors() {
        let text = """
        scenario "Several mistakes"
        launch
        tpa Save
        type Rusty into Name
        select row -1
        slide Volume to 5000000
        pick 2026-02-30 10:00 in Due
        type "unterminated into Name
        expect screen shows "fine"
        """
        let errors = fileErrors(text)
        #expect(errors.map(at) == ["3:1", "4:6", "5:12", "6:17", "7:14", "8:6"])
        #expect(errors[1].hint == "typed text goes in double quotes: type \"Rusty\" into Name")
        #expect(errors[2].message.contains("-1 is out of range"))
        #expect(errors[2].hint == "rows are counted from 0: the first row is 'row 0'")
        #expect(errors[3].message.contains("5000000 is out of range"))
        #expect(errors[4].message == "February 2026 has no day 30; it has 28 days")
        #expect(errors[5].message == "this quoted text has no closing quote")
        #expect(ScenarioErrors(errors).description.hasSuffix("6 errors"))
    }

    @Test("an unterminated quote is reported at the quote's column")
    func unterminated() {
        let error = lineError("tap \"Save")
        #expect(at(error) == "1:5")
        #expect(error?.expected == "a \" before the end of the line")
        #expect(at(lineError("type \"ends with a backslash\\")) == "1:6")
        #expect(at(lineError("type \"a \\\" quote\" into \"Na")) == "1:24")
    }

    @Test("unknown escapes are reported at the backslash, all of them")
    func escapes() {
        let errors = lineErrors(#"type "a\qb\zc" into Name"#)
        #expect(errors.map(at) == ["1:8", "1:11"])
        #expect(errors.first?.message == "unknown escape '\\q' in quoted text")
    }

    @Test("numbers out of range")
    func ranges() {
        #expect(lineError("select row -1")?.message == "-1 is out of range after 'row': expected a number from 0 to 99999")
        #expect(at(lineError("select row 100000")) == "1:12")
        #expect(lineError("select row 2.5")?.message == "expected a whole number after 'row', found \"2.5\"")
        #expect(lineError("slide Volume to 1000001") != nil)
        #expect(lineError("slide Volume to 0.1234567")?.message.contains("at most 6 decimals") == true)
        #expect(lineError("slide Volume to nan")?.hint == "only plain decimal numbers, like 0.8")
        #expect(lineError("slide Volume to 1e3")?.hint == "write the number out in full, without an exponent")
        #expect(lineError("slide Volume to 99999999999999999999999") != nil)
        #expect(lineError("choose segment 100 in City") != nil)
        #expect(lineError("choose tab -1") != nil)
        #expect(lineError("wait 0 seconds") != nil)
        #expect(lineError("wait 31 days")?.message == "a wait of 31 days is too long: 30 days at most")
        #expect(lineError("wait 1.5 minutes")?.hint == "write a smaller unit: 90 seconds, not 1.5 minutes")
        #expect(lineError("scroll Items to 2000000") != nil)
        #expect(lineError("points 5000") != nil)
        #expect(lineError("select row 99999999999999999999") != nil)
    }

    @Test("invalid dates point at the part that is wrong")
    func dates() {
        #expect(at(lineError("pick 2026-02-30 09:30 in Due")) == "1:14")
        #expect(lineError("pick 2026-13-01 09:30 in Due")?.message == "there is no month 13; months go from 01 to 12")
        #expect(at(lineError("pick 2026-13-01 09:30 in Due")) == "1:11")
        #expect(at(lineError("pick 2026-01-01 24:00 in Due")) == "1:17")
        #expect(at(lineError("pick 2026-01-01 23:60 in Due")) == "1:20")
        #expect(at(lineError("pick 2026-01-01 23:59:60 in Due")) == "1:23")
        #expect(lineError("pick 2100-02-29 in Due")?.message == "February 2100 has no day 29; it has 28 days")
        #expect(lineError("pick 2026-1-5 09:30 in Due") != nil)
        #expect(lineError("pick 0000-01-01 in Due") != nil)
        #expect(lineError("pick 2026-01-01 9h30 in Due") != nil)
        #expect(lineError("pick 2026-01-01 09:30 PST in Due")?.message.contains("always in UTC") == true)
        #expect(lineError("pick +1 minute in Due")?.hint?.contains("wait") == true)
        #expect(lineError("pick Due 2026-01-01")?.hint == "the date comes first: pick 2026-11-22 09:30 in Due")
        #expect(lineError("expect Due is 2026-04-31") != nil)
    }

    @Test("elements: rows where they make no sense, tabs, unspellable identifiers")
    func elements() {
        #expect(lineError("type \"x\" into row 2")?.message == "'into' does not take a row")
        #expect(lineError("tap 3")?.hint == "a row is written 'row 3'")
        #expect(lineError("tap Save!")?.hint == "write id \"Save!\" for an identifier, or \"Save!\" for a visible title")
        #expect(lineError("tap tab")?.hint?.contains("choose tab") == true)
        #expect(lineError("tap id Save")?.message == "expected the identifier in quotes after 'id', as in id \"name field\", found \"Save\"")
        #expect(lineError("tap \"\"")?.message == "an empty text \"\" names nothing")
        #expect(lineError("tap Save Button")?.hint == "an identifier is one word; a title with spaces goes in quotes, as in \"Save Item\"")
        #expect(lineError("tap")?.message.hasSuffix("found the end of the line") == true)
        #expect(at(lineError("tap")) == "1:4")
        #expect(lineError("type \"x\" in Name")?.hint == "did you mean 'into'?")
        #expect(lineError("move row 0 to 3")?.hint == "write 'to row 3'")
        #expect(lineError("select Name")?.message == "expected a row: 'row 2', or the row's text in quotes after 'select', found the identifier Name")
        #expect(lineError("delete id \"cell 3\"")?.hint?.contains("tap id \"cell 3\"") == true)
        #expect(at(lineError("move Item to row 2")) == "1:6")
        #expect(lineError("pick 2026-11-22 09:30 into Due")?.hint == "write 'in': pick 2026-11-22 09:30 in Due")
        #expect(lineError("scroll Items to row 3 in Other")?.hint == "the table is named already, after 'scroll'")
        #expect(lineError("expect archive has \"k\" at \"A//B\"")?.message.contains("empty component") == true)
        #expect(lineError("expect archive has \"k\" at \"A/:[x]:/B\"")?.message == "\":[x]:\" is not an index segment")
        #expect(lineError("expect archive has itemKey")?.hint == "keys and paths go in quotes: expect archive has \"itemKey\"")
        #expect(lineError("expect Name is empty")?.hint == "write \"\" for an empty field")
        #expect(lineError("expect Name is Rusty")?.hint == "a text goes in quotes: \"Rusty\"")
    }

    @Test("quotes that are not straight double quotes")
    func quotes() {
        #expect(lineError("tap “Save”")?.hint?.contains("replace “") == true)
        #expect(at(lineError("tap “Save”")) == "1:5")
        #expect(lineError("tap 'Save'")?.hint == "write \"Save\", not 'Save'")
    }

    @Test("header mistakes: unknown keys, late headers, duplicates")
    func headers() {
        #expect(lineError("tgas editing")?.hint == "did you mean 'tags'?")
        let errors = fileErrors("""
        scenario "One"
        scenario "Two"
        launch
        hidden
        app 'x'
        """)
        #expect(errors.map(at) == ["2:1", "4:1", "5:5"])
        #expect(errors[0].message == "a second 'scenario' line; the first is at line 1")
        #expect(errors[1].message == "'hidden' is a header line, but steps have already begun")
    }

    @Test("a file without steps")
    func noSteps() {
        #expect(fileErrors("").first?.message == "the scenario has no steps")
        #expect(fileErrors("# just a comment\n\nscenario \"x\"\n").first?.message == "the scenario has no steps")
    }

    @Test("an excerpt underlines the token, even on a very long line")
    func excerpts() throws {
        let line = "tap " + String(repeating: "A", count: 300) + " extra"
        let error = try #require(lineError(line))
        let excerpt = try #require(error.excerpt)
        let lines = excerpt.split(separator: "\n")
        #expect(lines.count == 2)
        #expect(lines[0].count <= 110)
        let caret = try #require(lines[1].firstIndex(of: "^"))
        let column = lines[1].distance(from: lines[1].startIndex, to: caret)
        let underlined = lines[0][lines[0].index(lines[0].startIndex, offsetBy: column)...].prefix(5)
        #expect(underlined == "extra")
    }
}
