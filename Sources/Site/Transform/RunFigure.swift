import Captures
import Foundation
import RestorationModel

/// A run of a scenario as a figure: the three screens side by side (before Home, what the
/// system showed at launch, after relaunch), the state the user lost, marked on the drawings
/// and listed under them, and, as asked, the scenario's steps, the log and the archive. What the
/// workbook explains (causes and notes) follows the lost state, or the log when the lost state is
/// not shown, in a box of its own: it is the workbook's voice, never a line of UIKit's log.
struct RunFigure {
    var app: String
    var scenario: String
    var capture: RunCapture
    /// What to show, in the order to show it: `screens`, `lost`, `steps`, `log`, `archive`.
    var show: [String]
    var restorationLogOnly: Bool
    /// Where the site keeps the run's last archive (relative to the page), when it wrote one.
    var archiveLink: String?

    static let defaultShow = ["screens", "lost"]

    func html() throws -> String {
        let result = capture.result
        var out = #"<figure class="run">"#
        out += #"<figcaption class="run-title"><code>"# + app.html + "</code> › " + result.scenario.html
        out += #" <span class="run-file">("# + scenario.html + ".scenario)</span></figcaption>"
        let before = capture.last(.beforeHome), shown = capture.last(.launchScreen), after = capture.last(.afterLaunch)
        let marks = ScreenMarks(result)
        let parts = Self.parts(show, marks: marks)
        for part in parts {
            switch part {
            case "screens":
                out += screens(before: before, shown: shown, after: after, marks: marks)
            case "lost":
                out += lost(result) + explanation(result)
            case "steps":
                out += steps(result)
            case "log":
                out += LogFigure.html(capture.log, restorationOnly: restorationLogOnly)
                // Once per figure: after the lost state when it is shown, else after the log.
                if !parts.contains("lost") { out += explanation(result) }
            case "archive":
                if let file = capture.archives.last, let archiveLink {
                    out += try ArchiveFigure.html(file, link: archiveLink, caption: capture.archives.count == 1 ? "The archive" : "The last archive (\(capture.archives.count) of \(capture.archives.count))")
                } else {
                    out += #"<div class="archive"><p class="figure-title">The archive</p><p class="empty">The app wrote no archive.</p></div>"#
                }
            default:
                break
            }
        }
        return out + "</figure>"
    }

    /// The parts to show: as asked, with the lost list (and its Why) after the screens when
    /// their drawings number a loss and it was not asked for, so no mark points at nothing.
    static func parts(_ show: [String], marks: ScreenMarks) -> [String] {
        guard let screens = show.firstIndex(of: "screens"), !show.contains("lost"),
              marks.styles.contains(where: { $0 == .lost || $0 == .cameBack }) else { return show }
        var parts = show
        parts.insert("lost", at: screens + 1)
        return parts
    }

    private func screens(before: RunCapture.CapturedScreen?, shown: RunCapture.CapturedScreen?, after: RunCapture.CapturedScreen?, marks: ScreenMarks) -> String {
        var out = #"<div class="screens">"#
        // Each column says which moment it is: a phone's layout puts before and after side by side.
        func column(_ moment: String, _ caption: String, _ captured: RunCapture.CapturedScreen?, marks: [ScreenMarks.Path: ScreenMarks.Mark], note: String? = nil, flagged: Bool = false) {
            guard let captured else { return }
            out += #"<div class="moment \#(moment)"# + (flagged ? " flicker" : "") + #""><p class="moment-title">"# + caption.html
            if let note { out += #" <span class="flag">"# + note.html + "</span>" }
            out += "</p>"
            out += ScreenWireframe(marks: marks).draw(captured.screen)
            out += "</div>"
        }
        let flicker = capture.result.flicker == true
        column("before", "Before Home", before, marks: marks.before)
        column("shown", shown?.screen.content.role == .launchImage ? "Shown at launch (launch image)" : "Shown at launch (snapshot)", shown,
               marks: marks.shown, note: flicker ? "flicker" : nil, flagged: flicker)
        column("after", "After relaunch", after, marks: marks.after)
        out += "</div>"
        if flicker {
            out += #"<p class="flicker-note"><strong>Flicker:</strong> "# + Self.flickerSentence(shown: shown?.screen, after: after?.screen) + "</p>"
        }
        if let hides = SnapshotVerdict.sentence(capture.result.snapshotHides) {
            out += #"<p class="hides-note"><strong>Not a flicker:</strong> "# + hides.html + ", on purpose, before the system took its picture.</p>"
        }
        let styles = marks.styles
        if !styles.isEmpty {
            out += #"<ul class="wf-legend" title="What the marks mean">"#
            for style in styles {
                out += #"<li><span class="wf-key \#(style.rawValue)">\#(style == .lost || style == .cameBack ? style.symbol + "1" : style.sign)</span> "# + style.meaning.html + "</li>"
            }
            out += "</ul>"
        }
        return out
    }

    /// What the flicker was: the snapshot promised another screen, or the same screen came back
    /// without what the snapshot showed on it. The same screen as the lost list counts it: a
    /// container back without its parts (a comparison with one page or none), or another class
    /// under the same title, is the screen the user left.
    static func flickerSentence(shown: Screen?, after: Screen?) -> String {
        if let shown, let after, !shown.controllers.isEmpty, LostState.screenLoss(shown, after) == nil {
            return "the snapshot shown at launch showed this screen as the user left it; the app came back to the same screen, but not as it was, so what the user saw changed as the app took over."
        }
        return "the snapshot shown at launch promised a screen the app did not come back to."
    }

    private func lost(_ result: ScenarioResult) -> String {
        guard !result.lost.isEmpty else {
            return #"<p class="lost none">Nothing lost: the app came back as the user left it.</p>"#
        }
        var out = #"<div class="lost"><p class="figure-title">Lost ("# + "\(result.lost.count)" + ")</p><ol>"
        for loss in result.lost { out += "<li>" + loss.description.html + "</li>" }
        return out + "</ol></div>"
    }

    /// What the engine saw, in the words `workbook run` and `check` use: why state was lost, and
    /// its notes. Labelled as the workbook's own, since a device prints none of it.
    private func explanation(_ result: ScenarioResult) -> String {
        let why = result.why, notes = result.notes.map(\.sentence)
        guard !why.isEmpty || !notes.isEmpty else { return "" }
        var out = #"<div class="explanation"><p class="figure-title">The workbook's explanation"#
        out += #" <span class="explanation-aside">(its own words: no device prints these)</span></p>"#
        func part(_ title: String, _ sentences: [String]) {
            guard !sentences.isEmpty else { return }
            out += #"<p class="explanation-part">"# + title + "</p><ul>" + sentences.map { "<li>" + $0.html + "</li>" }.joined() + "</ul>"
        }
        part("Why", why)
        part("Notes", notes)
        return out + "</div>"
    }

    private func steps(_ result: ScenarioResult) -> String {
        var out = #"<div class="steps"><p class="figure-title">Steps</p><ol>"#
        for step in result.steps {
            let (mark, label) = switch step.status {
            case .passed: ("✓", step.isExpectation ? "held" : "done")
            case .failed: ("✗", "failed")
            case .skipped: ("–", "skipped")
            }
            out += #"<li class="step \#(step.status.rawValue)\#(step.isExpectation ? " expectation" : "")">"#
            out += #"<span class="mark" title="\#(label)">\#(mark)</span> <code>"# + step.step.html + "</code>"
            if let message = step.message { out += #"<span class="message">"# + message.html + "</span>" }
            out += "</li>"
        }
        return out + "</ol></div>"
    }
}
