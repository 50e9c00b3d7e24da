import Foundation
import Testing

/// What every command line owes a person and a shell: help, a version, completions, colour only
/// where it can be seen.
struct CommandLineMannersTests {
    @Test("Each command's --help says what it does", arguments: [
        (["archive"], "Read restoration archives"),
        (["archive", "dump"], "Print an archive as Apple's restorationArchiveTool does"),
        (["archive", "diff"], "Show what changed between two archives"),
        (["archive", "diff"], "Exit status as diff's"),
        (["run"], "OVERVIEW: "),
        (["list"], "OVERVIEW: "),
        (["serve"], "Ctrl-C ends it with 130"),
        (["new", "chapter"], "Exit status: 0 the chapter was written"),
        (["check"], "use `workbook grade`"),
        (["grade"], "--merge"),
        (["grade"], "--roster"),
        (["export"], "USAGE: workbook export <format> <exercise>"),
        (["export"], "github-classroom  a template repository whose workflow grades every push"),
    ])
    func help(_ command: [String], _ says: String) throws {
        let run = try workbook(arguments: command + ["--help"])
        #expect(run.status == 0)
        #expect(run.output.contains(says))
        #expect(run.output.contains("USAGE: workbook \(command.joined(separator: " "))"))
    }

    @Test("workbook --help lists the commands; a mistyped option gets a suggestion")
    func topLevelHelp() throws {
        let help = try workbook("--help")
        #expect(help.status == 0)
        for command in ["run", "list", "archive", "check", "grade", "export"] { #expect(help.output.contains("\n  \(command) ")) }
        let mistyped = try workbook("archive", "diff", "--jsn", "a.data", "b.data")
        #expect(mistyped.status == 64) // EX_USAGE, ArgumentParser's status for a command line it cannot parse
        #expect(mistyped.errors.contains("Did you mean '--json'?"))
    }

    @Test("workbook --version prints a version number")
    func version() throws {
        let run = try workbook("--version")
        #expect(run.status == 0)
        #expect(run.output.wholeMatch(of: #/\d+\.\d+(\.\d+)?\n/#) != nil, "printed: \(run.output)")
    }

    @Test("Shell completion scripts are generated for bash, zsh and fish, and know the archive commands", arguments: ["bash", "zsh", "fish"])
    func completions(_ shell: String) throws {
        let run = try workbook("--generate-completion-script", shell)
        #expect(run.status == 0)
        #expect(run.errors.isEmpty)
        for word in ["workbook", "archive", "dump", "diff", "json"] { #expect(run.output.contains(word)) }
    }

    @Test("Completions offer the workbook's own names: chapters, a chapter's steps and scenarios, apps, exercises", arguments: [
        (["run", "--", "positional@0", "2", "0", "workbook", "run", ""], ["chapter24", "coredata", "finding", "stages", "tour"]),
        (["run", "--", "--step", "4", "0", "workbook", "run", "tour", "--step", ""], ["Tour1WithoutRestoration", "Tour2WithRestoration"]),
        (["run", "--", "--scenario", "4", "0", "workbook", "run", "tour", "--scenario", ""], ["force-quit", "leave-and-come-back"]),
        (["play", "--", "positional@0", "2", "5", "workbook", "play", "Hypno"], ["HypnoNerdSolution", "HypnoNerdStarter"]),
        (["check", "--", "positional@0", "2", "0", "workbook", "check", ""], ["herbarium", "hypnonerd", "islands", "notebook"]),
    ])
    func nameCompletions(_ request: [String], _ offered: [String]) throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let run = try workbook(arguments: ["---completion"] + request, in: root)
        #expect(run.status == 0, "\(run.errors)")
        #expect(run.output.split(separator: "\n").map(String.init) == offered)
    }

    @Test("Each --json document carries its format's version and typed numbers", arguments: [
        ["list", "--json"], ["exercise", "list", "--json"],
    ])
    func jsonDocuments(_ arguments: [String]) throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let run = try workbook(arguments: arguments + ["--root", root.path])
        #expect(run.status == 0)
        let document = try #require(try JSONSerialization.jsonObject(with: Data(run.output.utf8)) as? [String: Any])
        #expect(document["formatVersion"] as? Int == 1)
        if let exercises = document["exercises"] as? [[String: Any]] {
            #expect(exercises.first?["points"] is NSNumber, "points are a number, not text")
            #expect((exercises.first?["criteria"] as? [[String: Any]])?.first?["points"] is NSNumber)
        } else {
            let chapters = try #require(document["chapters"] as? [[String: Any]])
            #expect(chapters.map { $0["name"] as? String } == ["tour", "chapter24", "coredata", "stages", "finding"])
        }
    }

    @Test("The bash completion script is valid bash")
    func bashSyntax() throws {
        let script = try Archives.write(Data(try workbook("--generate-completion-script", "bash").output.utf8))
        defer { try? FileManager.default.removeItem(at: script) }
        let bash = Process()
        bash.executableURL = URL(fileURLWithPath: "/bin/bash")
        bash.arguments = ["-n", script.path]
        try bash.run()
        bash.waitUntilExit()
        #expect(bash.terminationStatus == 0)
    }

    @Test("Colour on a terminal only, and never with NO_COLOR")
    func colour() throws {
        let old = try Archives.write(Archives.navigation(showing: nil)), new = try Archives.write(Archives.navigation())
        defer { [old, new].forEach { try? FileManager.default.removeItem(at: $0) } }
        let escape = "\u{1B}["
        let onTerminal = try workbookOnTerminal("archive", "diff", old.path, new.path)
        #expect(onTerminal.contains("\(escape)32m+ [View Controller] Nav/:[1]:/Detail"), "green for what was added: \(onTerminal)")
        let noColor = try workbookOnTerminal("archive", "diff", old.path, new.path, environment: ["NO_COLOR": "1"])
        #expect(noColor.contains("+ [View Controller] Nav/:[1]:/Detail"))
        #expect(!noColor.contains(escape))
        let dumb = try workbookOnTerminal("archive", "diff", old.path, new.path, environment: ["TERM": "dumb"])
        #expect(dumb.contains("+ [View Controller] Nav/:[1]:/Detail"))
        #expect(!dumb.contains(escape), "TERM=dumb gets no control codes")
        let toFile = try workbook("archive", "diff", old.path, new.path)
        #expect(toFile.output.contains("+ [View Controller] Nav/:[1]:/Detail"))
        #expect(!toFile.output.contains(escape))
    }
}
