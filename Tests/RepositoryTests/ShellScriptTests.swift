import Foundation
import Testing
import TestSupport

/// Every shell script of the repository (scripts/, .ci/run, the Gradescope bundle's scripts)
/// passes shellcheck with nothing to say: quoting slips and unchecked `cd`s are found here,
/// not on a grader's machine.
@Suite struct ShellScriptTests {
    static let root = BuiltProducts.packageRoot

    /// Files of the repository (tracked, or new and not ignored) that bash or sh runs: a `.sh`
    /// name or a shell's `#!` line.
    static func shellScripts() throws -> [String] {
        let listed = try ToolRun.run("git", ["-C", root.path, "ls-files", "-z", "--cached", "--others", "--exclude-standard"])
        try #require(listed.status == 0, "git ls-files: \(listed.errors)")
        return listed.output.split(separator: "\0").map(String.init).filter { path in
            guard !path.hasPrefix("Tests/Fixtures/") else { return false }
            if path.hasSuffix(".sh") { return true }
            guard let handle = FileHandle(forReadingAtPath: root.appendingPathComponent(path).path) else { return false }
            defer { try? handle.close() }
            let first = String(decoding: (try? handle.read(upToCount: 64)) ?? Data(), as: UTF8.self).prefix { $0 != "\n" }
            return ["#!/usr/bin/env bash", "#!/usr/bin/env sh", "#!/bin/bash", "#!/bin/sh"].contains(String(first))
        }.sorted()
    }

    @Test("The scripts are found: the ones CI, the author and Gradescope run")
    func scriptsAreFound() throws {
        let scripts = try Self.shellScripts()
        for expected in [".ci/run", "scripts/setup", "scripts/test", "scripts/main",
                         "Sources/Checker/Export/Scripts/setup.sh", "Sources/Checker/Export/Scripts/run_autograder"] {
            #expect(scripts.contains(expected), "\(expected) is not among \(scripts)")
        }
        #expect(!scripts.contains("scripts/check-serve"), "a Python script is not a shell script")
    }

    @Test("shellcheck finds nothing in any shell script of the repository")
    func shellcheckIsSilent() throws {
        let version = try ToolRun.run("shellcheck", ["--version"])
        try #require(version.status == 0, "shellcheck is not installed: scripts/setup installs it (apt-get install shellcheck)")
        // -x: follows `source scripts/setup` from the repository's root, as the scripts run.
        let checked = try ToolRun.run("shellcheck", ["-x"] + Self.shellScripts(), in: Self.root)
        #expect(checked.status == 0, "shellcheck:\n\(checked.said)")
        #expect(checked.said.isEmpty, "shellcheck:\n\(checked.said)")
    }
}
