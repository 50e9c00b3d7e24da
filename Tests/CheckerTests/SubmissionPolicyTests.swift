import Foundation
import SwiftParser
import Testing
@testable import Checker

/// The submission policy, read on the syntax tree before a build: each construct an exercise
/// does not need is refused at its file and line with why, what a solution needs passes, and an
/// exercise's `allow` line lets a rule through.
@Suite struct SubmissionPolicyTests {
    /// The findings in one file of a submission, as `rule@line:column`.
    static func found(_ source: String, path: String = "alice/AppDelegate.swift", policy: SubmissionPolicy = SubmissionPolicy()) -> [String] {
        policy.findings(in: source, path: path).map { "\($0.rule.rawValue)@\($0.line):\($0.column)" }
    }

    @Test("Each forbidden construct is refused at its line and column, with its rule", arguments: [
        ("import Foundation\nlet handle = dlopen(nil, 0)\n", "dynamic-loading@2:14"),
        ("import Foundation\nfunc f() { _ = dlsym(nil, \"x\") }\n", "dynamic-loading@2:16"),
        ("@_silgen_name(\"swift_retain\")\nfunc takeOver()\n", "symbol-attributes@1:1"),
        ("@_cdecl(\"write\")\nfunc write() {}\n", "symbol-attributes@1:1"),
        ("@main\nstruct Start { static func main() {} }\n", "entry-point@1:1"),
        ("final class AppDelegate: UIResponder, UIApplicationDelegate {\n    static func main() {}\n}\n", "entry-point@2:17"),
        ("func go() { UIApplicationMain(delegateType: AppDelegate.self) }\n", "entry-point@1:13"),
        ("func spawn() { _ = fork() }\n", "system-calls@1:20"),
        ("func f() { syscall(1) }\n", "system-calls@1:12"),
        ("func f() { _ = execv(\"/bin/sh\", nil) }\n", "system-calls@1:16"),
        ("func f() { _ = posix_spawn(nil, \"/bin/sh\", nil, nil, nil, nil) }\n", "system-calls@1:16"),
        ("func f() { _ = ptrace(0, 0, nil, nil) }\n", "system-calls@1:16"),
        ("func f() { let p = Process() }\n", "system-calls@1:20"),
        ("func f() { FileHandle(fileDescriptor: 3).write(Data()) }\n", "descriptors@1:12"),
        ("func f() { _ = fdopen(3, \"w\") }\n", "descriptors@1:16"),
        ("func f() { dup2(2, 1) }\n", "descriptors@1:12"),
        ("func f(b: UnsafeRawPointer) { _ = write(3, b, 10) }\n", "descriptors@1:35"),
        ("import Glibc\nfunc f() { _ = Glibc.read(3, nil, 0) }\n", "descriptors@2:16"),
        ("func f() { _ = FileManager.default.contents(atPath: \"/proc/self/fd/3\") }\n", "descriptors@1:53"),
        ("func f() { _ = unsafeBitCast(0, to: Int.self) }\n", "unsafe-memory@1:16"),
        ("func f(p: UnsafeMutableRawPointer) {}\n", "unsafe-memory@1:11"),
        ("var data = Data()\nfunc f() { data.withUnsafeMutableBytes { _ in } }\n", "unsafe-memory@2:17"),
        ("let url = URL(fileURLWithPath: \"Library/Saved Application State\")\n", "saved-state@1:32"),
        ("let name = \"data.data\"\n", "saved-state@1:12"),
        ("let marker = \"x/inprogress.data\"\n", "saved-state@1:14"),
        ("let folder = \"com.x.savedState\"\n", "saved-state@1:14"),
        ("func f() { _ = AppContainer(url: URL(fileURLWithPath: \"/\"), bundleIdentifier: \"x\").archiveURL }\n", "saved-state@1:16"),
    ])
    func refused(source: String, expected: String) {
        #expect(Self.found(source).contains(expected), "\(Self.found(source)) in:\n\(source)")
    }

    @Test("main.swift and top-level statements are an entry point of their own")
    func topLevelCode() {
        let main = Self.found("import RestorationKit\nReplayer.install()\nUIApplicationMain(delegateType: AppDelegate.self)\n",
                              path: "bob/main.swift")
        #expect(main.contains("entry-point@1:1"), "the file itself: \(main)")
        #expect(main.contains("entry-point@2:1") && main.contains("entry-point@3:1"), "each statement: \(main)")
    }

    @Test("A finding reads as a compiler error: the student's path, line and column, what is not allowed, why, and the rule")
    func findingText() throws {
        let finding = try #require(SubmissionPolicy().findings(in: "\n  let h = dlopen(nil, 0)\n", path: "carol/Loader.swift").first)
        #expect(finding.description == "carol/Loader.swift:2:11: error: `dlopen` is not allowed in this exercise: "
            + "loading code at run time could replace the engine's functions [policy: dynamic-loading]")
    }

    @Test("What a solution needs passes: methods named like C functions, comments and strings about them, @main on the app delegate")
    func ordinaryCodePasses() {
        let source = """
            import Foundation
            import UIKit

            // Not a call: dlopen, fork(), @_silgen_name, "Saved Application State"
            @main
            final class AppDelegate: UIResponder, UIApplicationDelegate {
                var window: UIWindow?
                func save(_ items: [String]) {
                    try? JSONEncoder().encode(items).write(to: URL(fileURLWithPath: "items.json"))
                    FileHandle.standardError.write(Data("saved\\n".utf8))
                    write(items)
                    close()
                }
                func write(_ items: [String]) {}
                func close() {}
                let note = "the app forks nothing"
            }
            """
        #expect(Self.found(source).isEmpty, "\(Self.found(source))")
    }

    @Test("The honest fixtures, written for RestorationKit and for iOS, pass the policy", arguments: ["correct", "ios-import-uikit", "forgot-date-picker"])
    func honestFixturesPass(name: String) throws {
        let folder = GradedClass.submissions.appendingPathComponent(name)
        var files: [String: Data] = [:]
        for file in try FileManager.default.contentsOfDirectory(atPath: folder.path) where file.hasSuffix(".swift") {
            files[file] = try Data(contentsOf: folder.appendingPathComponent(file))
        }
        #expect(!files.isEmpty)
        let findings = SubmissionPolicy().findings(in: Submission(student: name, source: name, files: files))
        #expect(findings.isEmpty, "\(findings.map(\.description).joined(separator: "\n"))")
    }

    @Test("An `allow` line lets its rule through, and only that rule")
    func allowLine() throws {
        let source = "func f() { _ = dlopen(nil, 0); _ = fork() }\n"
        let exercise = try ExerciseFile.parseExercise("""
            exercise loader "Loads code"
            starter A
            solution B
            criterion "Works" tag works points 1
            allow dynamic-loading
            """, file: URL(fileURLWithPath: "/x/loader.exercise"), chapter: "c")
        #expect(exercise.allowed == [.dynamicLoading])
        let policy = GradingDefinition(exercise: exercise).policy
        #expect(Self.found(source, policy: policy) == ["system-calls@1:36"])
        #expect(Self.found(source) == ["dynamic-loading@1:16", "system-calls@1:36"])
    }

    @Test("A rubric's `allow` lines add to the exercise's")
    func rubricAllows() throws {
        let rubric = try ExerciseFile.parseRubricFile("criterion \"Works\" tag works points 1\nallow system-calls\n",
                                                      file: URL(fileURLWithPath: "/x/rubric.txt"))
        #expect(rubric.allowed == [.systemCalls])
        #expect(rubric.criteria.count == 1)
    }

    @Test("An unknown rule is an error at its file and line, listing the rules")
    func unknownRule() {
        let text = "exercise loader \"Loads\"\nstarter A\nsolution B\ncriterion \"W\" tag w points 1\nallow everything\n"
        let error = ShardMergeTests.error { try ExerciseFile.parseExercise(text, file: URL(fileURLWithPath: "/x/loader.exercise"), chapter: "c") }
        #expect(error == "/x/loader.exercise:5: expected a rule of the submission policy (entry-point, symbol-attributes, dynamic-loading, "
            + "system-calls, descriptors, unsafe-memory, saved-state), got \"everything\"")
    }

    @Test("A wrong line of an exercise is refused as a value that holds its file and line, and a missing line names the line wanted")
    func wrongLineIsTyped() throws {
        let file = URL(fileURLWithPath: "/x/loader.exercise")
        let wrong = try #require(throws: CheckerError.self) {
            try ExerciseFile.parseExercise("exercise loader \"Loads\"\nstarter A\nallow everything\n", file: file, chapter: "c")
        }
        guard case .statement(file, 3, let problem) = wrong else {
            Issue.record("expected the third line of the file, got \(wrong)")
            return
        }
        #expect(problem.hasSuffix("got \"everything\""))
        let missing = try #require(throws: CheckerError.self) {
            try ExerciseFile.parseExercise("exercise loader \"Loads\"\nstarter A\n", file: file, chapter: "c")
        }
        #expect(missing == .missingLine(file: file, statement: "solution APP"))
        #expect(missing.description == "/x/loader.exercise: the `solution APP` line is missing")
    }

    @Test("A refused submission is failed before the build, like a compile error, with the policy's reasons")
    func refusedBeforeTheBuild() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("policy-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let submission = Submission(student: "erin", source: "submissions/erin", files: [
            "main.swift": Data("import UIKit\nUIApplicationMain(delegateType: AppDelegate.self)\n".utf8),
        ])
        let package = BatchPackage(folder: folder, engine: EnginePackage(cache: folder, workbookRoot: GradedClass.packageRoot), sharedLibraries: [])
        var events: [String] = []
        let built = try BatchBuild(package: package).build([submission]) { events.append("\($0)") }
        guard case .failed(let diagnostics)? = built.outcomes["erin"] else {
            Issue.record("expected a failed build, got \(String(describing: built.outcomes["erin"]))")
            return
        }
        #expect(diagnostics.hasPrefix(BatchBuild.policyHeading + "\nsubmissions/erin/main.swift:1:1: error: a file named main.swift"), "\(diagnostics)")
        #expect(diagnostics.contains("submissions/erin/main.swift:2:1: error: code at the top level of a file"), "\(diagnostics)")
        #expect(!events.contains { $0.hasPrefix("building") }, "nothing was compiled: \(events)")
    }

    @Test("Checking a submission's code reads its tree once: twice the code, twice the work and twice the findings")
    func linearWork() throws {
        let folder = GradedClass.submissions.appendingPathComponent("correct")
        var files: [String: Data] = [:]
        for file in try FileManager.default.contentsOfDirectory(atPath: folder.path) where file.hasSuffix(".swift") {
            files[file] = try Data(contentsOf: folder.appendingPathComponent(file))
        }
        // The whole submission as one file, with a line the policy refuses, then all that twice.
        let code = files.keys.sorted().map { String(decoding: files[$0]!, as: UTF8.self) }.joined(separator: "\n")
            + "\nfunc leak() { _ = dlopen(nil, 0) }\n"
        let once = SubmissionPolicy().scan(code, path: "correct/All.swift")
        let twice = SubmissionPolicy().scan(code + code, path: "correct/All.swift")
        #expect(once.findings.count == 1 && twice.findings.count == 2, "\(twice.findings)")
        #expect(once.tokensRead > 1_000)
        #expect(twice.tokensRead <= 2 * once.tokensRead, "\(once.tokensRead) tokens read for the code, \(twice.tokensRead) for twice the code")

        // Printed for the figures in Checking.md, never a bound: a busy machine would fail it.
        let submission = Submission(student: "correct", source: "correct", files: files)
        let started = Date()
        for _ in 0..<10 { _ = SubmissionPolicy().findings(in: submission) }
        let parsing = Date()
        for _ in 0..<10 { for data in files.values { _ = Parser.parse(source: String(decoding: data, as: UTF8.self)) } }
        print("policy check of `correct` (\(files.count) files): \(String(format: "%.1f", parsing.timeIntervalSince(started) / 10 * 1_000)) ms")
        print("parsing alone: \(String(format: "%.1f", Date().timeIntervalSince(parsing) / 10 * 1_000)) ms")
    }

    @Test("A refused file whose name holds a line break or a terminal escape is named escaped, on one line")
    func oddFileNamesAreEscaped() {
        let submission = Submission(student: "alice", source: "submissions/alice",
                                    files: ["Views\u{1B}[31m/main.swift": Data("print(1)\n".utf8), "Two\nLines.swift": Data("let f = fork()\n".utf8)])
        let refused = SubmissionPolicy().findings(in: submission).map(\.description)
        #expect(refused.count == 2, "\(refused)")
        #expect(refused.allSatisfy { !$0.contains("\n") && !$0.contains("\u{1B}") }, "\(refused)")
        #expect(refused.contains { $0.hasPrefix(#"submissions/alice/Two\nLines.swift:1:9: error: `fork` is not allowed"#) }, "\(refused)")
        #expect(refused.contains { $0.hasPrefix(#"submissions/alice/Views\u{1b}[31m/main.swift:1:1: error:"#) }, "\(refused)")
    }
}
