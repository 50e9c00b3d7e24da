import Checker
import Foundation

// What the platforms' graders run: `workbook check` for one submission, built without the rest of
// the workbook (the site generator, swift-syntax and the command line's other commands), so that
// a platform's set-up compiles only the engine and the checker, from what the export carries.
//
//   WorkbookAutograder EXERCISE --root WORKBOOK --cache DIR --report DIR [--checks DIR] [--rubric FILE]
//                      (SUBMISSION | --reference-solution)
//   WorkbookAutograder show RESULTS [--criterion TAG]
//
// With --reference-solution it grades the exercise's own solution with the checks and rubric,
// and fails, naming each unsound check and why, unless it earns every point (CheckSoundness).
// The set-up does so once: that proves the checks sound and builds the engine into the cache,
// so each graded submission then compiles only the student's code. It exits 0 once the reports
// are written, 1 with the reason on standard error otherwise.
//
// `show` prints what `workbook check` prints for the one student of a results.json the grader
// wrote (with --criterion, that criterion's part, after the build's explanation when it did not
// build), and exits 0 when every point shown was earned, 1 otherwise: the GitHub Classroom
// workflow runs it once per criterion, so that each is a test with its points.

func fail(_ message: String) -> Never {
    FileHandle.standardError.write(Data("WorkbookAutograder: \(message)\n".utf8))
    exit(1)
}

var arguments = Array(CommandLine.arguments.dropFirst())
// Top-level code runs on the main actor, and so does this helper that takes its arguments apart.
@MainActor func option(_ name: String) -> String? {
    guard let index = arguments.firstIndex(of: name) else { return nil }
    guard index + 1 < arguments.count else { fail("\(name) needs a value") }
    let value = arguments[index + 1]
    arguments.removeSubrange(index...index + 1)
    return value
}

/// `show RESULTS [--criterion TAG]`.
@MainActor func show() -> Never {
    arguments.removeFirst()
    let tag = option("--criterion")
    guard arguments.count == 1 else { fail("usage: WorkbookAutograder show RESULTS [--criterion TAG]") }
    let file = arguments[0]
    guard let data = FileManager.default.contents(atPath: file) else {
        fail("\(file): cannot be read; the grading step writes it, so look there for what went wrong")
    }
    let results: ClassResults
    do {
        results = try ClassJSON.decode(data, file: file)
    } catch {
        fail("\(error)")
    }
    guard results.students.count == 1, let student = results.students.first else {
        fail("\(file): expected the results of one submission, found \(results.students.count)")
    }
    let style = PlainTextStyle()
    guard let tag else {
        print(CheckFeedback.render(student, exercise: results, style: style))
        exit(student.score < student.maxScore ? 1 : 0)
    }
    guard let result = student.criteria.first(where: { $0.criterion.tag == tag }) else {
        fail("\(file): no criterion is tagged \(tag) (its criteria: \(student.criteria.map(\.criterion.tag).joined(separator: ", ")))")
    }
    let lines = CheckFeedback.build(student.build, style: style) + CheckFeedback.criterion(result, style: style)
    print(lines.joined(separator: "\n"))
    exit(result.score < result.criterion.points ? 1 : 0)
}

if arguments.first == "show" { show() }

let root = option("--root")
let cache = option("--cache")
let report = option("--report")
let checks = option("--checks")
let rubric = option("--rubric")
let referenceSolution = arguments.contains("--reference-solution")
arguments.removeAll { $0 == "--reference-solution" }
guard let root, let cache, let report, arguments.count == (referenceSolution ? 1 : 2) else {
    fail("usage: WorkbookAutograder EXERCISE --root WORKBOOK --cache DIR --report DIR [--checks DIR] [--rubric FILE] (SUBMISSION | --reference-solution)\n"
        + "       WorkbookAutograder show RESULTS [--criterion TAG]")
}

do {
    let rootURL = URL(fileURLWithPath: root)
    let catalog = try ExerciseCatalog(packageRoot: rootURL)
    let exercise = try catalog.exercise(named: arguments[0])
    let grading = try GradingDefinition.load(exercise: exercise, rubric: rubric, checks: checks)
    var options = ClassGrader.Options(grading: grading, packageRoot: rootURL, cacheFolder: URL(fileURLWithPath: cache))
    // The reference solution alone, graded as `workbook grade` proves an instructor's checks.
    options.validatesChecks = referenceSolution
    let results = try ClassGrader(options: options).grade(referenceSolution ? [] : [arguments[1]])
    try ReportWriter(folder: URL(fileURLWithPath: report)).write(results)
    if referenceSolution {
        let points = ReportText.points(grading.criteria.reduce(0) { $0 + $1.points })
        print("The reference solution \(exercise.solution) earns every point (\(points)) with these checks and rubric.")
    }
    for student in results.students {
        // Standard output is the instructor's (Gradescope keeps it hidden from students).
        print("\(student.student): \(ReportText.points(student.score)) of \(ReportText.points(student.maxScore)) points (\(ReportText.build(student.build)))")
    }
} catch {
    fail("\(error)")
}
