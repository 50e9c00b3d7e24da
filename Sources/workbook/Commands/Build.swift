import ArgumentParser
import Foundation
import Runner
import Site

/// `workbook build`: the static HTML workbook, from every chapter's prose and captures.
struct Build: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Build the workbook as a static site: every chapter's prose, runs, listings and archives.",
        discussion: """
            Runs what changed first (captures are reused while their inputs are unchanged), then renders \
            each chapter's prose with cmark, its runs as drawn screens, its listings from the real sources, \
            through the templates in Templates/. Links are relative: open <output>/index.html from disk or \
            publish the folder anywhere. A rebuild does only what changed. The build fails, naming file and \
            line, when a directive points at something missing or at a run whose expectations failed.

            Examples:
              workbook build
              workbook build --chapter chapter24 --output public
              workbook build --base-url https://example.edu/workbook/ --edit-url https://github.com/you/book/edit/main
            
            \(ExitStatusHelp.text(failed: "the site was not built"))
            """
    )

    @Option(help: "Build only this chapter (the others' pages stay as they are).", completion: NameCompletion.chapters)
    var chapter: String?

    @Option(name: .shortAndLong, help: "The folder to write the site to.", completion: .directory)
    var output: String = "site"

    @Option(help: "A folder of templates that take the place of Templates/'s of the same name (layout.mustache, style.css…).", completion: .directory)
    var templates: String?

    @Option(name: .customLong("base-url"), help: ArgumentHelp("Where the site will be published; with it, the build writes sitemap.xml and a 404 page that works from any folder.", valueName: "url"))
    var baseURL: String?

    @Option(name: .customLong("edit-url"), help: ArgumentHelp("Adds an \"Edit this page\" link to each chapter: this address followed by Chapters/<chapter>/chapter.md (e.g. https://github.com/you/book/edit/main).", valueName: "url"))
    var editURL: String?

    @Flag(help: "Run every scenario and render every page again, whatever earlier builds did.")
    var fresh = false

    @OptionGroup var location: WorkbookLocation
    var root: String { location.root }

    func run() throws {
        let started = DispatchTime.now().uptimeNanoseconds
        let style = TerminalStyle()
        let status = StatusLine(enabled: true)
        let rootURL = URL(fileURLWithPath: root)
        let outputURL = URL(fileURLWithPath: output, relativeTo: URL(fileURLWithPath: FileManager.default.currentDirectoryPath + "/")).standardizedFileURL
        var options = SiteBuilder.Options(packageRoot: rootURL, output: outputURL,
                                          templateOverrides: templates.map { URL(fileURLWithPath: $0) },
                                          chapter: chapter, fresh: fresh)
        options.generator = Self.generatorStamp()
        options.toolchain = Toolchain.version
        for (name, value) in [("--base-url", baseURL), ("--edit-url", editURL)] {
            if let value, !(value.hasPrefix("https://") || value.hasPrefix("http://")) {
                throw CommandFailure("\(name) takes a full web address starting with https:// or http://, not \"\(value)\"")
            }
        }
        options.baseURL = baseURL
        options.editURL = editURL

        let report: SiteBuilder.Report
        do {
            report = try SiteBuilder(options).build(runChapter: SiteRuns.runChapter(root: rootURL, fresh: fresh, status: status, style: style))
        } catch {
            status.clear()
            throw CommandFailure("the site was not built:\n" + error.problems.map { "  " + $0 }.joined(separator: "\n"))
        }
        status.clear()

        let display = Self.display(outputURL)
        // A big book gets one line, not a thousand.
        let rendered = report.chapters.filter(\.rendered).count
        if report.chapters.count > Self.chapterLines {
            let kept = report.chapters.count - rendered
            if rendered > 0 {
                print(style.green("✓") + " \(rendered) chapter\(rendered == 1 ? "" : "s") → \(display)/" + (kept > 0 ? style.dim(" (\(kept) up to date)") : ""))
            } else {
                print(style.dim("· \(kept) chapters are up to date"))
            }
        }
        for chapter in report.chapters where report.chapters.count <= Self.chapterLines {
            if chapter.rendered {
                let counts = ["run", "listing", "archive"].compactMap { kind in
                    chapter.figures[kind].map { "\($0) \(kind)\($0 == 1 ? "" : "s")" }
                }
                print(style.green("✓") + " \(chapter.name) → \(display)/\(chapter.page)" + (counts.isEmpty ? "" : style.dim(" (\(counts.joined(separator: ", ")))")))
            } else {
                print(style.dim("· \(chapter.name) is up to date"))
            }
        }
        let seconds = Double(DispatchTime.now().uptimeNanoseconds - started) / 1e9
        let written = report.written.count
        print((written == 0 ? "Nothing to write" : "\(written) file\(written == 1 ? "" : "s") written")
              + " in \(String(format: "%.2f", seconds)) s. Open \(display)/index.html.")
    }

    /// Past this many chapters, the build says how many it rendered instead of naming each.
    static let chapterLines = 40

    /// The output folder as the person typed it, or relative to here when inside.
    static func display(_ url: URL) -> String {
        let here = FileManager.default.currentDirectoryPath + "/"
        return url.path.hasPrefix(here) ? String(url.path.dropFirst(here.count)) : url.path
    }

    /// This program, by size and time: a new build of workbook renders every page again.
    static func generatorStamp() -> String {
        let executable = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath().path
        let attributes = try? FileManager.default.attributesOfItem(atPath: executable)
        let size = attributes?[.size] as? Int ?? 0
        let modified = (attributes?[.modificationDate] as? Date)?.timeIntervalSince1970 ?? 0
        return "workbook \(size) \(modified)"
    }
}
