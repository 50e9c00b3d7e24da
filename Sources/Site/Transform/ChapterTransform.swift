import Captures
import CCmark
import Foundation

/// The transform stage for one chapter: its Markdown parsed with cmark and walked as a tree.
/// Headings get anchors, `workbook` blocks become runs, listings and archives, `swift` blocks
/// are highlighted, and links are checked (a link to another chapter's `chapter.md` becomes a
/// link to its page). Every problem is reported with the prose's file and line.
struct ChapterTransform {
    let chapter: ChapterCatalog.Chapter
    /// The captures of this chapter: `captures/<chapter>/`.
    let captures: URL
    /// Every chapter's name, for links between chapters.
    let chapterNames: Set<String>
    /// The prose's path as messages name it: `Chapters/<chapter>/chapter.md`.
    var file: String { "Chapters/\(chapter.name)/chapter.md" }

    static func pageName(_ chapter: String) -> String { "\(chapter).html" }

    func run(prose: String) throws(SiteError) -> RenderedChapter {
        var problems: [String] = []
        // The prose's lines, for telling a closed workbook block from one that runs to the end.
        var proseLines: [Substring]?

        let document = MarkdownDocument(prose)
        let nodes = document.nodes
        var slugs = Slugs()
        var sections: [RenderedChapter.Section] = []
        var headings: [(MarkdownNode, String)] = []
        var blocks: [(MarkdownNode, String)] = []
        var anchorLinks: [(MarkdownNode, String)] = []
        var links: [RenderedChapter.ChapterLink] = []
        var assets: [RenderedChapter.Asset] = []
        var figures: [String: Int] = [:]
        var callouts: [(MarkdownNode, String)] = []
        var downloads: [String] = []
        var preambleFigures = ""
        /// Appends words to the section being read (or to the text before the first heading).
        func addFigureText(_ words: String) {
            if sections.isEmpty { preambleFigures += " " + words } else { sections[sections.count - 1].figures += " " + words }
        }
        var title = chapter.title
        var preamble = ""

        for node in nodes {
            if node.isHeading {
                let text = node.plainText.trimmingCharacters(in: .whitespaces)
                let id = slugs.unique(for: text)
                if node.headingLevel == 1, sections.isEmpty, headings.isEmpty { title = text }
                headings.append((node, id))
                sections.append(.init(id: id, title: text, level: node.headingLevel, text: ""))
            } else if node.type == CMARK_NODE_PARAGRAPH || node.type == CMARK_NODE_ITEM {
                // Words of one block never run into the next one's.
                if sections.isEmpty { preamble += " " } else { sections[sections.count - 1].text += " " }
            } else if node.isText || node.type == CMARK_NODE_SOFTBREAK || node.type == CMARK_NODE_LINEBREAK {
                guard !isInsideHeading(node) else { continue }
                let text = node.isText ? node.literal : " "
                if sections.isEmpty { preamble += text } else { sections[sections.count - 1].text += text }
            } else if node.isCodeBlock {
                let info = node.fenceInfo.trimmingCharacters(in: .whitespaces)
                if info == "workbook" {
                    let line = node.startLine
                    let lines = proseLines ?? prose.split(separator: "\n", omittingEmptySubsequences: false)
                    proseLines = lines
                    guard Directive.isClosed(endLine: node.endLine, in: lines) else {
                        problems.append("\(file):\(line): the workbook block is never closed")
                        continue
                    }
                    let directive: Directive
                    do { directive = try Directive.read(node.literal, line: line, file: file) } catch {
                        problems += error.problems
                        continue
                    }
                    do {
                        var figure = try render(directive, assets: &assets)
                        figures[directive.kind.rawValue, default: 0] += 1
                        addFigureText(HTML.searchText(of: figure))
                        let app = directive.owner
                        if directive.kind != .archive, chapter.apps.contains(where: { $0.name == app }) {
                            if !downloads.contains(app) { downloads.append(app) }
                            figure = Self.addingDownload(of: app, chapter: chapter.name, to: figure)
                        }
                        blocks.append((node, figure))
                    } catch {
                        problems.append("\(file):\(line): \(error.description)")
                    }
                } else if info.split(separator: " ").first == "swift" {
                    addFigureText(node.literal)
                    let code = SwiftHighlighter.lines(node.literal).joined(separator: "\n")
                    blocks.append((node, #"<pre class="code"><code class="language-swift">"# + code + "</code></pre>"))
                }
            } else if node.type == CMARK_NODE_BLOCK_QUOTE, let kind = Callout.kind(of: node) {
                callouts.append((node, kind))
            } else if node.isLink || node.isImage {
                switch check(link: node.url) {
                case .keep: break
                case .anchor(let anchor): anchorLinks.append((node, anchor))
                case .chapter(let name, let anchor):
                    links.append(.init(location: "\(file):\(node.sourceLine)", chapter: name, anchor: anchor))
                    node.setURL(Self.pageName(name) + (anchor.map { "#" + $0 } ?? ""))
                case .problem(let message):
                    problems.append("\(file):\(node.sourceLine): \(message)")
                }
            }
        }
        // Without one the page, the contents and the pager would name the chapter by its folder.
        if !headings.contains(where: { $0.0.headingLevel == 1 }) {
            problems.append("\(file):1: the chapter has no title: expected a `# Title` heading (level 1) before its text")
        }
        let anchors = Set(sections.map(\.id))
        for (node, anchor) in anchorLinks where !anchors.contains(anchor) {
            problems.append("\(file):\(node.sourceLine): the link to #\(anchor) goes nowhere: no heading of this chapter has that anchor")
        }
        for index in links.indices where links[index].chapter == chapter.name {
            if let anchor = links[index].anchor, !anchors.contains(anchor) {
                problems.append("\(links[index].location): the link to #\(anchor) goes nowhere: no heading of this chapter has that anchor")
            }
        }
        guard problems.isEmpty else { throw SiteError(problems) }

        for (node, html) in blocks { node.replace(withHTML: html) }
        for (node, kind) in callouts { Callout.apply(kind, to: node) }
        for (node, id) in headings {
            let level = min(6, max(1, node.headingLevel))
            node.wrapChildren(open: #"<h\#(level) id="\#(id)">"#,
                              close: " <a class=\"anchor\" href=\"#\(id)\" title=\"Link to this section\">#</a></h\(level)>")
        }
        if !preamble.isEmpty, let first = sections.first { sections[0].text = preamble + first.text }
        if !preambleFigures.isEmpty, let first = sections.first { sections[0].figures = preambleFigures + first.figures }
        for index in sections.indices {
            sections[index].text = sections[index].text.collapsingWhitespace
            sections[index].figures = sections[index].figures.collapsingWhitespace
        }
        var rendered = RenderedChapter(name: chapter.name, title: title, body: document.html(), sections: sections,
                                       assets: assets, links: links, figures: figures)
        rendered.downloads = downloads
        return rendered
    }

    /// Where a step's sources are offered as a zip, relative to the page.
    static func downloadPath(of app: String, chapter: String) -> String { "files/\(chapter)/\(app).zip" }

    /// The figure with a link to its step's sources at the end of its caption.
    static func addingDownload(of app: String, chapter: String, to figure: String) -> String {
        guard let end = figure.range(of: "</figcaption>") else { return figure }
        let link = #" <a class="download" href=""# + downloadPath(of: app, chapter: chapter).html + #"" download title="The sources of this step, to build and change">"# + app.html + ".zip</a>"
        return figure.replacingCharacters(in: end.lowerBound..<end.lowerBound, with: link)
    }

    private func isInsideHeading(_ node: MarkdownNode) -> Bool {
        var parent = node.parent
        while let current = parent {
            if current.isHeading { return true }
            parent = current.parent
        }
        return false
    }

    // MARK: Links

    enum LinkCheck {
        case keep
        case anchor(String)
        case chapter(String, anchor: String?)
        case problem(String)
    }

    /// Links to the web stay; `#anchor` must name a heading here; `../<chapter>/chapter.md`
    /// (as the Markdown reads on GitHub) or `<chapter>.html` becomes a link to that chapter's
    /// page. Anything else would be broken in the published site.
    func check(link url: String) -> LinkCheck {
        if url.isEmpty { return .problem("a link with no address") }
        if url.hasPrefix("#") { return .anchor(String(url.dropFirst())) }
        if url.range(of: "^[A-Za-z][A-Za-z0-9+.-]*:", options: .regularExpression) != nil { return .keep }
        if url.hasPrefix("/") { return .problem("\(url) is an absolute path, which breaks when the site is opened from disk or served under a folder; link relatively") }
        let parts = url.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false).map(String.init)
        let path = parts[0], anchor = parts.count > 1 ? parts[1] : nil
        let components = path.split(separator: "/").map(String.init)
        if components.last == "chapter.md" {
            let name = components.count >= 2 ? components[components.count - 2] : chapter.name
            let resolved = components.count == 1 ? chapter.name : (components.first == ".." ? name : "")
            guard !resolved.isEmpty, chapterNames.contains(resolved) else {
                return .problem("\(url) is not a chapter's prose; link to ../<chapter>/chapter.md (chapters: \(chapterNames.sorted().joined(separator: ", ")))")
            }
            return .chapter(resolved, anchor: anchor)
        }
        if components.count == 1, path.hasSuffix(".html"), chapterNames.contains(String(path.dropLast(5))) {
            return .chapter(String(path.dropLast(5)), anchor: anchor)
        }
        return .problem("\(url) is not part of the site: link to a chapter (../<chapter>/chapter.md), a heading (#anchor) or a full web address")
    }

    // MARK: Directives

    private func render(_ directive: Directive, assets: inout [RenderedChapter.Asset]) throws(SiteError) -> String {
        let (owner, name) = (directive.owner, directive.name)
        switch directive.options {
        case .listing(let symbol, let region, let diffAgainst):
            return try listing(owner: owner, name: name, symbol: symbol, region: region, diffAgainst: diffAgainst)
        case .run(let show, let restorationLogOnly):
            let capture = try read(app: owner, scenario: name)
            let figure = RunFigure(app: owner, scenario: name, capture: capture, show: show.map(\.rawValue),
                                   restorationLogOnly: restorationLogOnly,
                                   archiveLink: capture.archives.last.map { link($0, of: directive, assets: &assets) })
            do { return try figure.html() } catch { throw SiteError("\(error)") }
        case .archive(let asked, let against):
            let capture = try read(app: owner, scenario: name)
            let count = capture.archives.count
            let number = asked ?? count
            guard number >= 1, number <= count else {
                throw SiteError("\(directive.target) wrote \(count == 0 ? "no archive" : count == 1 ? "one archive" : "\(count) archives"); `number:` \(asked.map(String.init) ?? "") is not one of them")
            }
            let file = capture.archives[number - 1]
            if let against {
                // What changed since another run's last archive, as `workbook archive diff` says it.
                let other = try read(app: against.owner, scenario: against.scenario)
                guard let old = other.archives.last else { throw SiteError("\(against.owner)/\(against.scenario) wrote no archive to compare with") }
                do {
                    return #"<figure class="run archive-only"><figcaption class="run-title"><code>"# + owner.html + "</code> › " + capture.result.scenario.html + "</figcaption>"
                        + (try ArchiveFigure.difference(from: old, to: file, caption: "What changed since \(against.owner)")) + "</figure>"
                } catch {
                    throw SiteError("\(error)")
                }
            }
            do {
                return #"<figure class="run archive-only"><figcaption class="run-title"><code>"# + owner.html + "</code> › " + capture.result.scenario.html + "</figcaption>"
                    + (try ArchiveFigure.html(file, link: link(file, of: directive, assets: &assets), caption: "Archive \(number) of \(count)")) + "</figure>"
            } catch {
                throw SiteError("\(error)")
            }
        }
    }

    /// Where the site offers a capture's file, relative to the page; the file joins the assets.
    private func link(_ file: URL, of directive: Directive, assets: inout [RenderedChapter.Asset]) -> String {
        let path = "files/\(chapter.name)/\(directive.owner)/\(directive.name)/\(file.lastPathComponent)"
        let asset = RenderedChapter.Asset(source: file.path, path: path)
        if !assets.contains(asset) { assets.append(asset) }
        return path
    }

    /// The capture of an app's scenario; the app and the scenario must be the chapter's.
    private func read(app name: String, scenario: String) throws(SiteError) -> RunCapture {
        guard let app = chapter.apps.first(where: { $0.name == name }) else {
            throw SiteError("no app \(name) in \(chapter.name); apps: \(chapter.apps.map(\.name).joined(separator: ", "))")
        }
        let scenarios = app.scenarios.map { $0.deletingPathExtension().lastPathComponent }
        guard scenarios.contains(scenario) else {
            throw SiteError("\(app.name) has no scenario \"\(scenario)\"; it has \(scenarios.joined(separator: ", "))")
        }
        let folder = captures.appendingPathComponent("\(name)/\(scenario)")
        let capture: RunCapture?
        do { capture = try RunCapture.read(folder) } catch {
            throw SiteError("the capture of \(name)/\(scenario) cannot be read (\(error)); run `workbook run \(chapter.name) --step \(name) --fresh`")
        }
        guard let capture else {
            throw SiteError("\(name)/\(scenario) has not been run (no \(folder.path)/result.json); run `workbook run \(chapter.name) --step \(name)`")
        }
        guard capture.result.passed else {
            let failures = capture.result.failures.map { "\n    \(relative(capture.result.file)):\($0.line): \($0.step)" + ($0.message.map { " — \($0)" } ?? "") }
            throw SiteError("\(name)/\(scenario) did not go as its scenario expects, so the page would show a claim that does not hold:" + failures.joined())
        }
        return capture
    }

    /// A scenario's path from the chapters folder on, as people see it in the repository.
    private func relative(_ path: String) -> String {
        guard let range = path.range(of: "Chapters/") else { return path }
        return String(path[range.lowerBound...])
    }

    private func listing(owner: String, name: String, symbol: String?, region: String?, diffAgainst: String?) throws(SiteError) -> String {
        let appIndex = chapter.apps.firstIndex { $0.name == owner }
        let folder = appIndex.map { chapter.apps[$0].sources } ?? chapter.folder.appendingPathComponent("Shared/\(owner)")
        guard let text = try? String(contentsOf: folder.appendingPathComponent(name), encoding: .utf8) else {
            throw SiteError("there is no \(name) in \(owner)")
        }
        let file = ListingFigure.SourceFile(label: "\(owner)/\(name)", text: text)
        let what = symbol ?? region.map { "region \($0)" }
        let ranges: [ClosedRange<Int>]
        do { ranges = try ListingFigure.select(file, symbol: symbol, region: region) } catch {
            throw SiteError(problem(error, name: name))
        }
        guard let diffAgainst else {
            return ListingFigure.html(file, ranges: ranges, what: what)
        }
        let base: ChapterCatalog.App
        if diffAgainst == "previous" {
            guard let appIndex, appIndex > 0 else { throw SiteError("`diff: previous` needs a step before \(owner)") }
            base = chapter.apps[appIndex - 1]
        } else {
            guard let named = chapter.apps.first(where: { $0.name == diffAgainst }) else {
                throw SiteError("`diff: \(diffAgainst)`: no app \(diffAgainst) in \(chapter.name); apps: \(chapter.apps.map(\.name).joined(separator: ", "))")
            }
            base = named
        }
        guard let oldText = try? String(contentsOf: base.sources.appendingPathComponent(name), encoding: .utf8) else {
            throw SiteError("`diff: \(diffAgainst)` needs \(base.name) to have a \(name)")
        }
        let previous = base.name
        let old = ListingFigure.SourceFile(label: "\(previous)/\(name)", text: oldText)
        // A declaration new in this step is all added lines.
        let oldRanges = (try? ListingFigure.select(old, symbol: symbol, region: region)) ?? []
        return ListingFigure.diffHTML(old: old, oldRanges: oldRanges, new: file, newRanges: ranges, what: what, previousStep: previous)
    }

    private func problem(_ error: ListingFigure.Problem, name: String) -> String {
        switch error {
        case .noSymbol(let symbol): "\(name) declares no \(symbol)"
        case .noRegion(let region): "\(name) has no region \"\(region)\" (marked // workbook:begin \(region) … // workbook:end \(region))"
        }
    }
}
