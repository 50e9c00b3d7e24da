import Foundation
import Runner
import WorkbookSupport

/// Builds a class in one `swift build`, every student's app two at a time on two cores, against
/// the engine compiled once for the cache (EnginePackage, built first when it changed). A
/// submission that does not compile is dropped with the
/// compiler's own diagnostics, and the rest built again, so one student's error never costs
/// another their grade. When the batch goes past its time limit, students are built one by one,
/// each with a limit of its own, to find whose code is to blame.
struct BatchBuild {
    enum Event {
        case building(students: Int)
        case compilerLine(String)
        case dropped(student: String)
        case buildingAlone(student: String)
    }

    struct Built {
        var outcomes: [String: BuildOutcome] = [:]
        var executables: [String: URL] = [:]
        /// What the build changed in each student's code for Linux (`StudentResult.buildNotes`).
        var notes: [String: [String]] = [:]
        var seconds: Double = 0
    }

    let package: BatchPackage
    /// What a submission may contain; what it refuses is never handed to the compiler.
    var policy = SubmissionPolicy()
    /// For the batch as a whole, and for one student built alone.
    var batchTimeLimit: TimeInterval = 900
    var studentTimeLimit: TimeInterval = 180

    func build(_ submissions: [Submission], progress: (Event) -> Void = { _ in }) throws -> Built {
        let started = Date()
        var built = Built()
        let policyFindings = policy.findings(in: submissions)
        var remaining = submissions.filter { submission in
            if let refusal = submission.refusal {
                built.outcomes[submission.student] = .rejected(reason: refusal)
                return false
            }
            // What the policy refuses, and code the compiler would crash on, fail here as a compile
            // error would: such code is never built, and the batch is never handed to a
            // compiler that dies for everyone.
            let findings = policyFindings[submission.student, default: []].map(\.description)
            let refused = (findings.isEmpty ? [] : [Self.policyHeading] + findings)
                + Self.compilerCrashes(in: submission).map(\.description)
            guard refused.isEmpty else {
                built.outcomes[submission.student] = .failed(diagnostics: refused.joined(separator: "\n"))
                progress(.dropped(student: submission.student))
                return false
            }
            return true
        }
        // Read on every core at once, as the policy is: a file with anything to prepare is parsed.
        let prepared = concurrentWork(on: remaining, width: ProcessInfo.processInfo.activeProcessorCount) { package.sources(of: $0) }
        let sources = Dictionary(uniqueKeysWithValues: zip(remaining.map(\.student), prepared))
        for (student, sources) in sources where !sources.notes.isEmpty { built.notes[student] = sources.notes }
        var buildAlone = false
        var engine: EnginePackage.Built?
        while !remaining.isEmpty && !buildAlone {
            progress(.building(students: remaining.count))
            let against = try engine ?? buildEngine { progress(.compilerLine($0)) }
            engine = against
            try package.write(sources.filter { student, _ in remaining.contains { $0.student == student } }, engine: against)
            let result = try swiftBuild(package.folder, product: nil, timeLimit: batchTimeLimit) { progress(.compilerLine($0)) }
            if result.succeeded { break }
            let failures = result.timedOut ? [:] : diagnosticsByTarget(result.lines, submissions: remaining)
            if failures.isEmpty {
                buildAlone = true // a time-out, or an error that names no student's file (a link error)
                break
            }
            for submission in remaining {
                guard let diagnostics = failures[BatchPackage.targetName(for: submission.student)] else { continue }
                built.outcomes[submission.student] = .failed(diagnostics: diagnostics)
                progress(.dropped(student: submission.student))
            }
            remaining.removeAll { built.outcomes[$0.student] != nil }
        }
        if buildAlone {
            for submission in remaining {
                progress(.buildingAlone(student: submission.student))
                let target = BatchPackage.targetName(for: submission.student)
                let result = try swiftBuild(package.folder, product: target, timeLimit: studentTimeLimit) { progress(.compilerLine($0)) }
                if result.timedOut {
                    built.outcomes[submission.student] = .timedOut(seconds: studentTimeLimit)
                } else if !result.succeeded {
                    let attributed = diagnosticsByTarget(result.lines, submissions: [submission])[target]
                    built.outcomes[submission.student] = .failed(diagnostics: attributed ?? result.lines.suffix(40).joined(separator: "\n"))
                }
            }
            remaining.removeAll { built.outcomes[$0.student] != nil }
        }
        for submission in remaining {
            let executable = package.executable(BatchPackage.targetName(for: submission.student))
            if FileManager.default.isExecutableFile(atPath: executable.path) {
                built.outcomes[submission.student] = .built
                built.executables[submission.student] = executable
            } else {
                built.outcomes[submission.student] = .failed(diagnostics: "the build finished without making the app (is there an `@main` app delegate?)")
            }
        }
        built.seconds = Date().timeIntervalSince(started)
        return built
    }

    /// Said before what the submission policy refused, which the compiler never saw.
    static let policyHeading = "Refused before the build by the exercise's submission policy (nothing was compiled or run):"

    /// Uses of what crashes the compiler on Linux, named by the student's own paths (escaped as
    /// FileNameText shows names).
    static func compilerCrashes(in submission: Submission) -> [UIApplicationMainCheck.Finding] {
        submission.files.keys.sorted().filter { $0.hasSuffix(".swift") }.flatMap { relative in
            UIApplicationMainCheck.findings(in: String(decoding: submission.files[relative]!, as: UTF8.self),
                                            path: submission.source + "/" + FileNameText.shown(relative))
        }
    }

    /// Builds the engine's package unless what it is built from is unchanged since its last
    /// build, one grader at a time, and says what the class's package needs of it. An engine
    /// that does not build is no student's fault: grading stops, with the compiler's words.
    private func buildEngine(line: (String) -> Void) throws -> EnginePackage.Built {
        guard let swift = ExecutableSearch.find("swift") else {
            throw CheckerError.swiftNotOnPath
        }
        let engine = package.engine
        return try engine.whileLocked {
            let inputs = engine.inputs(compiler: swift)
            if engine.recordedInputs == inputs, let built = try? engine.built() { return built }
            try engine.write()
            let result = try swiftBuild(engine.folder, product: nil, timeLimit: batchTimeLimit, line: line)
            guard result.succeeded else {
                throw CheckerError.engineNotBuilt(reason: result.timedOut ? "its build took longer than \(Int(batchTimeLimit)) seconds" : "its build failed",
                                                  lines: Array(result.lines.suffix(40)))
            }
            let built = try engine.built()
            try Data(inputs.utf8).write(to: engine.inputsRecord)
            return built
        }
    }

    private func swiftBuild(_ folder: URL, product: String?, timeLimit: TimeInterval, line: (String) -> Void) throws -> TimedCommand.Result {
        guard let swift = ExecutableSearch.find("swift") else {
            throw CheckerError.swiftNotOnPath
        }
        // No index for an editor: nobody browses students' code or the engine's build here, and
        // indexing while compiling costs a sixth of the compiler's time.
        var arguments = ["build", "--package-path", folder.path, "-c", "debug", "--manifest-cache", "none", "-j", "2", "--disable-index-store"]
        if let product { arguments += ["--product", product] }
        return try TimedCommand(executable: swift, arguments: arguments, timeLimit: timeLimit).run(progress: line)
    }

    /// The compiler's diagnostics for each student target that has an error, as the compiler gave
    /// them but with the student's own paths: a diagnostic line and the source lines under it.
    /// Notes about the engine's code (`Engine/Sources/RestorationKit/…: note: 'setDate(_:animated:)'
    /// declared here`) and SwiftPM's own lines are left out: they name the grader's cache, not
    /// anything of the student's.
    func diagnosticsByTarget(_ lines: [String], submissions: [Submission]) -> [String: String] {
        let studentsFolder = package.folder.appendingPathComponent("Students").path + "/"
        let sources = Dictionary(submissions.map { (BatchPackage.targetName(for: $0.student), $0.source) }, uniquingKeysWith: { first, _ in first })
        var collected: [String: [String]] = [:]
        var failed: Set<String> = []
        var current: String?
        var seen: Set<String> = [] // the compiler repeats a diagnostic once per file of the module
        // A hint follows its diagnostic, so it goes to the same student (or is dropped with a repeat).
        for line in CompilerHints.adding(to: lines) {
            if BuildTranscript.isSwiftPMLine(line) {
                current = nil
                continue
            }
            if let range = line.range(of: studentsFolder) {
                let rest = line[range.upperBound...]
                let target = String(rest.prefix { $0 != "/" })
                guard let source = sources[target] else { current = nil; continue }
                let shown = source + "/" + rest.dropFirst(target.count + 1)
                let isHeader = line.contains(": error: ") || line.contains(": warning: ") || line.contains(": note: ")
                guard isHeader else { current = nil; continue }
                if line.contains(": error: ") { failed.insert(target) }
                guard seen.insert(shown).inserted else { current = nil; continue }
                current = line.contains(": warning: ") ? nil : target
                if current != nil { collected[target, default: []].append(shown) }
            } else if BuildTranscript.header(line) != nil {
                current = nil // a diagnostic in the engine's code, or anywhere else not the student's
            } else if let target = current {
                collected[target, default: []].append(line)
            }
        }
        var result: [String: String] = [:]
        for target in failed { result[target] = (collected[target] ?? []).joined(separator: "\n") }
        return result
    }
}
