import Captures
import Foundation
import RestorationKit
import Runner
import Scenarios
import Testing
@testable import Checker

/// A check tagged for several criteria is reported under each, and fails only the criteria whose
/// kind of state it lost: the kinds are read from what each criterion's public checks assert.
struct CriterionAttributionTests {
    static let tab = Criterion(name: "Selected tab", tag: "tab-bar", points: 2)
    static let date = Criterion(name: "Reminder date", tag: "date-picker", points: 3)

    static func scenario(_ name: String, tags: String, _ body: String) throws -> Scenario {
        try ScenarioParser.parse("scenario \"\(name)\"\ntags \(tags)\nlaunch\npress home\nkill\nlaunch\n\(body)", file: "\(name).scenario")
    }

    static func checks() throws -> (CheckSet, CheckSet.Check) {
        let both = CheckSet.Check(scenario: try scenario("both", tags: "tab-bar date-picker", "expect restored"), hidden: true, tags: ["tab-bar", "date-picker"])
        let set = try CheckSet(criteria: [tab, date], checks: [
            CheckSet.Check(scenario: try scenario("tab", tags: "tab-bar", #"expect selected tab is "Reminder""#), hidden: false, tags: ["tab-bar"]),
            CheckSet.Check(scenario: try scenario("date", tags: "date-picker", "expect reminder is 2026-11-22 09:30"), hidden: false, tags: ["date-picker"]),
            both,
        ])
        return (set, both)
    }

    static func grader(_ checks: CheckSet) -> SubmissionGrader {
        SubmissionGrader(checks: checks, target: "t", source: "s", folder: URL(fileURLWithPath: "/nonexistent"), settings: ScenarioRun.Settings())
    }

    static let lostDate = StateLoss(kind: .date, location: ["Reminder picker"], role: .datePicker, before: "2026-11-22 10:45", after: "2026-11-22 09:00").concealing()

    @Test("A hidden check about the tab and the date that lost only the date fails the date, not the tab")
    func lostDateFailsOnlyTheDate() throws {
        let (checks, both) = try Self.checks()
        let kinds = CriterionKinds(checks)
        let result = CheckResult(name: "both", hidden: true, status: .failed, lost: [Self.lostDate], messages: [SubmissionGrader.hiddenMessage(.failed)])
        let underDate = Self.grader(checks).attributed(result, of: both, to: Self.date, kinds: kinds)
        let underTab = Self.grader(checks).attributed(result, of: both, to: Self.tab, kinds: kinds)
        #expect(underDate.status == .failed)
        #expect(underDate.name == "Reminder date")
        #expect(underDate.lost.map(\.description) == ["the date picked, in a date picker"])
        #expect(underTab.status == .passed)
        #expect(underTab.name == "Selected tab")
        #expect(underTab.lost.isEmpty)
    }

    @Test("A crash, or a failure with nothing lost, fails every criterion the check counts for")
    func crashFailsAll() throws {
        let (checks, both) = try Self.checks()
        let kinds = CriterionKinds(checks)
        for result in [CheckResult(name: "both", hidden: true, status: .crashed, lost: [Self.lostDate], messages: []),
                       CheckResult(name: "both", hidden: true, status: .failed, lost: [], messages: [])] {
            for criterion in [Self.tab, Self.date] {
                #expect(Self.grader(checks).attributed(result, of: both, to: criterion, kinds: kinds).status == result.status)
            }
        }
    }

    @Test("Coming back on another screen counts against every criterion")
    func screenLossFailsAll() throws {
        let (checks, both) = try Self.checks()
        let screen = StateLoss(kind: .screen, location: [], before: "Reminder", after: "Hypnotize").concealing()
        let result = CheckResult(name: "both", hidden: true, status: .failed, lost: [screen], messages: [])
        for criterion in [Self.tab, Self.date] {
            #expect(Self.grader(checks).attributed(result, of: both, to: criterion, kinds: CriterionKinds(checks)).status == .failed)
        }
    }

    @Test("A hidden check's message names the kinds its failed expectations were about, and only when each names one")
    func hiddenMessageNamesKinds() {
        #expect(SubmissionGrader.hiddenMessage(.failed, failing: [.date]) == "a hidden check found that the date picked did not come back")
        #expect(SubmissionGrader.hiddenMessage(.failed, failing: [.tab, .date]) == "a hidden check found that the selected tab and the date picked did not come back")
        #expect(SubmissionGrader.hiddenMessage(.failed) == "a hidden check found the app did not come back as the user left it")
        #expect(CriterionKinds.kinds(assertedBy: .elementIs(.identifier("reminder"), .date(ScenarioDate(year: 2026, month: 11, day: 22, hour: 10, minute: 45)!))) == [.date])
    }

    @Test("A cause bears on a loss of its own controller, an ancestor's or a descendant's; not on another branch of the same screens")
    func causesBearOnTheirOwnBranch() {
        func loss(at path: String?) -> StateLoss {
            StateLoss(kind: .text, location: ["Note"], role: .label, before: "Ferry", after: "",
                      controller: StateLoss.Controller(name: "IslandViewController", restorationPath: path))
        }
        let page = loss(at: "Tabs/:[1]:/IslandsNavigation/:[1]:/Island")
        func cause(at path: String?) -> RestorationCause {
            RestorationCause(.keyNeverEncoded, path: path, className: "C", sentence: "s")
        }
        #expect(cause(at: "Tabs/:[1]:/IslandsNavigation/:[1]:/Island").bears(onAnyOf: [page]))
        #expect(cause(at: "Tabs/:[1]:/IslandsNavigation").bears(onAnyOf: [page]), "an ancestor's")
        #expect(cause(at: "Tabs/:[1]:/IslandsNavigation/:[1]:/Island/Map").bears(onAnyOf: [page]), "a descendant's")
        #expect(!cause(at: "Tabs/:[0]:/Lantern").bears(onAnyOf: [page]), "another tab's")
        #expect(!cause(at: "Tabs/:[1]:/IslandsNavigation/:[0]:/Islands").bears(onAnyOf: [page]), "a sibling's")
        #expect(cause(at: nil).bears(onAnyOf: [page]), "a cause naming no path")
        #expect(cause(at: "VisitLog").bears(onAnyOf: [page]), "an object outside the screens' tree")
        #expect(cause(at: "Tabs/:[0]:/Lantern").bears(onAnyOf: [page, loss(at: nil)]), "a loss with no path cannot be told apart")
        #expect(cause(at: "Tabs/:[0]:/Lantern").bears(onAnyOf: []), "nothing lost: the run failed otherwise")
    }
}
