import Foundation
import Testing

/// A GitHub runner's handling of one job's steps, as far as the exports' workflows need it, so
/// that their commands run here as they would there:
/// - a `run` step runs in bash (`--noprofile --norc -eo pipefail`, GitHub's default) in the
///   workspace, with the workflow's and the job's environment and GITHUB_PATH's folders;
/// - `${{ … }}` is the step outputs, secrets and contexts (`matrix.shard`, `github.workspace`) given;
/// - `actions/checkout` is the workspace made beforehand; `actions/upload-artifact` and
///   `download-artifact` copy to and from a folder of artifacts (by name, or by pattern with
///   merge-multiple);
/// - the command grader runs its setup-command and command through a shell with only PATH and
///   HOME (and its own FORCE_COLOR and DOTNET_ settings), and its result is base64 JSON, as its
///   code builds it; the reporter reads `<ID>_RESULTS` for each of its runners and adds the
///   tests' scores up.
struct ActionsRunner {
    let workspace: URL
    let home: URL
    /// RUNNER_TEMP, and where GITHUB_PATH's file is.
    let temporary: URL
    var secrets: [String: String] = [:]
    /// Contexts' values by name: `matrix.shard`, `github.workspace`, `runner.temp`.
    var contexts: [String: String] = [:]
    /// Variables set after the workflow's and the job's: what the test puts in place of an
    /// earlier job's artifact (a `workbook` built already, a warm cache).
    var environmentOverrides: [String: String] = [:]
    var artifacts: URL?
    /// Steps not run here, by name: those that install software on the runner (Swift, apt packages).
    var skipping: Set<String> = []

    struct Test {
        var name: String
        var status: String
        var score: Int
        var maxScore: Int
        /// What the command printed, which the Actions page shows in the step's log.
        var log: String
    }

    struct Outcome {
        var tests: [Test] = []
        var reportedTotal: Int?
        var failedSteps: [String] = []
        /// Everything the `run` steps printed.
        var log = ""
        var skipped: [String] = []
    }

    func run(_ steps: [[String: Any]], environment declared: [String: String]) throws -> Outcome {
        try FileManager.default.createDirectory(at: temporary, withIntermediateDirectories: true)
        let githubPath = temporary.appendingPathComponent("github_path")
        if !FileManager.default.fileExists(atPath: githubPath.path) { try Data().write(to: githubPath) }
        var outputs: [String: String] = [:]
        var outcome = Outcome()
        var contexts = self.contexts
        contexts["github.workspace"] = contexts["github.workspace"] ?? workspace.path
        contexts["runner.temp"] = contexts["runner.temp"] ?? temporary.path
        func evaluate(_ text: String) -> String {
            var result = text
            while let range = result.range(of: #"\$\{\{\s*([^}]*?)\s*\}\}"#, options: .regularExpression) {
                let expression = result[range].dropFirst(3).dropLast(2).trimmingCharacters(in: .whitespaces)
                var value = ""
                if expression.hasPrefix("secrets.") {
                    value = secrets[String(expression.dropFirst("secrets.".count))] ?? ""
                } else if expression.hasPrefix("steps."), expression.hasSuffix(".outputs.result") {
                    value = outputs[String(expression.dropFirst("steps.".count).dropLast(".outputs.result".count))] ?? ""
                } else if let known = contexts[expression] {
                    value = known
                } else {
                    outcome.failedSteps.append("an expression the runner here does not know: \(expression)")
                }
                result.replaceSubrange(range, with: value)
            }
            return result
        }
        /// PATH as the runner makes it: GITHUB_PATH's folders before the job's, the latest first.
        func path() -> String {
            let added = String(decoding: (try? Data(contentsOf: githubPath)) ?? Data(), as: UTF8.self).split(separator: "\n").reversed()
            return (added.map(String.init) + [ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"]).joined(separator: ":")
        }
        let environment = declared.mapValues(evaluate).merging([
            "HOME": home.path, "GITHUB_WORKSPACE": workspace.path, "GITHUB_PATH": githubPath.path, "RUNNER_TEMP": temporary.path,
            "GITHUB_ACTIONS": "true", "CI": "true",
        ]) { $1 }.merging(environmentOverrides) { $1 }
        for step in steps {
            let name = evaluate(step["name"] as? String ?? "a step")
            if skipping.contains(step["name"] as? String ?? "") {
                outcome.skipped.append(name)
                continue
            }
            if let script = step["run"] as? String {
                var stepEnvironment = environment.merging((step["env"] as? [String: String] ?? [:]).mapValues(evaluate)) { $1 }
                stepEnvironment["PATH"] = path()
                let run = try Tool.run("bash", ["--noprofile", "--norc", "-eo", "pipefail", "-c", evaluate(script)], environment: stepEnvironment, in: workspace)
                outcome.log += run.output + run.errors
                if run.status != 0 { outcome.failedSteps.append("\(name) exited \(run.status):\n\(run.output.suffix(2_000))\n\(run.errors.suffix(2_000))") }
                continue
            }
            let uses = step["uses"] as? String ?? ""
            let with = ((step["with"] as? [String: Any]) ?? [:]).mapValues { value -> Any in (value as? String).map(evaluate) ?? value }
            if uses.hasPrefix("actions/checkout@") {
                continue
            } else if uses.hasPrefix("actions/upload-artifact@") {
                try upload(with, failures: &outcome.failedSteps)
            } else if uses.hasPrefix("actions/download-artifact@") {
                try download(with, failures: &outcome.failedSteps)
            } else if uses.hasPrefix("classroom-resources/autograding-command-grader@") {
                let test = try commandGrader(with, path: path())
                outcome.tests.append(test)
                let result: [String: Any] = ["version": 1, "status": test.status, "max_score": test.maxScore,
                                             "tests": [["name": test.name, "status": test.status, "score": test.score,
                                                        "message": test.status == "pass" ? "" : "failed with exit code 1",
                                                        "test_code": with["command"] as? String ?? "", "filename": "", "line_no": 0, "duration": 0]]]
                if let id = step["id"] as? String {
                    outputs[id] = try JSONSerialization.data(withJSONObject: result).base64EncodedString()
                }
            } else if uses.hasPrefix("classroom-resources/autograding-grading-reporter@") {
                let stepEnvironment = (step["env"] as? [String: String] ?? [:]).mapValues(evaluate)
                var total = 0
                for runner in (with["runners"] as? String ?? "").split(whereSeparator: { $0 == "," || $0.isWhitespace }) {
                    guard let encoded = stepEnvironment[runner.uppercased() + "_RESULTS"], let json = Data(base64Encoded: encoded),
                          let results = try JSONSerialization.jsonObject(with: json) as? [String: Any] else {
                        outcome.failedSteps.append("the reporter found no results for \(runner)")
                        continue
                    }
                    total += (results["tests"] as? [[String: Any]] ?? []).reduce(0) { $0 + ($1["score"] as? Int ?? 0) }
                }
                outcome.reportedTotal = total
            } else {
                outcome.failedSteps.append("\(name): \(uses) is not an action the runner here knows")
            }
        }
        return outcome
    }

    /// The command grader: setup-command, then command, each through a shell in the workspace,
    /// with the action's own environment and nothing of the job's; a zero exit is a pass worth max-score.
    private func commandGrader(_ with: [String: Any], path: String) throws -> Test {
        let environment = ["PATH=\(path)", "HOME=\(home.path)", "FORCE_COLOR=true", "DOTNET_CLI_HOME=/tmp", "DOTNET_NOLOGO=true"]
        var status = "pass"
        if let setup = with["setup-command"] as? String, !setup.isEmpty {
            if try Tool.run("env", ["-i"] + environment + ["sh", "-c", setup], in: workspace).status != 0 { status = "fail" }
        }
        var log = ""
        if status == "pass" {
            let run = try Tool.run("env", ["-i"] + environment + ["sh", "-c", with["command"] as? String ?? ""], in: workspace)
            log = run.output
            if run.status != 0 { status = "fail" }
        }
        let maxScore = with["max-score"] as? Int ?? 0
        return Test(name: with["test-name"] as? String ?? "", status: status, score: status == "pass" ? maxScore : 0, maxScore: maxScore, log: log)
    }

    private func upload(_ with: [String: Any], failures: inout [String]) throws {
        guard let artifacts, let name = with["name"] as? String, let path = with["path"] as? String else {
            failures.append("upload-artifact without a name and a path: \(with)")
            return
        }
        let source = workspace.appendingPathComponent(path)
        let destination = artifacts.appendingPathComponent(name)
        try FileManager.default.createDirectory(at: destination, withIntermediateDirectories: true)
        guard FileManager.default.fileExists(atPath: source.path) else {
            failures.append("upload-artifact: \(path) is not there")
            return
        }
        var isFolder: ObjCBool = false
        // A folder's contents are the artifact, a file is itself.
        let items = FileManager.default.fileExists(atPath: source.path, isDirectory: &isFolder) && isFolder.boolValue ? try FileManager.default.contentsOfDirectory(atPath: source.path).map { source.appendingPathComponent($0) } : [source]
        for item in items {
            try FileManager.default.copyItem(at: item, to: destination.appendingPathComponent(item.lastPathComponent))
        }
    }

    private func download(_ with: [String: Any], failures: inout [String]) throws {
        guard let artifacts else { failures.append("download-artifact with no artifacts"); return }
        let destination = workspace.appendingPathComponent(with["path"] as? String ?? ".")
        let all = try FileManager.default.contentsOfDirectory(atPath: artifacts.path).sorted()
        var names: [String]
        if let name = with["name"] as? String {
            names = all.filter { $0 == name }
        } else if let pattern = with["pattern"] as? String {
            names = all.filter { fnmatch(pattern, $0, 0) == 0 }
        } else {
            names = all
        }
        if names.isEmpty { failures.append("download-artifact found nothing for \(with)") }
        // One artifact, or several with merge-multiple, go straight into the path; several without it, each in a folder of its name.
        let merged = names.count == 1 && with["name"] != nil || with["merge-multiple"] as? Bool == true
        for name in names {
            let target = merged ? destination : destination.appendingPathComponent(name)
            try FileManager.default.createDirectory(at: target, withIntermediateDirectories: true)
            for item in try FileManager.default.contentsOfDirectory(atPath: artifacts.appendingPathComponent(name).path) {
                try FileManager.default.copyItem(at: artifacts.appendingPathComponent(name).appendingPathComponent(item), to: target.appendingPathComponent(item))
            }
        }
    }
}
