import ArgumentParser
import Foundation
import LiveServer
import Runner
import Site
import Synchronization

/// `workbook serve`: the author's loop. The site is built, served on this machine, and built
/// again at each save; open pages follow by themselves.
struct Serve: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Serve the workbook while you write it: each save rebuilds what changed, and open pages reload.",
        discussion: """
            Builds the site as `workbook build` does, serves it on this machine (http://127.0.0.1:3000/), and \
            watches Chapters/ and Templates/. A saved chapter.md renders that chapter again; a saved app or \
            scenario reruns only the runs whose inputs changed, then renders the pages that show them. Open \
            pages say "Rebuilding…" while a build runs, then reload where they were scrolled to. While the \
            build fails (a directive that points nowhere, a scenario whose expectation fails, an app that does \
            not compile), every page shows the problems, each with its file and line, until a save fixes them. \
            The output folder stays a plain static site: the reload script is added to pages only as they are \
            served. Ctrl-C stops the server and anything it started.

            Examples:
              workbook serve
              workbook serve --port 8000 --open
              workbook serve --port 0              (any free port; the address is printed)
              workbook new chapter state-basics && workbook serve

            \(ExitStatusHelp.text(failed: "the site could not be served (the port is taken)")) \
            Ctrl-C ends it with 130, SIGTERM with 143.
            """
    )

    @Option(help: "The port to listen on; 0 picks a free one.")
    var port: Int = 3000

    @Option(help: "The address to listen on. Only this machine can reach the default; another address lets others on the network read the book as you write it.")
    var host: String = "127.0.0.1"

    @Flag(help: "Open the book in the browser once it is served.")
    var open = false

    @Option(name: .shortAndLong, help: "The folder to write the site to (a plain static site, as `workbook build` writes).", completion: .directory)
    var output: String = "site"

    @Option(help: "A folder of templates that take the place of Templates/'s of the same name; watched too.", completion: .directory)
    var templates: String?

    @OptionGroup var location: WorkbookLocation
    var root: String { location.root }

    func run() throws {
        guard (0...65_535).contains(port) else {
            throw CommandFailure.usage("--port takes a number from 0 to 65535 (0 picks a free port), not \(port)")
        }
        if let problem = PortCheck.problem(host: host, port: port) {
            throw Self.portTaken(host: host, port: port, problem)
        }
        let style = TerminalStyle()
        if !PortCheck.isLoopback(host) {
            StandardStreams.writeError(style.bold("Warning:") + " serving on \(host): anyone who can reach this machine at that address can read the book.\n")
        }
        let rootURL = URL(fileURLWithPath: root).standardizedFileURL
        let chapters = rootURL.appendingPathComponent("Chapters")
        guard FileManager.default.fileExists(atPath: chapters.path) else {
            throw CommandFailure.usage("there is no Chapters folder in \(rootURL.path). Run workbook from the workbook's folder, or give --root.")
        }
        let here = URL(fileURLWithPath: FileManager.default.currentDirectoryPath + "/")
        let outputURL = URL(fileURLWithPath: output, relativeTo: here).standardizedFileURL
        let overrides = templates.map { URL(fileURLWithPath: $0, relativeTo: here).standardizedFileURL }
        var options = SiteBuilder.Options(packageRoot: rootURL, output: outputURL, templateOverrides: overrides)
        options.generator = Build.generatorStamp()
        options.toolchain = Toolchain.version

        let status = BuildStatus()
        let progress = StatusLine(enabled: true)
        let siteOptions = options
        let loop = RebuildLoop(status: status) { changed in
            Self.build(siteOptions, after: changed, style: style, progress: progress)
        }
        loop.buildOnce()

        let watcher: FolderWatcher
        do {
            watcher = try FolderWatcher(roots: [chapters, rootURL.appendingPathComponent("Templates")] + (overrides.map { [$0] } ?? []))
        } catch {
            throw CommandFailure("\(error)")
        }
        detachThread { loop.run(watching: watcher) }

        let server = LiveServer(site: outputURL, status: status, host: host, port: port)
        let host = host, open = open
        let ended = ServerEnd()
        Task.detached {
            do {
                try await server.run { port in
                    let address = "http://\(host.contains(":") ? "[\(host)]" : host):\(port)/"
                    print("Serving the workbook at \(style.bold(address)) (Ctrl-C stops it). Watching Chapters/ and Templates/.")
                    if open { Self.openInBrowser(address) }
                }
                ended.finish(nil)
            } catch {
                ended.finish(error)
            }
        }
        if let error = ended.wait() {
            // Taken between the check above and the server's bind (or a host the check cannot read).
            if let failure = error as? ListenFailure, failure.isPortTaken { throw Self.portTaken(host: host, port: port, failure.reason) }
            throw CommandFailure("the server stopped: \(error)")
        }
    }

    static func portTaken(host: String, port: Int, _ problem: String) -> CommandFailure {
        CommandFailure("cannot serve on \(host):\(port): \(problem). Another server (another workbook serve?) is using it: stop it, or choose another port with --port (--port 0 picks a free one).")
    }

    /// One build of the loop, said on the terminal: what changed, what was written, or every
    /// problem with its file and line.
    static func build(_ options: SiteBuilder.Options, after changed: [String], style: TerminalStyle, progress: StatusLine) -> RebuildLoop.Outcome {
        let started = DispatchTime.now().uptimeNanoseconds
        let root = options.packageRoot.path + "/"
        let names = changed.map { $0.hasPrefix(root) ? String($0.dropFirst(root.count)) : $0 }
        if !names.isEmpty { progress.show("Rebuilding after \(listed(names))…") }
        func seconds() -> String { String(format: "%.2f s", Double(DispatchTime.now().uptimeNanoseconds - started) / 1e9) }
        do {
            let report = try SiteBuilder(options).build(runChapter: SiteRuns.runChapter(root: options.packageRoot, fresh: false, status: progress, style: style))
            progress.clear()
            let pages = report.written.filter { $0.hasSuffix(".html") }
            let what = report.written.isEmpty ? "nothing to write" : pages.isEmpty ? "\(report.written.count) file\(report.written.count == 1 ? "" : "s") written" : listed(pages)
            print(style.green("✓") + " \(what)" + style.dim(" in \(seconds())" + (names.isEmpty ? "" : " after \(listed(names))")))
            return .built(written: report.written)
        } catch {
            progress.clear()
            StandardStreams.writeError(style.red("✗") + " the site was not built" + style.dim(" (\(seconds()))") + ":\n"
                + error.problems.map { "  " + $0.replacingOccurrences(of: "\n", with: "\n  ") }.joined(separator: "\n")
                + "\n  Open pages show this until a save fixes it.\n")
            return .failed(problems: error.problems)
        }
    }

    /// Up to three names, and how many more.
    private static func listed(_ names: [String]) -> String {
        names.prefix(3).joined(separator: ", ") + (names.count > 3 ? " and \(names.count - 3) more" : "")
    }

    /// Through a shell that exits at once, so that the browser is no child of this command:
    /// Ctrl-C ends everything the command started, and the reader's browser should stay.
    static func openInBrowser(_ address: String) {
        guard let opener = ExecutableSearch.find("xdg-open") ?? ExecutableSearch.find("open") else {
            print("Open \(address) in a browser (no xdg-open here to do it).")
            return
        }
        _ = try? TimedCommand(executable: URL(fileURLWithPath: "/bin/sh"),
                              arguments: ["-c", "\"$0\" \"$1\" >/dev/null 2>&1 &", opener.path, address], timeLimit: 10).run()
    }
}

/// How the server ended, handed from its task to the command's thread, which waits for it.
private final class ServerEnd: Sendable {
    private let done = DispatchSemaphore(value: 0)
    private let error = Mutex<(any Error)?>(nil)

    func finish(_ error: (any Error)?) {
        self.error.withLock { $0 = error }
        done.signal()
    }

    func wait() -> (any Error)? {
        done.wait()
        return error.withLock { $0 }
    }
}
