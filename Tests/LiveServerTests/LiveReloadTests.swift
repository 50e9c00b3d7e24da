import Foundation
import LiveServer
import Testing

/// What pages get on their way to the browser, and which build each page follows.
@Suite struct LiveReloadTests {
    @Test func theScriptGoesBeforeTheEndOfTheBody() {
        let page = Data("<html><body><p>Prose</p></body></html>".utf8)
        let served = String(decoding: LiveReload.inject(into: page, session: "s1", build: 3, showsProblems: false), as: UTF8.self)
        #expect(served == "<html><body><p>Prose</p><script src=\"/__workbook/live.js\" data-session=\"s1\" data-build=\"3\" data-shows-problems=\"false\"></script>\n</body></html>")
    }

    @Test func aPageWithoutABodyEndGetsTheScriptAtItsEnd() {
        let served = String(decoding: LiveReload.inject(into: Data("<p>Prose".utf8), session: "s1", build: 1, showsProblems: true), as: UTF8.self)
        #expect(served.hasPrefix("<p>Prose<script src=\"/__workbook/live.js\""))
        #expect(served.contains("data-shows-problems=\"true\""))
    }

    @Test func aPageFollowsTheBuildsThatWroteItOrTheStyleSheet() {
        let status = BuildStatus()
        status.buildSucceeded(written: ["tour.html", "index.html"])
        status.buildSucceeded(written: ["tour.html"])
        #expect(status.current.build == 2)
        #expect(status.current.lastChange(of: "tour.html") == 2)
        #expect(status.current.lastChange(of: "index.html") == 1)
        status.buildSucceeded(written: ["style.css"])
        #expect(status.current.lastChange(of: "index.html") == 3)
        #expect(LiveReload.event(status.current, session: "s1", page: "tour.html") == "data: {\"session\":\"s1\",\"phase\":\"ready\",\"build\":3,\"pageBuild\":3}\n\n")
    }

    @Test func aFailureKeepsItsProblemsUntilABuildSucceeds() {
        let status = BuildStatus()
        status.buildFailed(problems: ["Chapters/tour/chapter.md:3: no such run"])
        status.buildStarted()
        #expect(status.current.phase == .building)
        #expect(status.current.problems == ["Chapters/tour/chapter.md:3: no such run"])
        status.buildSucceeded(written: [])
        #expect(status.current.phase == .ready)
        #expect(status.current.problems.isEmpty)
    }

    @Test func aListenerHearsTheStateNowThenEachChange() async {
        let status = BuildStatus()
        status.buildSucceeded(written: ["tour.html"])
        var heard = status.updates().makeAsyncIterator()
        #expect(await heard.next()?.build == 1)
        status.buildStarted()
        #expect(await heard.next()?.phase == .building)
    }
}
